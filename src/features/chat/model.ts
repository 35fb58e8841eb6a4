/**
 * Live chat (docs/engagement.md, "Chat"; docs/product.md §3, §5, §6, §7, §9): the unread count
 * (CBS_unreadCount), asked when the button mounts, every minute while the page is visible and again
 * when it becomes visible; the launch (CBS_launchChat with b2c, title, backUrl, language,
 * headerColor), whose chatUrl is checked before the page goes there. Shown only with the whitelabel
 * flag CBS3.
 */
import { signal } from '@preact/signals-core';
import { call } from '../../core/api/client.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { safeUrl } from '../../core/config/config.ts';
import { showNotice } from '../../core/notice/notices.ts';
import { MemberType } from '../../core/session/memberType.ts';
import { onOperatorPage } from '../../core/session/navigation.ts';
import { token } from '../../core/session/sessionInfo.ts';

/** docs/product.md §9: the no-permission text shows for 2 s. */
export const CHAT_NO_PERMISSION_MS = 2000;
/** How often the unread count is asked while the page is visible (ours: the SPEC gives none). */
export const UNREAD_REFRESH_MS = 60_000;
export const CHAT_FLAG = 'CBS3';

export const unreadCount = signal(0);

/** docs/product.md §5: CN and TW are sent as CN. */
export const chatLanguage = (lang: string) => (lang === 'CN' || lang === 'TW' ? 'CN' : lang);

export type ChatAction = 'login' | 'no-permission' | 'launch';

/** docs/product.md §6: a visitor goes to login, type 4 has no chat permission, everyone else chats. */
export function chatAction(memberType: number): ChatAction {
  if (memberType === MemberType.VISITOR) return 'login';
  if (memberType === MemberType.RESTRICTED) return 'no-permission';
  return 'launch';
}

/** Asks the unread count; quiet (a badge that cannot update keeps its number). */
export async function refreshUnread(): Promise<void> {
  if (!token.value) {
    unreadCount.value = 0;
    return;
  }
  const res = await call(endpoints.unreadCount, undefined, { alert: false, sessionAlert: true }).catch(() => undefined);
  const n = res?.value?.unReadCount;
  if (typeof n === 'number' && Number.isFinite(n) && n >= 0) unreadCount.value = Math.floor(n);
}

/** Keeps the count fresh while something shows it; returns the stop. */
export function watchUnread(): () => void {
  void refreshUnread();
  let timer: ReturnType<typeof setInterval> | undefined;
  const start = () => {
    clearInterval(timer);
    timer = setInterval(() => void refreshUnread(), UNREAD_REFRESH_MS);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') {
      void refreshUnread();
      start();
    } else clearInterval(timer); // no polling from a tab in the background
  };
  // A page opened in the background waits until it is shown before polling.
  if (document.visibilityState === 'visible') start();
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

export interface LaunchOptions {
  title: string;
  language: string;
  headerColor?: string;
}

/** Where the chat page sends the player back: this page (a path on our own /m, the full URL elsewhere). */
function backUrl(): string {
  return onOperatorPage() ? location.pathname + location.search : location.href;
}

/** The chat page's URL, checked; undefined (with the catalogue's 'url is null') when there is none. */
export async function launchChat(options: LaunchOptions): Promise<string | undefined> {
  const res = await call(endpoints.launchChat, {
    b2c: 'true',
    title: options.title,
    backUrl: backUrl(),
    language: chatLanguage(options.language),
    headerColor: options.headerColor,
  });
  const url = safeUrl(res.value?.chatUrl);
  if (!url) showNotice({ id: 'url-is-null', messageKey: 'url_is_null' });
  return url;
}
