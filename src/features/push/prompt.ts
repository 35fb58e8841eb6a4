/**
 * When the soft prompt may ask (docs/push.md, "The soft prompt"): never on the first page view of a
 * session, never again in a session once dismissed (docs/product.md §9), and after a dismissal not
 * before 3 days, then 7, then every 30 days across sessions.
 */
import { signal } from '@preact/signals-core';
import { localStore, sessionStore, KEY_PREFIX } from '../../core/storage/storage.ts';

export const BACKOFF_DAYS = [3, 7, 30] as const;
const DAY_MS = 86_400_000;
export const PROMPT_KEY = `${KEY_PREFIX}pushPrompt`;
export const DISMISSED_KEY = `${KEY_PREFIX}pushPromptDismissed`;
export const PAGE_VIEWS_KEY = `${KEY_PREFIX}pageViews`;
/** Delay before the prompt asks for its turn once it may show (the page settles first). */
export const PROMPT_DELAY_MS = 2000;

export interface PromptRecord {
  dismissals: number;
  last: number;
}

export const pageViews = () => sessionStore.get<number>(PAGE_VIEWS_KEY) ?? 0;
/** The session's page views as a signal, so a prompt on screen notices the second page. */
export const pageViewCount = signal(pageViews());
export function countPageView(): number {
  const n = pageViews() + 1;
  sessionStore.set(PAGE_VIEWS_KEY, n);
  pageViewCount.value = n;
  return n;
}

export function promptRecord(): PromptRecord {
  const r = localStore.get<PromptRecord>(PROMPT_KEY);
  return r && typeof r.dismissals === 'number' && typeof r.last === 'number' ? r : { dismissals: 0, last: 0 };
}

/** The earliest time the prompt may ask again after `r` (0: any time). */
export function nextPromptAt(r: PromptRecord): number {
  if (r.dismissals <= 0) return 0;
  const days = BACKOFF_DAYS[Math.min(r.dismissals, BACKOFF_DAYS.length) - 1]!;
  return r.last + days * DAY_MS;
}

/** May the prompt ask now? */
export function promptDue(now: number, views = pageViews(), r = promptRecord()): boolean {
  if (views < 2) return false;
  if (sessionStore.get(DISMISSED_KEY) === true) return false;
  return now >= nextPromptAt(r);
}

/** The player said not now (or closed the browser's own dialog without choosing). */
export function recordDismissal(now: number): void {
  sessionStore.set(DISMISSED_KEY, true);
  const r = promptRecord();
  localStore.set(PROMPT_KEY, { dismissals: r.dismissals + 1, last: now } satisfies PromptRecord);
}
