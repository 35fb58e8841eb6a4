/**
 * /m/agentRegister: the agents' registration entry for referrals (docs/product.md §1, §6). An agent (type 1
 * or 2) sees the link to share; a visitor who came through such a link (?r=CODE) registers under
 * that agent.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useSearch } from 'wouter';
import '../../elements/register-form.tsx';
import { session } from '../../src/core/session/sessionInfo.ts';
import { isAgent } from '../../src/core/session/memberType.ts';
import { storedRegistrationInfo } from '../../src/core/session/landing.ts';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { Card, PageShell } from '../PageShell.tsx';

export function AgentRegisterPage() {
  useSignals();
  const { t } = useT();
  const search = useSearch();
  const [copied, setCopied] = useState(false);
  const current = session.value;
  // The agent's code comes as r (the shared link) or referralCode (docs/product.md §2, carried parameters).
  const query = new URLSearchParams(search);
  const code = query.get('r') || query.get('referralCode') || storedRegistrationInfo().referralCode || undefined;

  if (current && isAgent(current.type) && current.userName) {
    const link = `${location.origin}/m/agentRegister?r=${encodeURIComponent(current.userName)}`;
    return (
      <PageShell title={t('agent_register.title')}>
        <Card id="agent-title" title={t('agent_register.copy')}>
          <p>{t('agent_register.share')}</p>
          <p>
            <code>{link}</code>
          </p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
          >
            {t('agent_register.copy')}
          </button>
          {/* A success, in green: the card's text colour or the brand red would not say so. */}
          <p role="status" className="status-ok">
            {copied ? t('agent_register.copied') : ''}
          </p>
        </Card>
      </PageShell>
    );
  }

  return (
    <PageShell title={t('agent_register.title')}>
      <Card id="agent-title" title={t('register.title')}>
        {code ? (
          <p className="invited" role="note">
            {t('agent_register.invited', { code })}
          </p>
        ) : null}
        <wps-register-form referral-code={code} />
        <p className="alt">
          {t('register.have_account')} <AppLink to="/m/login">{t('login')}</AppLink>
        </p>
      </Card>
    </PageShell>
  );
}
