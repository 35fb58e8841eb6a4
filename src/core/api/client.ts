/**
 * The two request clients of docs/product.md §7, built on redaxios.
 *
 * - Client A (member centre): headers Merchant, Language, Authorization (can be turned off per
 *   call); GET query with an optional session-storage cache; optional encryption.
 * - Client B (other calls): 30 s timeout, cookies, headers Merchant, Language, ModuleId and JSON
 *   Content-Type; encrypted POST bodies; GET results cached in session storage when success is
 *   true, keyed by a hash of the URL; `alert: false`; /lgw/ paths are never failures.
 *
 * A call resolves with the response envelope when `success` is true and rejects with an ApiError
 * otherwise, after the error catalogue (./errors.ts) has reacted.
 */
import redaxios, { type Options, type Response } from 'redaxios';
import { apiBase, merchantCode } from '../config/config.ts';
import { language } from '../i18n/i18n.ts';
import { token } from '../session/sessionInfo.ts';
import { sessionStore, KEY_PREFIX } from '../storage/storage.ts';
import { endpoints, type ApiResponse, type Endpoint, type Row, type RsaKeyValue } from '../../contract/endpoints.ts';
import { handleFailure, ORIGIN_NOT_ALLOWED, perform, reactionFor, type Failure, type Reaction } from './errors.ts';
import type { WireCode } from '../../contract/errors.ts';
import { requestSignal } from './abort.ts';
import { CLIENT_B_TIMEOUT_MS, queryString, takeEarly } from './early.ts';
import { sealBody } from './encryption.ts';
import { hashString } from '../hash.ts';

export { CLIENT_B_TIMEOUT_MS };

/** How long the refused-origin check waits for the operator's ping (the ping abort of docs/product.md §9). */
export const ORIGIN_CHECK_TIMEOUT_MS = 5000;
export const CACHE_PREFIX = `${KEY_PREFIX}cache:`;

export interface CallOptions {
  /** false: the error catalogue shows no alert for this call. */
  alert?: boolean;
  /**
   * With `alert: false`: a lost session still shows the please-login notice. For the background calls
   * of a signed-in page (unread count, rank progress, popups), which may be the first to find the
   * session gone: their own failures are nobody's business, the player's session is.
   */
  sessionAlert?: boolean;
  /** false: do not send Authorization even when the endpoint would. */
  auth?: boolean;
  /** Cache a successful GET in session storage (defaults to the endpoint's `cache`). */
  cache?: boolean;
  /** Overrides the timeout in ms (0: none). */
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Call another origin (the line speed test pings candidate domains). */
  baseUrl?: string;
}

export class ApiError extends Error {
  /** Typed so that a code literal compared with it must be in src/contract/errors.ts. */
  readonly errorCode: WireCode | undefined;
  constructor(
    readonly status: number | undefined,
    errorCode: string | undefined,
    /** The server's own message, if it sent one. */
    readonly serverMessage: string | undefined,
    readonly value: unknown,
    readonly reaction: Reaction,
  ) {
    super(serverMessage ?? errorCode ?? 'request failed');
    this.name = 'ApiError';
    this.errorCode = errorCode as WireCode | undefined;
  }
}

function isEnvelope(data: unknown): data is ApiResponse {
  return typeof data === 'object' && data !== null && typeof (data as ApiResponse).success === 'boolean';
}

let rsaKey: Promise<string> | undefined;
/** Server clock − this device's clock, from the key answer: sealed requests are dated on the server's clock. */
let clockOffset = 0;

/** The server's RSA public key, fetched once per page (GET /wps/session/key/rsa?_=timestamp). */
function publicKey(): Promise<string> {
  rsaKey ??= call(endpoints.rsaKey, { _: Date.now() }, { alert: false }).then((r) => {
    const value = r.value as RsaKeyValue;
    if (typeof value.serverTime === 'number' && Number.isFinite(value.serverTime)) clockOffset = value.serverTime - Date.now();
    return value.rsaKey;
  });
  rsaKey.catch(() => (rsaKey = undefined));
  return rsaKey;
}

/**
 * Seals a body with the server's key. Without a usable key the call fails like a refused answer
 * would, through the error catalogue with the caller's `alert` (the key request itself is quiet),
 * and an unusable key is not kept.
 */
async function sealForServer(payload: unknown, alert: boolean | undefined) {
  const fail = (f: Failure): never => {
    throw new ApiError(f.status, f.errorCode, f.message, f.value, handleFailure({ ...f, alert }));
  };
  const key = await publicKey().catch((err: unknown) => {
    // A silent failure was silent only because the key request says alert:false; anything else was handled.
    if (!isApiError(err) || err.reaction.kind !== 'silent') throw err;
    return fail({ status: err.status, errorCode: err.errorCode, message: err.serverMessage, value: err.value });
  });
  try {
    return await sealBody(payload, key, clockOffset);
  } catch (err) {
    const keyInvalid = err instanceof Error && err.message === 'encryption.key.invalid';
    if (keyInvalid) rsaKey = undefined;
    return fail({ errorCode: keyInvalid ? 'encryption.key.invalid' : 'encryption.unavailable' });
  }
}

interface RawResult {
  status?: number;
  data: unknown;
}

