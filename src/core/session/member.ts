/**
 * Member info of the signed-in member (GET /wps/member/info), renewed whenever the token changes.
 */
import { effect } from '@preact/signals-core';
import { call } from '../api/client.ts';
import { endpoints, type MemberInfo } from '../../contract/endpoints.ts';
import { memberType, token, updateSession } from './sessionInfo.ts';
import { MemberType } from './memberType.ts';
import { merchantCode } from '../config/config.ts';
import { memberInfo } from './memberInfo.ts';

// The signal lives apart, so /m's first frame reads it without the API client.
export { memberInfo };

export async function loadMemberInfo(): Promise<MemberInfo | undefined> {
  const res = await call(endpoints.memberInfo);
  memberInfo.value = res.value;
  if (res.value) updateSession({ id: res.value.id, userName: res.value.userName, type: res.value.type });
  return res.value;
}

/** Resolves when member info has loaded once (used to know a restored session is alive). */
export function waitForMember(): Promise<MemberInfo> {
  return new Promise((resolve) => {
    const stop = effect(() => {
      const info = memberInfo.value;
      if (info) {
        queueMicrotask(() => stop());
        resolve(info);
      }
    });
  });
}

/**
 * The page coming back to the foreground asks for member info again, debounced like the settings
 * re-fetch (docs/product.md §9, 300 ms): a session that ended while the app was in the background is
 * noticed at once (its 401 is the session loss of docs/product.md §8), not only after a reload.
 */
export const MEMBER_RECHECK_DEBOUNCE_MS = 300;

let watching = false;

/**
 * Keeps member info in step with the token: load on a new token, forget on logout, and check again
 * when the page becomes visible.
 */
export function watchMemberInfo() {
  if (watching) return;
  watching = true;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      if (token.value) loadMemberInfo().catch(() => undefined);
    }, MEMBER_RECHECK_DEBOUNCE_MS);
  });
  let last: string | undefined;
  effect(() => {
    const current = token.value;
    if (current === last) return;
    last = current;
    memberInfo.value = undefined;
    if (current) loadMemberInfo().catch(() => undefined);
  });
}

/** Tells the server the member's new language; type 4 members skip the sync (docs/product.md §1). */
export async function syncLanguage(language: string): Promise<void> {
  if (!token.value || memberType.value === MemberType.RESTRICTED) return;
  await call(endpoints.memberLanguage, { language, merchantCode: merchantCode.value || undefined }).catch(() => undefined);
}
