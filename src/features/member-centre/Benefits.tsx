/**
 * /m/member/benefits (docs/member-centre.md, "VIP benefits"): the merchant's VIP levels, lowest first,
 * with their benefits; the member's own level is marked. A MANUAL label is given by the operator, so
 * its points are not shown as a way up.
 */
import type { MemberInfo, VipBenefitKind, VipLevel } from '../../contract/endpoints.ts';
import { useT } from '../../ui/useT.ts';
import { load, money, number } from './model.ts';
import { mcEndpoints } from '../../contract/rows/member-centre.ts';
import { Empty, Loading, Loads, useLoad } from './parts.tsx';

type T = (key: string, o?: Record<string, unknown>) => string;

function benefitText(kind: VipBenefitKind, value: number, m: (n: number) => string, t: T, n: (v: number) => string): string {
  switch (kind) {
    case 'UPGRADE_BONUS':
      return t('mc.vip.UPGRADE_BONUS', { value: m(value) });
    case 'BIRTHDAY_BONUS':
      return t('mc.vip.BIRTHDAY_BONUS', { value: m(value) });
    case 'WEEKLY_CASHBACK':
      return t('mc.vip.WEEKLY_CASHBACK', { value: n(value) });
    case 'DAILY_WITHDRAWALS':
      return t('mc.vip.DAILY_WITHDRAWALS', { value: n(value) });
    case 'WITHDRAWAL_LIMIT':
      return t('mc.vip.WITHDRAWAL_LIMIT', { value: m(value) });
    case 'PRIORITY_SUPPORT':
      return t('mc.vip.PRIORITY_SUPPORT');
  }
}

/** `info`: member info (undefined while it loads); its club label marks the member's level. */
export function Benefits({ info }: { info: MemberInfo | undefined }) {
  const { t, lang } = useT();
  const levels = useLoad(async () => {
    const [list, o] = await Promise.all([load(mcEndpoints.vipLevels), load(mcEndpoints.mcOverview)]);
    return { list, currency: o.currency };
  });
  if (!info) return <Loading />;
  const label = info.clubLabel;
  return (
    <Loads load={levels}>
      {({ list, currency }) => {
        const m = (v: number) => money(v, currency, lang);
        const n = (v: number) => number(v, lang);
        const mine = label ? list.find((l: VipLevel) => l.name === label.labelName) : undefined;
        return (
          <>
            <section className="card mc-vip-me" aria-label={t('mc.vip.yours')}>
              {mine ? (
                <p>
                  {t('mc.vip.yours')}: <strong>{mine.name}</strong>
                  {mine.type === 'MANUAL' ? <span className="mc-note">{t('mc.vip.your_manual')}</span> : null}
                </p>
              ) : (
                <p>{t('mc.vip.none')}</p>
              )}
            </section>
            {list.length === 0 ? (
              <section className="card">
                <Empty text={t('mc.vip.empty')} />
              </section>
            ) : (
              <ol className="mc-levels">
                {list.map((level) => {
                  const isMine = mine?.id === level.id;
                  return (
                    <li
                      key={level.id}
                      className={`card mc-level${isMine ? ' mc-level-mine' : ''}`}
                      aria-current={isMine ? 'true' : undefined}
                    >
                      <h2>
                        {level.name}
                        {isMine ? <span className="mc-tag">{t('mc.vip.yours')}</span> : null}
                      </h2>
                      <p className="mc-note">
                        {level.type === 'AUTO' ? t('mc.vip.needs', { count: level.expectedConditions }) : t('mc.vip.manual')}
                      </p>
                      {level.benefits.length ? (
                        <ul className="mc-benefits">
                          {level.benefits.map((b) => (
                            <li key={b.kind}>{benefitText(b.kind, b.value, m, t, n)}</li>
                          ))}
                        </ul>
                      ) : (
                        <p className="mc-note">{t('mc.vip.no_benefits')}</p>
                      )}
                    </li>
                  );
                })}
              </ol>
            )}
          </>
        );
      }}
    </Loads>
  );
}
