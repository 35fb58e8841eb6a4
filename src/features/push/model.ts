/**
 * Push (docs/push.md; docs/product.md §3, §4, §5, §8, §9): the merchant's push config, what the
 * browser supports, the cached registration and its lifecycle against the push service's
 * registrations API, and the relay calls (CSP_fcmBind, CSP_fcmSubscribe, CSP_fcmUnsubscribe).
 * Every failure is a PushError with a code of the catalogue's push errors.
 */
import { call } from '../../core/api/client.ts';
import { pushEndpoints } from '../../contract/rows/push.ts';
import { merchantCode } from '../../core/config/config.ts';
import { localStore } from '../../core/storage/storage.ts';

import { BOUND_KEY, PushError, REGISTRATION_KEY, SW_SCOPE, SW_URL, TOKEN_REFRESH_MS, type PushConfig } from './config.ts';

export * from './config.ts';

/** The cached push registration (docs/product.md §3): valid only with all seven fields. */
export interface PushRegistration {
  createTime: number;
  token: string;
  auth: string;
  p256dh: string;
  endpoint: string;
  swScope: string;
  vapidKey: string;
}

const FIELDS = ['createTime', 'token', 'auth', 'p256dh', 'endpoint', 'swScope', 'vapidKey'] as const;

export function isValidRegistration(r: unknown): r is PushRegistration {
  if (!r || typeof r !== 'object') return false;
  const o = r as Record<string, unknown>;
  return FIELDS.every((f) =>
    f === 'createTime' ? typeof o[f] === 'number' && (o[f] as number) > 0 : typeof o[f] === 'string' && o[f] !== '',
  );
}

export const readRegistration = (): PushRegistration | undefined => {
  const r = localStore.get<unknown>(REGISTRATION_KEY);
  return isValidRegistration(r) ? r : undefined;
};

/** The subscription's parts as the push service wants them. */
export interface SubscriptionKeys {
  endpoint: string;
  auth: string;
  p256dh: string;
}

/** What to do with a cached registration, given the browser's current subscription (docs/product.md §4). */
export function registrationAction(
  cached: PushRegistration | undefined,
  keys: SubscriptionKeys,
  vapidKey: string,
  now: number,
): 'create' | 'update' | 'keep' | 'replace' {
  if (!cached) return 'create';
  if (cached.vapidKey !== vapidKey || cached.swScope !== SW_SCOPE) return 'replace';
  const changed = cached.endpoint !== keys.endpoint || cached.auth !== keys.auth || cached.p256dh !== keys.p256dh;
  if (changed || now - cached.createTime >= TOKEN_REFRESH_MS) return 'update';
  return 'keep';
}

const toBase64Url = (buf: ArrayBuffer | null) =>
  buf
    ? btoa(String.fromCharCode(...new Uint8Array(buf)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

export function subscriptionKeys(sub: PushSubscription): SubscriptionKeys {
  return { endpoint: sub.endpoint, auth: toBase64Url(sub.getKey('auth')), p256dh: toBase64Url(sub.getKey('p256dh')) };
}

function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

/** The Firebase installation token the real push service wants; Firebase loads only here. */
async function installationToken(cfg: PushConfig): Promise<string> {
  const [{ initializeApp, getApps }, { getInstallations, getToken }] = await Promise.all([
    import('firebase/app'),
    import('firebase/installations'),
  ]);
  const name = 'wps-push';
  const app = getApps().find((a) => a.name === name) ?? initializeApp(cfg, name);
  return getToken(getInstallations(app));
}

/** One call to the push service's registrations API; the token it answers, or undefined. */
async function service(cfg: PushConfig, method: 'POST' | 'PATCH' | 'DELETE', token: string | undefined, keys?: SubscriptionKeys) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'x-goog-api-key': cfg.apiKey };
  if (!cfg.standIn) headers['x-goog-firebase-installations-auth'] = `FIS_v2 ${await installationToken(cfg)}`;
  const url = `${cfg.serviceUrl}/projects/${encodeURIComponent(cfg.projectId)}/registrations${token ? `/${encodeURIComponent(token)}` : ''}`;
  const body = keys
    ? JSON.stringify({ web: { endpoint: keys.endpoint, auth: keys.auth, p256dh: keys.p256dh, applicationPubKey: cfg.vapidKey } })
    : undefined;
  const res = await fetch(url, { method, headers, body, credentials: 'omit' });
  if (!res.ok) throw new Error(`push service ${res.status}`);
  const json = (await res.json().catch(() => ({}))) as { token?: unknown };
  return typeof json.token === 'string' && json.token ? json.token : undefined;
}

export interface PushDeps {
  serviceWorker: Pick<ServiceWorkerContainer, 'register' | 'getRegistration'>;
  now: () => number;
}

const browserDeps = (): PushDeps => ({ serviceWorker: navigator.serviceWorker, now: Date.now });

