/**
 * /m/member/home (docs/member-centre.md, "Member centre"): who the member is (name, member type, VIP
 * level and progress), the balance, and the way to every member page with what waits there (rewards
 * to claim, today's sign-in, a rescue); then language, customer service and logout.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { memberInfo } from '../../core/session/member.ts';
import { isAgent, MemberType } from '../../core/session/memberType.ts';
import { memberType, session } from '../../core/session/sessionInfo.ts';
import { useT } from '../../ui/useT.ts';
import { load, money } from './model.ts';
import { mcEndpoints } from '../../contract/rows/member-centre.ts';
import { useLoad } from './parts.tsx';

export interface MemberHomeProps {
  /** The host's in-app link; only pages that exist are offered (`built`). */
  link: (to: string, className: string, children: ReactNode) => ReactNode;
  built: (path: string) => boolean;
  /** The VIP badge (its own element), shown in the member card. */
  vip: ReactNode;
  /** The language switch. */
  language: ReactNode;
  /** Undefined when the merchant has no customer service. */
  onCustomerService?: () => void;
  onLogout: () => void;
}

type Row = { to: string; label: string; badge?: string; icon: string };

const ICONS = {
  gift: 'M4 9h16v4H4zM5 13v7h14v-7M12 9v11M12 9S10.5 4 8 4.5 7 8.5 12 9zm0 0s1.5-5 4-4.5S17 8.5 12 9z',
  ticket: 'M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4zM14 7v10',
  calendar: 'M5 6h14v14H5zM5 10h14M9 4v4M15 4v4M9 15l2 2 4-4',
  list: 'M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2',
  shield: 'M12 3l8 3v6c0 4.5-3.5 8-8 9-4.5-1-8-4.5-8-9V6zM9 12l2 2 4-4',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H5v1a3 3 0 0 0 3 3M16 6h3v1a3 3 0 0 1-3 3M12 13v4M8 20h8M9 17h6',
  crown: 'M3 8l4.5 3.5L12 4l4.5 7.5L21 8l-2 11H5z',
  chat: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  people: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14a6 6 0 0 1 3.5 6',
} as const;

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function MemberHome({ link, built, vip, language, onCustomerService, onLogout }: MemberHomeProps) {
  useSignals();
  const { t, lang } = useT();
  const overview = useLoad(() => load(mcEndpoints.mcOverview));
  const o = overview.state === 'done' ? overview.value : undefined;
  const info = memberInfo.value;
  const name = info?.userName ?? session.value?.userName ?? '';
  const type = memberType.value;
  const count = (n: number | undefined) => (n ? t('mc.home.to_claim', { count: n }) : undefined);

  const groups: { title: string; rows: Row[] }[] = [
    {
      title: t('mc.home.rewards'),
      rows: [
        { to: '/m/rewardCenter', label: t('page.rewards'), badge: count(o?.rewards), icon: ICONS.gift },
        { to: '/m/voucherCenter', label: t('page.vouchers'), badge: count(o?.vouchers), icon: ICONS.ticket },
      ],
    },
    {
      title: t('mc.home.activities'),
      rows: [
        {
          to: '/m/activity/signIn',
          label: t('page.sign_in'),
          badge: o && !o.signedToday ? t('mc.home.sign_in_due') : undefined,
          icon: ICONS.calendar,
        },
        { to: '/m/activity/noviceTask', label: t('page.novice_tasks'), badge: count(o?.tasks), icon: ICONS.list },
        {
          to: '/m/activity/rescue',
          label: t('page.rescue'),
          badge: o?.rescue ? t('mc.home.rescue_due') : undefined,
          icon: ICONS.shield,
        },
        { to: '/m/leaderBoard', label: t('page.leaderboard'), icon: ICONS.trophy },
      ],
    },
    {
      title: t('mc.home.account'),
      rows: [
        // Benefits only for an AUTO label (docs/product.md §4).
        ...(info?.clubLabel?.type === 'AUTO' ? [{ to: '/m/member/benefits', label: t('vip.benefits'), icon: ICONS.crown }] : []),
        { to: '/m/inviteFriends', label: t('home.invite'), icon: ICONS.people },
        { to: '/m/feedback', label: t('page.feedback'), icon: ICONS.chat },
      ],
    },
  ];

  return (
    <>
      <section className="card mc-profile" aria-labelledby="mc-profile-name">
        <div className="mc-avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </div>
        <div className="mc-who">
          <h2 id="mc-profile-name" dir="auto">
            {name ? t('mc.home.hello', { name }) : t('loading')}
          </h2>
          <p className="mc-type">{t(isAgent(type) ? 'home.agent' : 'home.member')}</p>
        </div>
        <div className="mc-vip-slot">{info && !info.clubLabel ? <p className="mc-note">{t('mc.home.no_vip')}</p> : vip}</div>
        <p className="mc-balance">
          <span>{t('mc.balance')}</span>
          {overview.state === 'error' ? (
            <button type="button" className="btn btn-secondary mc-inline-retry" onClick={overview.retry}>
              {t('retry')}
            </button>
          ) : (
            <strong aria-busy={!o || undefined}>{o ? money(o.balance, o.currency, lang) : '…'}</strong>
          )}
        </p>
      </section>
      {groups.map((g, i) => {
        const rows = g.rows.filter((r) => built(r.to));
        if (rows.length === 0) return null;
        return (
          <nav key={g.title} className="card mc-menu" aria-labelledby={`mc-menu-${i}`}>
            <h2 id={`mc-menu-${i}`}>{g.title}</h2>
            <ul>
              {rows.map((r) => (
                <li key={r.to}>
                  {link(
                    r.to,
                    'mc-row',
                    <>
                      <Icon d={r.icon} />
                      <span className="mc-row-label">{r.label}</span>
                      {r.badge ? <span className="mc-badge">{r.badge}</span> : null}
                      <span className="mc-chevron" aria-hidden="true" />
                    </>,
                  )}
                </li>
              ))}
            </ul>
          </nav>
        );
      })}
      <section className="card mc-menu" aria-label={t('mc.home.account')}>
        <div className="mc-row mc-row-static">
          <span className="mc-row-label">{t('language')}</span>
          {language}
        </div>
        {type === MemberType.RESTRICTED ? <p className="mc-note">{t('mc.home.language_local')}</p> : null}
        {onCustomerService ? (
          <button type="button" className="mc-row" onClick={onCustomerService}>
            <Icon d={ICONS.chat} />
            <span className="mc-row-label">{t('customer_service')}</span>
            <span className="mc-chevron" aria-hidden="true" />
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary btn-block mc-logout" onClick={onLogout}>
          {t('logout')}
        </button>
      </section>
    </>
  );
}
