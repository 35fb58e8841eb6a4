/**
 * The chat footer button (docs/engagement.md, "Chat"): a round button at the bottom corner with the
 * unread count; a visitor is sent to login, a type-4 member sees the no-permission text for 2 s.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { navigate } from '../../core/session/navigation.ts';
import { memberType, token } from '../../core/session/sessionInfo.ts';
import { useT } from '../../ui/useT.ts';
import { CHAT_NO_PERMISSION_MS, chatAction, launchChat, unreadCount, watchUnread } from './model.ts';

export interface ChatButtonProps {
  title?: string;
  headerColor?: string;
  /** The page decides (the element's cancelled event): false keeps the player here. */
  onLaunch?: (url: string) => boolean;
}

export function ChatButton({ title, headerColor, onLaunch }: ChatButtonProps) {
  useSignals();
  const { t, lang, dir } = useT();
  const [denied, setDenied] = useState(false);
  const [busy, setBusy] = useState(false);
  const signedIn = !!token.value;

  useEffect(() => (signedIn ? watchUnread() : undefined), [signedIn]);

  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(() => setDenied(false), CHAT_NO_PERMISSION_MS);
    return () => clearTimeout(timer);
  }, [denied]);

  const count = signedIn ? unreadCount.value : 0;
  const onClick = () => {
    const action = chatAction(memberType.value);
    if (action === 'login') return navigate('/m/login');
    if (action === 'no-permission') return setDenied(true);
    if (busy) return;
    setBusy(true);
    launchChat({ title: title || t('chat.title'), language: lang, headerColor })
      .then((url) => {
        if (url && onLaunch?.(url) !== false) location.assign(url);
      })
      .catch(() => {}) // the request client already told the player (error catalogue)
      .finally(() => setBusy(false));
  };

  return (
    <div className="chat" part="chat" dir={dir}>
      {denied ? (
        <p className="chat-denied" part="denied" role="status">
          {t('chat.no_permission')}
        </p>
      ) : null}
      <button
        type="button"
        className="chat-button"
        part="button"
        aria-label={count > 0 ? t('chat.label_unread', { count }) : t('chat.label')}
        aria-busy={busy || undefined}
        onClick={onClick}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path
            d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6c-.5.4-1.3.1-1.3-.6V16A2.5 2.5 0 0 1 4 13.5z"
            fill="currentColor"
          />
          <circle cx="8.5" cy="9.5" r="1.2" fill="var(--_primary)" />
          <circle cx="12" cy="9.5" r="1.2" fill="var(--_primary)" />
          <circle cx="15.5" cy="9.5" r="1.2" fill="var(--_primary)" />
        </svg>
        {count > 0 ? (
          <span className="chat-badge" part="badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
    </div>
  );
}