async function workerRegistration(cfg: PushConfig, deps: PushDeps): Promise<ServiceWorkerRegistration> {
  let reg: ServiceWorkerRegistration;
  try {
    // The config travels in the worker's URL (it has no page to ask); it holds no secret.
    const q = new URLSearchParams({ projectId: cfg.projectId, appId: cfg.appId, messagingSenderId: cfg.messagingSenderId });
    reg = await deps.serviceWorker.register(`${SW_URL}?${q.toString()}`, { scope: SW_SCOPE });
  } catch {
    throw new PushError('failed-service-worker-registration');
  }
  if (!reg || !reg.pushManager) throw new PushError('invalid-sw-registration');
  return reg;
}

async function subscription(reg: ServiceWorkerRegistration, vapidKey: string): Promise<PushSubscription> {
  try {
    const existing = await reg.pushManager.getSubscription();
    const key = existing?.options?.applicationServerKey;
    if (existing && (!key || toBase64Url(key) === vapidKey)) return existing;
    if (existing) await existing.unsubscribe();
    return await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(vapidKey) });
  } catch {
    throw new PushError('token-subscribe-failed');
  }
}

/**
 * The push token of this browser: the cached one while it is valid, under 7 days old and its
 * subscription unchanged; else refreshed (PATCH) or created (POST). Needs the permission granted.
 */
export async function pushToken(cfg: PushConfig, deps: PushDeps = browserDeps()): Promise<string> {
  const permission = typeof Notification === 'undefined' ? 'denied' : Notification.permission;
  if (permission === 'denied') throw new PushError('permission-blocked');
  if (permission !== 'granted') throw new PushError('permission-default');
  if (!cfg.vapidKey) throw new PushError('missing-app-config-values');
  const reg = await workerRegistration(cfg, deps);
  const keys = subscriptionKeys(await subscription(reg, cfg.vapidKey));
  const cached = readRegistration();
  const action = registrationAction(cached, keys, cfg.vapidKey, deps.now());
  if (action === 'keep') return cached!.token;
  let token: string | undefined;
  if (action === 'update') {
    try {
      token = await service(cfg, 'PATCH', cached!.token, keys);
    } catch {
      throw new PushError('token-update-failed');
    }
    if (!token) throw new PushError('token-update-no-token');
  } else {
    if (action === 'replace') await service(cfg, 'DELETE', cached!.token).catch(() => undefined);
    try {
      token = await service(cfg, 'POST', undefined, keys);
    } catch {
      throw new PushError('token-subscribe-failed');
    }
    if (!token) throw new PushError('token-subscribe-no-token');
  }
  localStore.set(REGISTRATION_KEY, {
    createTime: deps.now(),
    token,
    ...keys,
    swScope: SW_SCOPE,
    vapidKey: cfg.vapidKey,
  } satisfies PushRegistration);
  return token;
}

/** The topics a member's token is subscribed to: the merchant's, and the merchant's in the player's language. */
export const pushTopics = (merchant: string, language: string) => [
  merchant,
  `${merchant}_${language.replace(/[^A-Za-z0-9-]/g, '')}`,
];

/** Token, then bind it to the member and subscribe its topics (after a login, or a yes to the prompt). */
export async function registerPush(cfg: PushConfig, language: string, deps?: PushDeps): Promise<string> {
  const token = await pushToken(cfg, deps);
  const ok = async () => {
    if (!(await call(pushEndpoints.fcmBind, { registrationToken: token }, { alert: false })).success) return false;
    for (const topic of pushTopics(merchantCode.value, language))
      if (!(await call(pushEndpoints.fcmSubscribe, { registrationToken: token, topic }, { alert: false })).success) return false;
    return true;
  };
  if (!(await ok().catch(() => false))) throw new PushError('bind-failed');
  localStore.set(BOUND_KEY, true);
  return token;
}

/**
 * After a logout (docs/product.md §4): the relay forgets the token's topics and member, the push
 * service the token, the browser the subscription; the cache is deleted.
 */
export async function unregisterPush(cfg: PushConfig | undefined, deps?: Partial<PushDeps>): Promise<void> {
  const cached = readRegistration();
  localStore.remove(REGISTRATION_KEY);
  localStore.remove(BOUND_KEY);
  if (!cached) return;
  await call(pushEndpoints.fcmUnsubscribe, { registrationToken: cached.token, unsubscribeAll: true }, { alert: false }).catch(
    () => undefined,
  );
  let failed = false;
  if (cfg) await service(cfg, 'DELETE', cached.token).catch(() => (failed = true));
  try {
    const reg = await (deps?.serviceWorker ?? navigator.serviceWorker).getRegistration(SW_SCOPE);
    await (await reg?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    failed = true;
  }
  if (failed) throw new PushError('token-unsubscribe-failed');
}
