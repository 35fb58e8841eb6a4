/**
 * /m/rewardCenter and /m/voucherCenter (docs/member-centre.md, "Rewards and vouchers"): the member's
 * rewards or vouchers by state (available, claimed, expired) and claiming one. A claim answers the
 * new balance; the item moves to Claimed where it is, without reloading the list.
 */
import { useState, type ReactNode } from 'react';
import type { ClaimResult, ClaimState, Reward, Voucher, Wallet } from '../../contract/endpoints.ts';
import type { Language } from '../../core/i18n/languages.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { useT } from '../../ui/useT.ts';
import { day, failureText, load, money } from './model.ts';
import { mcEndpoints } from '../../contract/rows/member-centre.ts';
import { ActionButton, Empty, Loads, StatusLine, useLoad } from './parts.tsx';

type Item = Pick<Reward, 'id' | 'state' | 'expiresAt' | 'claimedAt' | 'title'>;
type Status = { ok: boolean; text: string } | undefined;

interface ListProps<T extends Item> {
  kind: 'rewards' | 'vouchers';
  items: T[];
  wallet: Wallet;
  /** Applies a claim's answer to the latest list and balance. */
  set: (update: (items: T[]) => T[], wallet: Wallet) => void;
  claim: (id: string) => Promise<ClaimResult>;
  /** The item's own lines under its title (amount, condition, code). */
  describe: (item: T) => ReactNode;
  /** The claim's success text. */
  claimed: (item: T, result: ClaimResult) => string;
  empty: ReactNode;
}

function ClaimList<T extends Item>({ kind, items, wallet, set, claim, describe, claimed, empty }: ListProps<T>) {
  const { t, lang, dir } = useT();
  const [tab, setTab] = useState<ClaimState>('available');
  const [status, setStatus] = useState<Status>(undefined);
  const shown = items.filter((i) => i.state === tab);
  const available = items.filter((i) => i.state === 'available').length;

  const onClaim = async (item: T) => {
    try {
      const result = await claim(item.id);
      set((latest) => latest.map((i) => (i.id === item.id ? { ...i, state: 'claimed', claimedAt: result.claimedAt } : i)), {
        balance: result.balance,
        currency: result.currency,
      });
      setStatus({ ok: true, text: result.credited ? claimed(item, result) : t('mc.already_claimed') });
    } catch (err) {
      setStatus({ ok: false, text: failureText(err) });
    }
  };

  return (
    <section className="card mc-list" aria-label={t(kind === 'rewards' ? 'page.rewards' : 'page.vouchers')}>
      <p className="mc-balance-line">
        <span>{t('mc.balance')}</span> <strong>{money(wallet.balance, wallet.currency, lang)}</strong>
      </p>
      <StatusLine status={status} />
      <Tabs<ClaimState>
        idPrefix={`mc-${kind}-tabs-`}
        items={[
          { id: 'available', label: t('mc.tab.available', { count: available }) },
          { id: 'claimed', label: t('mc.tab.claimed') },
          { id: 'expired', label: t('mc.tab.expired') },
        ]}
        active={tab}
        onSelect={setTab}
        label={t('mc.tabs')}
        dir={dir}
      >
        {shown.length === 0 ? (
          tab === 'available' ? (
            empty
          ) : (
            <Empty text={t('mc.list.empty')} />
          )
        ) : (
          <ul className="mc-items">
            {shown.map((item) => (
              <li key={item.id} className={`mc-item mc-item-${item.state}`}>
                <div className="mc-item-text">
                  <h3 id={`mc-item-${item.id}`}>{item.title}</h3>
                  {describe(item)}
                  <p className="mc-when">{when(item, t, lang)}</p>
                </div>
                {item.state === 'available' ? (
                  <ActionButton
                    label={t('mc.claim')}
                    busyLabel={t('mc.claiming')}
                    describedBy={`mc-item-${item.id}`}
                    onAction={() => onClaim(item)}
                  />
                ) : (
                  <span className="mc-tag">{t(item.state === 'claimed' ? 'mc.claimed' : 'mc.expired')}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Tabs>
    </section>
  );
}

function when(item: Item, t: T, lang: Language): string {
  if (item.state === 'claimed') return item.claimedAt ? t('mc.claimed_on', { date: day(item.claimedAt, lang) }) : '';
  if (!item.expiresAt) return '';
  return t(item.state === 'expired' ? 'mc.expired_on' : 'mc.expires', { date: day(item.expiresAt, lang) });
}

/** The list and the balance, read together (both before the page shows). */
function useListWithWallet<T>(read: () => Promise<T[]>) {
  return useLoad(async () => {
    const [items, overview] = await Promise.all([read(), load(mcEndpoints.mcOverview)]);
    return { items, wallet: { balance: overview.balance, currency: overview.currency } };
  });
}

export function Rewards({ promotionsLink }: { promotionsLink?: ReactNode }) {
  const { t, lang } = useT();
  const list = useListWithWallet(() => load(mcEndpoints.rewards));
  return (
    <Loads load={list}>
      {({ items, wallet }, done) => (
        <ClaimList<Reward>
          kind="rewards"
          items={items}
          wallet={wallet}
          set={(update, w) => done.set((c) => ({ items: update(c.items), wallet: w }))}
          claim={(id) => load(mcEndpoints.rewardClaim, { id })}
          describe={(r) => <p className="mc-amount">{money(r.amount, wallet.currency, lang)}</p>}
          claimed={(_r, res) => t('mc.credited', { amount: money(res.amount, res.currency, lang) })}
          empty={<Empty text={t('mc.rewards.empty')} action={promotionsLink} />}
        />
      )}
    </Loads>
  );
}

export function Vouchers() {
  const { t, lang } = useT();
  const list = useListWithWallet(() => load(mcEndpoints.vouchers));
  return (
    <Loads load={list}>
      {({ items, wallet }, done) => (
        <ClaimList<Voucher>
          kind="vouchers"
          items={items}
          wallet={wallet}
          set={(update, w) => done.set((c) => ({ items: update(c.items), wallet: w }))}
          claim={(id) => load(mcEndpoints.voucherClaim, { id })}
          describe={(v) => (
            <>
              <p className="mc-amount">{voucherValue(v, wallet.currency, lang, t)}</p>
              {v.minDeposit ? (
                <p className="mc-note">{t('mc.voucher.min_deposit', { amount: money(v.minDeposit, wallet.currency, lang) })}</p>
              ) : null}
              <p className="mc-note mc-code">{t('mc.voucher.code', { code: v.code })}</p>
            </>
          )}
          claimed={(v, res) =>
            v.kind === 'BONUS' && res.amount > 0
              ? t('mc.credited', { amount: money(res.amount, res.currency, lang) })
              : t('mc.voucher.claimed')
          }
          empty={<Empty text={t('mc.vouchers.empty')} />}
        />
      )}
    </Loads>
  );
}

type T = (key: string, o?: Record<string, unknown>) => string;

function voucherValue(v: Voucher, currency: string, lang: Language, t: T): string {
  if (v.kind === 'BONUS') return t('mc.voucher.BONUS', { value: money(v.value, currency, lang) });
  if (v.kind === 'FREE_SPINS') return t('mc.voucher.FREE_SPINS', { value: v.value });
  return t('mc.voucher.CASHBACK', { value: v.value });
}