async function send(
  row: Endpoint,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeout: number,
  own?: AbortSignal,
): Promise<RawResult> {
  const { signal, dispose } = requestSignal(timeout, own);
  try {
    const request = redaxios.request as (config: Options) => Promise<Response<unknown>>;
    const res = await request({
      url,
      method: row.method.toLowerCase() as Options['method'],
      data: body,
      headers,
      withCredentials: row.client === 'B' && row.cookies !== false,
      // redaxios does not pass a signal to fetch itself.
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, signal })) as typeof fetch,
      validateStatus: () => true,
    });
    // redaxios swallows a failed body read (.catch(Object)): an abort after the headers arrived
    // would come back as a 200 whose data is the DOMException. It is the abort, not an answer.
    if (signal.aborted) throw signal.reason;
    return { status: res.status, data: res.data };
  } catch (err) {
    const reason = signal.aborted ? signal.reason : err;
    const name = (reason as DOMException | undefined)?.name;
    if (name === 'TimeoutError') return { data: { success: false, errorCode: 'ECONNABORTED', message: undefined } };
    if (name === 'AbortError') throw reason;
    return { data: { success: false, errorCode: 'network.error', message: undefined } };
  } finally {
    dispose();
  }
}

/**
 * Calls the endpoint of a contract row (src/contract/endpoints.ts, or a lazy part's ./rows/*.ts),
 * typed from the row: the payload it takes, the value it answers.
 */
export async function call<P, V>(row: Row<P, V>, payload?: NoInfer<P>, options: CallOptions = {}): Promise<ApiResponse<V>> {
  const isGet = row.method === 'GET';
  const base = options.baseUrl ?? apiBase.value;
  const url = base + row.path + (isGet ? queryString(payload) : '');

  const headers: Record<string, string> = { Language: language.value, ...options.headers };
  if (merchantCode.value) headers.Merchant = merchantCode.value;
  if (row.auth && options.auth !== false && token.value) headers.Authorization = token.value;
  if (row.client === 'B') {
    headers['Content-Type'] = 'application/json';
    if (row.moduleId) headers.ModuleId = row.moduleId;
  }

  const cacheable = isGet && (options.cache ?? row.cache ?? false);
  // Merchant and language are part of the key: the same URL answers differently for each.
  const cacheKey = CACHE_PREFIX + hashString(`${headers.Merchant ?? ''}|${headers.Language}|${url}`);
  if (cacheable) {
    const hit = sessionStore.get<ApiResponse<V>>(cacheKey);
    if (hit && isEnvelope(hit) && hit.success) return hit;
  }

  let body: unknown = isGet ? undefined : (payload ?? {});
  if (row.encrypted && !isGet) {
    const sealed = await sealForServer(payload, options.alert);
    Object.assign(headers, sealed.headers);
    body = sealed.body;
  }

  const timeout = options.timeout ?? row.timeout ?? (row.client === 'B' ? CLIENT_B_TIMEOUT_MS : 0);
  // The host page may have asked already, before this code loaded (early.ts).
  const early = isGet && !options.signal ? takeEarly(url, headers.Language ?? '', headers.Merchant ?? '') : undefined;
  const { status, data } = (early && (await early)) || (await send(row, url, body, headers, timeout, options.signal));
  if (
    isEnvelope(data) &&
    data.errorCode === 'network.error' &&
    !options.baseUrl &&
    row.path !== endpoints.ping.path &&
    (await originRefused(base))
  ) {
    const value = { origin: location.origin, apiBase: new URL(base).origin, merchant: merchantCode.value };
    const reaction = handleFailure({ errorCode: ORIGIN_NOT_ALLOWED, value, alert: options.alert });
    throw new ApiError(undefined, ORIGIN_NOT_ALLOWED, undefined, value, reaction);
  }

  // Plain JSON files (asset manifests): any parsed object on a 2xx is the value.
  if (row.raw && status !== undefined && status < 300 && typeof data === 'object' && data !== null) {
    return { success: true, value: data } as ApiResponse<V>;
  }

  // /lgw/ answers are handed over as they are, whatever they hold.
  if (row.path.includes('/lgw/')) return (isEnvelope(data) ? data : { success: true, value: data }) as ApiResponse<V>;

  if (isEnvelope(data) && data.success && (status === undefined || status < 400)) {
    if (cacheable) sessionStore.set(cacheKey, data);
    return data as ApiResponse<V>;
  }

  const failure = isEnvelope(data)
    ? { status, errorCode: data.errorCode, message: data.message, value: data.value }
    : { status, errorCode: 'response.malformed', message: undefined, value: undefined };
  // The server no longer takes the key this page holds (for example a new key pair): fetch it again next time.
  if (row.encrypted && failure.errorCode === 'encryption.key.invalid') rsaKey = undefined;
  let reaction = reactionFor({ ...failure, alert: options.alert, sessionAlert: options.sessionAlert });
  // A session loss answered for a token that is no longer this page's (the player logged out, or
  // logged in anew, while the call was on its way) is old news: nothing to end, nobody to tell.
  if (reaction.kind === 'logout' && headers.Authorization !== undefined && headers.Authorization !== token.value)
    reaction = { kind: 'silent' };
  perform(reaction);
  throw new ApiError(status, failure.errorCode, failure.message, failure.value, reaction);
}

/**
 * Whether a call to `base` that got no answer was refused by CORS: the page is on another origin, and
 * the operator's ping (open to every origin, a simple GET without credentials or custom headers, so no
 * preflight) answers from the same base. A ping without an answer means the network or the line.
 * Asked again on each such failure (they are few: the page's first calls), so a network that drops
 * later is still told apart.
 */
async function originRefused(base: string): Promise<boolean> {
  if (!base || typeof location === 'undefined') return false;
  let baseOrigin: string;
  try {
    baseOrigin = new URL(base).origin;
  } catch {
    return false;
  }
  if (baseOrigin === location.origin) return false;
  try {
    await fetch(`${baseOrigin}${endpoints.ping.path}?speed=${Date.now()}`, {
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(ORIGIN_CHECK_TIMEOUT_MS),
    });
  } catch {
    return false;
  }
  return true;
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
