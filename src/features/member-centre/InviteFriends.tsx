/**
 * /m/inviteFriends (docs/member-centre.md, "Invite friends"), public: the referral promotion's rules
 * for everyone; for a member, their invite link and code with copy, share (Web Share API where the
 * browser has it) and a QR code, and how their invitations went.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { encode } from 'uqr';
import type { Referral, ReferralRules } from '../../contract/endpoints.ts';
import { useT } from '../../ui/useT.ts';
import { load, money, number } from './model.ts';
import { mcEndpoints } from '../../contract/rows/member-centre.ts';
import { Loads, useLoad } from './parts.tsx';

/** The link a friend opens: our registration page with the code, which it keeps through sign-up. */
export const inviteLink = (code: string, origin = location.origin) =>
  `${origin}/m/register?${new URLSearchParams({ referralCode: code }).toString()}`;

/** The QR code as one SVG path (dark modules), drawn here rather than injected as markup. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { path, size } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, size: qr.size };
  }, [text]);
  return (
    <svg className="mc-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#111" />
    </svg>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function CheckIcon() {
  return (
    <svg className="mc-check" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function CopyRow({ id, label, value, copyLabel }: { id: string; label: string; value: string; copyLabel: string }) {
  const { t } = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div className="mc-copy">
      <label className="mc-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="mc-copy-row">
        <input id={id} className="mc-copy-value" readOnly value={value} dir="ltr" onFocus={(e) => e.target.select()} />
        <button
          type="button"
          // Copied is a success: green with a tick, not the brand red that reads as an error.
          className={`btn btn-secondary${state === 'copied' ? ' mc-copied' : ''}`}
          onClick={() => void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'))}
        >
          {state === 'copied' ? (
            <>
              <CheckIcon />
              {t('mc.inv.copied')}
            </>
          ) : (
            copyLabel
          )}
        </button>
      </div>
      <p className="mc-note" role="status">
        {state === 'failed' ? t('mc.inv.copy_failed') : ''}
      </p>
    </div>
  );
}

function Rules({ rules }: { rules: ReferralRules }) {
  const { t, lang } = useT();
  const m = (n: number) => money(n, rules.currency, lang);
  return (
    <section className="card" aria-labelledby="mc-inv-how">
      <p className="mc-lead">
        {rules.enabled ? t('mc.inv.intro', { amount: m(rules.rewardPerFriend), min: m(rules.minDeposit) }) : t('mc.inv.off')}
      </p>
      <h2 id="mc-inv-how">{t('mc.inv.how')}</h2>
      <ol className="mc-steps">
        <li>{t('mc.inv.rule1')}</li>
        <li>{t('mc.inv.rule2', { min: m(rules.minDeposit) })}</li>
        <li>{t('mc.inv.rule3', { amount: m(rules.rewardPerFriend), max: number(rules.maxFriends, lang) })}</li>
      </ol>
    </section>
  );
}

function Mine({ referral }: { referral: Referral }) {
  const { t, lang } = useT();
  const link = inviteLink(referral.code);
  const canShare = typeof navigator.share === 'function';
  return (
    <>
      <section className="card mc-invite" aria-label={t('mc.inv.link')}>
        <CopyRow id="mc-inv-link" label={t('mc.inv.link')} value={link} copyLabel={t('mc.inv.copy_link')} />
        <CopyRow id="mc-inv-code" label={t('mc.inv.code')} value={referral.code} copyLabel={t('mc.inv.copy_code')} />
        {canShare ? (
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() =>
              // A cancelled share rejects: nothing to tell the player.
              void navigator.share({ text: t('mc.inv.share_text', { code: referral.code }), url: link }).catch(() => undefined)
            }
          >
            {t('mc.inv.share')}
          </button>
        ) : null}
        <figure className="mc-qr-box">
          <QrCode text={link} label={t('mc.inv.qr')} />
          <figcaption className="mc-note">{t('mc.inv.qr_hint')}</figcaption>
        </figure>
      </section>
      <section className="card" aria-labelledby="mc-inv-stats">
        <h2 id="mc-inv-stats">{t('mc.inv.stats')}</h2>
        <dl className="mc-figures">
          <div>
            <dt>{t('mc.inv.invited')}</dt>
            <dd>{number(referral.invited, lang)}</dd>
          </div>
          <div>
            <dt>{t('mc.inv.qualified')}</dt>
            <dd>{number(referral.qualified, lang)}</dd>
          </div>
          <div className="mc-figure-main">
            <dt>{t('mc.inv.earned')}</dt>
            <dd>{money(referral.earned, referral.currency, lang)}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

/** `loginLink`: the page's way to /m/login, for a visitor. */
export function InviteFriends({ member, loginLink }: { member: boolean; loginLink: ReactNode }) {
  const { t } = useT();
  const data = useLoad(async () => {
    const [rules, referral] = await Promise.all([
      load(mcEndpoints.referralRules),
      member ? load(mcEndpoints.referral) : undefined,
    ]);
    return { rules, referral };
  }, String(member));
  return (
    <Loads load={data}>
      {({ rules, referral }) => (
        <>
          {referral ? (
            <Mine referral={referral} />
          ) : (
            <section className="card empty-state">
              <p>{t('mc.inv.login')}</p>
              {loginLink}
            </section>
          )}
          <Rules rules={rules} />
        </>
      )}
    </Loads>
  );
}
