/**
 * /m/activity/rescue (docs/member-centre.md, "Rescue"): yesterday's net loss, the rule, the relief it
 * gives and claiming it before the end of the member's day.
 */
import { useState } from 'react';
import { useT } from '../../ui/useT.ts';
import { dateTime, day, failureText, load, money } from './model.ts';
import { mcEndpoints } from '../../contract/rows/member-centre.ts';
import { ActionButton, Loads, StatusLine, useLoad } from './parts.tsx';

type Status = { ok: boolean; text: string } | undefined;

export function Rescue() {
  const { t, lang } = useT();
  const rescue = useLoad(() => load(mcEndpoints.rescue));
  const [status, setStatus] = useState<Status>(undefined);
  return (
    <Loads load={rescue}>
      {(r, done) => {
        const m = (n: number) => money(n, r.currency, lang);
        const claim = async () => {
          try {
            const res = await load(mcEndpoints.rescueClaim, { period: r.period });
            done.set((c) => ({ ...c, state: 'claimed' }));
            setStatus({ ok: true, text: res.credited ? t('mc.credited', { amount: m(res.amount) }) : t('mc.already_claimed') });
          } catch (err) {
            setStatus({ ok: false, text: failureText(err) });
            done.reload();
          }
        };
        return (
          <section className="card mc-rescue" aria-label={t('page.rescue')}>
            <p className="mc-lead">{t('mc.rescue.intro')}</p>
            <p className="mc-note">{t('mc.rescue.rule', { rate: r.rate, min: m(r.minLoss), cap: m(r.cap) })}</p>
            <dl className="mc-figures">
              <div>
                <dt>{t('mc.rescue.loss', { date: day(r.period, lang) })}</dt>
                <dd>{m(r.loss)}</dd>
              </div>
              <div className="mc-figure-main">
                <dt>{t('mc.rescue.amount')}</dt>
                <dd>{m(r.amount)}</dd>
              </div>
            </dl>
            <StatusLine status={status} />
            {r.state === 'available' ? (
              <>
                <ActionButton
                  className="btn btn-primary btn-block"
                  label={t('mc.claim')}
                  busyLabel={t('mc.claiming')}
                  onAction={claim}
                />
                <p className="mc-note">{t('mc.rescue.until', { time: dateTime(r.claimableUntil, lang) })}</p>
              </>
            ) : (
              <p className="mc-state">
                {r.state === 'claimed'
                  ? t('mc.rescue.claimed')
                  : r.state === 'expired'
                    ? t('mc.rescue.expired')
                    : t('mc.rescue.ineligible', { min: m(r.minLoss) })}
              </p>
            )}
          </section>
        );
      }}
    </Loads>
  );
}
