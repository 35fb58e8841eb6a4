/**
 * `<wps-push-prompt>`: the soft push opt-in (docs/push.md; docs/product.md §3, §4, §5, §8, §9).
 *
 * Asks a signed-in player, in our own words, whether to turn notifications on; only after "Turn on"
 * does the browser show its permission dialog, from that tap. On its own it asks only when the
 * merchant has push (site status, sms provider: apiKey, appId, projectId, messagingSenderId), the
 * browser supports it (on iOS: 16.4+ and only inside the installed home-screen app), the permission
 * is undecided, it is not the session's first page view, and no dismissal holds it back (this
 * session; then 3, 7, 30 days). Push follows the session: a login registers push when it is
 * allowed, a logout unsubscribes it. Firebase and the push code load only when push is used.
 *
 * @element wps-push-prompt
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {boolean} open - show it now (a settings button, say): no page-view rule or back-off; an unsupported browser or iOS outside the installed app is told why
 * @fires wps-push-shown - the prompt is on screen
 * @fires wps-push-accept - the player said yes to our question (the browser's dialog follows)
 * @fires wps-push-dismiss - "Not now" (or closed): kept away for the session, then the back-off
 * @fires wps-push-granted - `{ token }`: notifications are on, the token bound to the member
 * @fires wps-push-denied - `{ code }`: permission-blocked or permission-default
 * @fires wps-push-error - `{ code }`: one of the push errors of docs/push.md
 * @part title - also message, actions, later, allow, done
 */
import { useEffect } from 'react';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { PushPrompt } from '../src/features/push/PushPrompt.tsx';
import { watchPushSession } from '../src/features/push/session.ts';
import { countPageView } from '../src/features/push/prompt.ts';
import { pushStrings } from '../src/features/push/locales/index.ts';
import css from '../src/features/push/push.css';
import { loadSiteStatus } from '../src/core/config/siteStatus.ts';
import { onPageChange } from '../src/core/session/pageChanges.ts';

export interface PushPromptElementProps {
  open?: boolean;
}

/** One session watcher and one page-view count per page, however many prompts it has. */
let started = false;
function startOnce() {
  if (started) return;
  started = true;
  watchPushSession();
  // This page, and each page change of an app like /m (a merchant's page counts its loads).
  countPageView();
  onPageChange(() => countPageView());
}

function PushPromptElement({ host, open }: PushPromptElementProps & { host: HTMLElement }) {
  // Before the prompt's first check (a child's effect runs before this one's): this page is counted.
  startOnce();
  useEffect(() => {
    void loadSiteStatus();
  }, []);
  return (
    <PushPrompt
      open={open}
      onShown={() => emit(host, 'wps-push-shown')}
      onAccept={() => emit(host, 'wps-push-accept')}
      onDismiss={() => emit(host, 'wps-push-dismiss')}
      onGranted={(token) => emit(host, 'wps-push-granted', { token })}
      onDenied={(code) => emit(host, 'wps-push-denied', { code })}
      onError={(code) => emit(host, 'wps-push-error', { code })}
    />
  );
}

export const WpsPushPrompt = defineElement<PushPromptElementProps>('wps-push-prompt', {
  props: { open: 'boolean' },
  css: [css],
  strings: [pushStrings],
  render: (props, host) => <PushPromptElement host={host} open={props.open} />,
});
