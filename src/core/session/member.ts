/**
 * Member info of the signed-in member (GET /wps/member/info), renewed whenever the token changes.
 */
import { signal, effect } from '@preact/signals-core';
import { call } from '../api/client.ts';
import type { MemberInfo } from '../api/endpoints.ts';
import { token, updateSession } from './sessionInfo.ts';

export const memberInfo = signal<MemberInfo | undefined>(undefined);

export async function loadMemberInfo(): Promise<MemberInfo | undefined> {
  const res = await call('memberInfo');
  memberInfo.value = res.value;
  if (res.value) updateSession({ id: res.value.id, userName: res.value.userName, type: res.value.type });
  return res.value;
}

let watching = false;

/** Keeps member info in step with the token: load on a new token, forget on logout. */
export function watchMemberInfo() {
  if (watching) return;
  watching = true;
  let last: string | undefined;
  effect(() => {
    const current = token.value;
    if (current === last) return;
    last = current;
    memberInfo.value = undefined;
    if (current) loadMemberInfo().catch(() => undefined);
  });
}
