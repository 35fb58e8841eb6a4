/**
 * VIP (docs/engagement.md, "VIP"; docs/product.md §3, §4): the member's club label from member info
 * and the progress from MCSFE_getPlayerRankProgress, loaded when the token changes (a login) and
 * forgotten on logout. The vip flag is set when the label has a name; progress is 1 without a label
 * id, else completed / expected (kept within 0..1); the benefits link shows only for label type AUTO.
 */
import { effect, signal } from '@preact/signals-core';
import { endpoints, type MemberInfo, type RankProgress } from '../../contract/endpoints.ts';
import { call } from '../../core/api/client.ts';
import { token } from '../../core/session/sessionInfo.ts';

export const rankProgress = signal<RankProgress | undefined>(undefined);

export interface VipState {
  vip: boolean;
  labelName?: string;
  level?: number;
  /** 0..1 */
  progress: number;
  benefits: boolean;
}

/** docs/product.md §4, as a pure function of member info and rank progress. */
export function vipState(info: Pick<MemberInfo, 'clubLabel'> | undefined, progress: RankProgress | undefined): VipState {
  const label = info?.clubLabel ?? undefined;
  const vip = !!label?.labelName;
  let value = 1;
  if (progress && progress.labelId !== undefined && progress.labelId !== null) {
    const expected = progress.totalExpectedConditions;
    value = expected > 0 ? progress.completedConditions / expected : 1;
  }
  return {
    vip,
    labelName: vip ? label!.labelName : undefined,
    level: vip && Number.isFinite(label!.rankLevel) ? label!.rankLevel : undefined,
    progress: Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0,
    benefits: vip && label!.type === 'AUTO',
  };
}

/** Loads the progress for the current token; an answer that comes after the token changed is dropped. */
export async function loadRankProgress(): Promise<RankProgress | undefined> {
  const asked = token.value;
  const res = await call(endpoints.rankProgress, undefined, { alert: false, sessionAlert: true });
  if (token.value !== asked) return undefined;
  return (rankProgress.value = res.value);
}

let watching = false;

/** docs/product.md §4: a token change loads the rank progress; a logout forgets it. */
export function watchRankProgress(): void {
  if (watching) return;
  watching = true;
  let last: string | undefined;
  effect(() => {
    const current = token.value;
    if (current === last) return;
    last = current;
    rankProgress.value = undefined;
    if (current) loadRankProgress().catch(() => undefined);
  });
}
