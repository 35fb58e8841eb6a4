/**
 * Calls the host page starts before any module has loaded (host/preload.ts, docs/performance.md
 * "Data without a chain"): the site status and home's banners travel beside main.js instead of after
 * it. `call` (client.ts) takes such an answer once, for the same URL, language and merchant, instead
 * of asking again; an early call that failed in any way is simply asked again the normal way.
 */

/** Client B's timeout (docs/api.md): the early calls wait no longer than the app would. */
export const CLIENT_B_TIMEOUT_MS = 30_000;

export { BANNERS_PATH, STATUS_PATH } from '../../contract/paths.ts';

/** What an early call brought: the HTTP status and the parsed body. */
export interface EarlyAnswer {
  status: number;
  data: unknown;
}

declare global {
  interface Window {
    __wpsEarly?: Record<string, Promise<EarlyAnswer | undefined>>;
  }
}

/** A GET's query string from a payload (undefined and null left out), `?`-prefixed, or ''. */
export function queryString(payload: unknown): string {
  if (!payload || typeof payload !== 'object') return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(payload)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

const keyOf = (url: string, language: string, merchant: string) => `${language}|${merchant}|${url}`;

/** Starts a GET with the headers `call` sends for a client-B row (client.ts), and files it for `takeEarly`. */
export function startEarly(url: string, language: string, merchant: string, timeoutMs: number): Promise<EarlyAnswer | undefined> {
  const headers: Record<string, string> = { Language: language, 'Content-Type': 'application/json' };
  if (merchant) headers.Merchant = merchant;
  const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(timeoutMs) : undefined;
  const answer = fetch(url, { headers, credentials: 'include', signal }).then(
    (res) => res.json().then((data: unknown) => ({ status: res.status, data })),
    () => undefined,
  );
  const answers = (window.__wpsEarly ??= {});
  answers[keyOf(url, language, merchant)] = answer.catch(() => undefined);
  return answer;
}

/** The early answer for this GET, once; undefined when the page started none for it. */
export function takeEarly(url: string, language: string, merchant: string): Promise<EarlyAnswer | undefined> | undefined {
  const answers = typeof window === 'undefined' ? undefined : window.__wpsEarly;
  const key = keyOf(url, language, merchant);
  const answer = answers?.[key];
  if (answer) delete answers[key];
  return answer;
}
