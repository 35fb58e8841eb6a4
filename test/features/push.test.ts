/**
 * Push (src/features/push/model.ts, prompt.ts, session.ts; docs/push.md; docs/product.md §3, §4, §9):
 * the merchant's push config, what the browser supports, the cached registration's seven fields, the
 * create / keep / update / replace rule (7 days to the millisecond), the push service's registrations
 * API as the server's stand-in receives it (bodies and headers), the relay's bind, subscribe and
 * unsubscribe calls, the soft prompt's page-view rule and back-off (3, 7, 30 days to the
 * millisecond) and push following the session (login registers, logout unsubscribes).
 *
 * The service worker container, its registration, push manager and subscription are plain fakes;
 * Notification.permission is faked; the push service is the stand-in (pushServiceUrl), so no
 * Firebase code loads.
 */
import { expect } from 'chai';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { merchantCode } from '../../src/core/config/config.ts';
import { resetSiteData, siteStatus } from '../../src/core/config/siteStatus.ts';
import { language } from '../../src/core/i18n/i18n.ts';
import { clearSession, saveSession } from '../../src/core/session/sessionInfo.ts';
import {
  isValidRegistration,
  PushError,
  pushConfig,
  pushToken,
  registerPush,
  registrationAction,
  TOKEN_REFRESH_MS,
  unregisterPush,
  unsupportedReason,
  type PushConfig,
  type PushDeps,
  type PushRegistration,
  type SupportEnv,
} from '../../src/features/push/model.ts';
import { countPageView, promptDue, recordDismissal } from '../../src/features/push/prompt.ts';
import { lastPushError, watchPushSession } from '../../src/features/push/session.ts';
import { json, sleep, stubFetch, waitFor, type FetchCall, type FetchStub } from '../browser-helpers/helpers.ts';
import { fakeProperty, statusFixture } from '../browser-helpers/status.ts';

const DAY = 86_400_000;
const CACHE_KEY = 'wps:pushRegistration';
const SCOPE = '/firebase-cloud-messaging-push-scope';
const SERVICE = 'http://127.0.0.1:1/push-service/v1';
const REGISTRATIONS = '/push-service/v1/projects/demo-proj/registrations';
const BIND = '/wps/relay/CSP_fcmBind';
const SUBSCRIBE = '/wps/relay/CSP_fcmSubscribe';
const UNSUBSCRIBE = '/wps/relay/CSP_fcmUnsubscribe';

/** base64url without padding, written here independently of the model. */
function b64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

/** A 65-byte uncompressed P-256 point's shape (0x04 first); the fake push manager never checks the curve. */
const VAPID_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 7 + 3) & 0xff));
const VAPID = b64url(VAPID_BYTES);
const OTHER_VAPID = b64url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 11 + 5) & 0xff)));
const AUTH = bytes(16, 1);
const P256DH = bytes(65, 2);
const ENDPOINT = 'https://push.example.test/send/abc';

function sms(over: Partial<NonNullable<SiteStatus['info']['sms']>> = {}): SiteStatus {
  const base = statusFixture();
  return {
    ...base,
    info: {
      ...base.info,
      sms: {
        apiKey: 'api-key-1',
        appId: '1:123:web:abc',
        projectId: 'demo-proj',
        messagingSenderId: '123',
        vapidKey: VAPID,
        pushServiceUrl: SERVICE,
        ...over,
      },
    },
  };
}
const config = (): PushConfig => pushConfig(sms());

// ---- The fake service worker container, registration, push manager and subscription ----

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  getKey(name: string): ArrayBuffer | null;
  unsubscribe(): Promise<boolean>;
}

function fakeSubscription(endpoint = ENDPOINT, key: Uint8Array | null = VAPID_BYTES, auth = AUTH, p256dh = P256DH) {
  const sub: FakeSubscription & { unsubscribed: number } = {
    endpoint,
    options: { applicationServerKey: key ? key.slice().buffer : null },
    getKey: (name) => (name === 'auth' ? auth.slice().buffer : name === 'p256dh' ? p256dh.slice().buffer : null),
    unsubscribed: 0,
    unsubscribe: async () => {
      sub.unsubscribed++;
      return true;
    },
  };
  return sub;
}

interface FakeWorker {
  container: PushDeps['serviceWorker'];
  registered: [string, RegistrationOptions | undefined][];
  scopesAsked: (string | undefined)[];
  subscribeOptions: PushSubscriptionOptionsInit[];
  /** The browser's current subscription (null: none). */
  current: ReturnType<typeof fakeSubscription> | null;
  /** What subscribe() answers. */
  next: ReturnType<typeof fakeSubscription>;
  failRegister: boolean;
  noPushManager: boolean;
  failSubscribe: boolean;
}

function fakeWorker(): FakeWorker {
  const w: FakeWorker = {
    registered: [],
    scopesAsked: [],
    subscribeOptions: [],
    current: null,
    next: fakeSubscription(),
    failRegister: false,
    noPushManager: false,
    failSubscribe: false,
    container: undefined as never,
  };
  const pushManager = {
    getSubscription: async () => w.current,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      w.subscribeOptions.push(options);
      if (w.failSubscribe) throw new DOMException('no', 'NotAllowedError');
      w.current = w.next;
      return w.next;
    },
  };
  const registration = () => (w.noPushManager ? { scope: SCOPE } : { scope: SCOPE, pushManager });
  w.container = {
    register: (async (url: string | URL, options?: RegistrationOptions) => {
      w.registered.push([String(url), options]);
      if (w.failRegister) throw new TypeError('404');
      return registration();
    }) as never,
    getRegistration: (async (scope?: string) => {
      w.scopesAsked.push(scope);
      return registration();
    }) as never,
  };
  return w;
}

// ---- The push service stand-in and the relay, behind one fetch stub ----

let stub: FetchStub | undefined;
/** The push service's answer to each call. */
let service: (c: FetchCall) => Response;
/** The relay's answer to each call. */
let relay: (c: FetchCall) => Response;
function backend() {
  stub = stubFetch((c) => {
    if (c.url.pathname.startsWith('/push-service/v1/')) return service(c);
    if (c.url.pathname.startsWith('/wps/relay/')) return relay(c);
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}
const serviceCalls = () => stub!.calls.filter((c) => c.url.pathname.startsWith('/push-service/'));
const bodyOf = (c: FetchCall) => JSON.parse(c.body ?? 'null') as unknown;
const KEYS = { endpoint: ENDPOINT, auth: b64url(AUTH), p256dh: b64url(P256DH) };
const webBody = (keys = KEYS, vapid = VAPID) => ({ web: { ...keys, applicationPubKey: vapid } });

let permission: NotificationPermission = 'granted';
let restorePermission: (() => void) | undefined;
let restoreWorker: (() => void) | undefined;
let now = 1_700_000_000_000;
let worker: FakeWorker;
const deps = (): PushDeps => ({ serviceWorker: worker.container, now: () => now });
let stopWatch: (() => void) | undefined;

function cache(over: Partial<PushRegistration> = {}): PushRegistration {
  return { createTime: 1_690_000_000_000, token: 'tok-cached', ...KEYS, swScope: SCOPE, vapidKey: VAPID, ...over };
}
const storedCache = () => JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as unknown;
const setCache = (r: unknown) => localStorage.setItem(CACHE_KEY, JSON.stringify(r));

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e, String(e)).to.be.instanceOf(PushError);
    return (e as PushError).code;
  }
  throw new Error('expected a PushError, the promise resolved');
}

function reset() {
  stopWatch?.();
  stopWatch = undefined;
  stub?.restore();
  stub = undefined;
  restorePermission?.();
  restorePermission = undefined;
  restoreWorker?.();
  restoreWorker = undefined;
  clearSession();
  resetSiteData();
  lastPushError.value = undefined;
  sessionStorage.clear();
  localStorage.clear();
  language.value = 'EN';
  merchantCode.value = 'DEMO01';
  permission = 'granted';
  now = 1_700_000_000_000;
  worker = fakeWorker();
  service = (c) => (c.method === 'DELETE' ? json({}) : json({ token: c.method === 'PATCH' ? 'tok-updated' : 'tok-new' }));
  relay = () => json({ success: true });
  restorePermission = fakeProperty(Notification, 'permission', () => permission);
}
let merchantBefore = '';
before(() => {
  merchantBefore = merchantCode.value;
});
after(() => {
  merchantCode.value = merchantBefore;
});
beforeEach(reset);
afterEach(reset);

describe('pushConfig', () => {
  for (const field of ['apiKey', 'appId', 'projectId', 'messagingSenderId'] as const) {
    it(`missing-app-config-values without ${field}`, () => {
      expect(() => pushConfig(sms({ [field]: undefined }))).to.throw(PushError, 'missing-app-config-values');
      expect(() => pushConfig(sms({ [field]: '' }))).to.throw(PushError, 'missing-app-config-values');
    });
  }
  it('missing-app-config-values without sms or without a status', () => {
    const base = statusFixture();
    expect(() => pushConfig(base)).to.throw(PushError, 'missing-app-config-values');
    expect(() => pushConfig(undefined)).to.throw(PushError, 'missing-app-config-values');
  });
  it('the stand-in named by pushServiceUrl (trailing slash dropped)', () => {
    const cfg = pushConfig(sms({ pushServiceUrl: `${SERVICE}/` }));
    expect(cfg).to.deep.include({
      apiKey: 'api-key-1',
      projectId: 'demo-proj',
      vapidKey: VAPID,
      serviceUrl: SERVICE,
      standIn: true,
    });
  });
  it("Google's push service without a stand-in, or with one that is no plain http(s) URL", () => {
    for (const url of [undefined, 'javascript:alert(1)//x/', 'http://x.test/v1?a=b', 'ftp://x.test/v1']) {
      const cfg = pushConfig(sms({ pushServiceUrl: url }));
      expect(cfg.serviceUrl, String(url)).to.equal('https://fcmregistrations.googleapis.com/v1');
      expect(cfg.standIn, String(url)).to.equal(false);
    }
  });
});

describe('unsupportedReason', () => {
  const ios = (v: string) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Mobile/15E148 Safari/604.1`;
  const android =
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
  const all: SupportEnv = {
    ua: android,
    standalone: false,
    hasServiceWorker: true,
    hasPushManager: true,
    hasNotification: true,
    hasIndexedDb: true,
  };
  const rows: [string, Partial<SupportEnv>, string | undefined][] = [
    ['Android Chrome with everything', {}, undefined],
    ['iOS 16.3 even installed', { ua: ios('16_3'), standalone: true }, 'unsupported-browser'],
    ['iOS 15.8 installed', { ua: ios('15_8'), standalone: true }, 'unsupported-browser'],
    ['iOS 16.4 in a Safari tab', { ua: ios('16_4'), standalone: false }, 'ios-needs-install'],
    ['iOS 17.2 in a Safari tab', { ua: ios('17_2'), standalone: false }, 'ios-needs-install'],
    ['iOS 16.4 installed', { ua: ios('16_4'), standalone: true }, undefined],
    ['iOS 17.0 installed', { ua: ios('17_0'), standalone: true }, undefined],
    ['no serviceWorker', { hasServiceWorker: false }, 'unsupported-browser'],
    ['no PushManager', { hasPushManager: false }, 'unsupported-browser'],
    ['no Notification', { hasNotification: false }, 'unsupported-browser'],
    ['no indexedDB', { hasIndexedDb: false }, 'indexed-db-unsupported'],
    ['no indexedDB and no Notification', { hasIndexedDb: false, hasNotification: false }, 'unsupported-browser'],
  ];
  for (const [name, over, expected] of rows) {
    it(`${name}: ${String(expected)}`, () => expect(unsupportedReason({ ...all, ...over })).to.equal(expected));
  }
});

describe('isValidRegistration: all seven fields', () => {
  it('a full registration is valid', () => expect(isValidRegistration(cache())).to.equal(true));
  for (const field of ['createTime', 'token', 'auth', 'p256dh', 'endpoint', 'swScope', 'vapidKey'] as const) {
    it(`invalid without ${field}, or with it empty`, () => {
      const missing: Record<string, unknown> = { ...cache() };
      delete missing[field];
      expect(isValidRegistration(missing), 'missing').to.equal(false);
      expect(isValidRegistration({ ...cache(), [field]: field === 'createTime' ? 0 : '' }), 'empty').to.equal(false);
    });
  }
  it('invalid: nothing, a string, a createTime as text', () => {
    expect(isValidRegistration(undefined)).to.equal(false);
    expect(isValidRegistration(null)).to.equal(false);
    expect(isValidRegistration('tok')).to.equal(false);
    expect(isValidRegistration({ ...cache(), createTime: '1690000000000' })).to.equal(false);
  });
});

describe('registrationAction', () => {
  const c = cache();
  it('the refresh age is 7 days', () =>
    expect(TOKEN_REFRESH_MS)
      .to.equal(7 * DAY)
      .and.to.equal(604800000));
  it('create without a cache', () => expect(registrationAction(undefined, KEYS, VAPID, c.createTime)).to.equal('create'));
  it('keep until 1 ms before 7 days, update at 7 days', () => {
    expect(registrationAction(c, KEYS, VAPID, c.createTime)).to.equal('keep');
    expect(registrationAction(c, KEYS, VAPID, c.createTime + 604800000 - 1)).to.equal('keep');
    expect(registrationAction(c, KEYS, VAPID, c.createTime + 604800000)).to.equal('update');
    expect(registrationAction(c, KEYS, VAPID, c.createTime + 30 * DAY)).to.equal('update');
  });
  for (const field of ['endpoint', 'auth', 'p256dh'] as const) {
    it(`update when the subscription's ${field} changed, however fresh`, () => {
      expect(registrationAction(c, { ...KEYS, [field]: 'changed' }, VAPID, c.createTime + 1)).to.equal('update');
    });
  }
  it('replace when the VAPID key differs (even with a changed subscription)', () => {
    expect(registrationAction(c, KEYS, OTHER_VAPID, c.createTime + 1)).to.equal('replace');
    expect(registrationAction(c, { ...KEYS, endpoint: 'x' }, OTHER_VAPID, c.createTime + 8 * DAY)).to.equal('replace');
  });
  it('replace when the cached worker scope differs', () => {
    expect(registrationAction(cache({ swScope: '/m/' }), KEYS, VAPID, c.createTime + 1)).to.equal('replace');
  });
});

describe('pushToken: the permission and the service worker', () => {
  it('permission denied: permission-blocked, no worker registered', async () => {
    permission = 'denied';
    backend();
    expect(await codeOf(pushToken(config(), deps()))).to.equal('permission-blocked');
    expect(worker.registered).to.deep.equal([]);
  });
  it('permission default: permission-default, no worker registered', async () => {
    permission = 'default';
    backend();
    expect(await codeOf(pushToken(config(), deps()))).to.equal('permission-default');
    expect(worker.registered).to.deep.equal([]);
  });
  it('the worker registration rejects: failed-service-worker-registration', async () => {
    worker.failRegister = true;
    backend();
    expect(await codeOf(pushToken(config(), deps()))).to.equal('failed-service-worker-registration');
    expect(serviceCalls()).to.deep.equal([]);
  });
  it('a registration without pushManager: invalid-sw-registration', async () => {
    worker.noPushManager = true;
    backend();
    expect(await codeOf(pushToken(config(), deps()))).to.equal('invalid-sw-registration');
  });
  it('pushManager.subscribe rejects: token-subscribe-failed, nothing cached', async () => {
    worker.failSubscribe = true;
    backend();
    expect(await codeOf(pushToken(config(), deps()))).to.equal('token-subscribe-failed');
    expect(serviceCalls()).to.deep.equal([]);
    expect(localStorage.getItem(CACHE_KEY)).to.equal(null);
  });
  it('registers the worker with the config in its URL, under the Firebase scope, and subscribes with the VAPID key', async () => {
    backend();
    await pushToken(config(), deps());
    expect(worker.registered).to.have.length(1);
    const [url, options] = worker.registered[0]!;
    const u = new URL(url, location.origin);
    expect(u.pathname).to.equal('/firebase-messaging-sw.js');
    expect(Object.fromEntries(u.searchParams)).to.deep.equal({
      projectId: 'demo-proj',
      appId: '1:123:web:abc',
      messagingSenderId: '123',
    });
    expect(options).to.deep.equal({ scope: SCOPE });
    expect(worker.subscribeOptions).to.have.length(1);
    expect(worker.subscribeOptions[0]!.userVisibleOnly).to.equal(true);
    expect([...new Uint8Array(worker.subscribeOptions[0]!.applicationServerKey as ArrayBuffer)]).to.deep.equal([...VAPID_BYTES]);
  });
  it('keeps a current subscription made with the same key (no new subscribe)', async () => {
    worker.current = fakeSubscription();
    backend();
    await pushToken(config(), deps());
    expect(worker.subscribeOptions).to.have.length(0);
    expect(worker.current.unsubscribed).to.equal(0);
  });
  it('a current subscription made with another key is dropped and made again', async () => {
    const old = fakeSubscription(
      'https://push.example.test/send/old',
      Uint8Array.from({ length: 65 }, () => 9),
    );
    worker.current = old;
    backend();
    await pushToken(config(), deps());
    expect(old.unsubscribed).to.equal(1);
    expect(worker.subscribeOptions).to.have.length(1);
  });
  it('without a VAPID key: missing-app-config-values', async () => {
    backend();
    expect(await codeOf(pushToken(pushConfig(sms({ vapidKey: undefined })), deps()))).to.equal('missing-app-config-values');
  });
});

describe('pushToken: the push service (create, keep, update, replace)', () => {
  it('create: POST …/projects/{projectId}/registrations with the subscription and the API key; the answer cached', async () => {
    backend();
    expect(await pushToken(config(), deps())).to.equal('tok-new');
    const calls = serviceCalls();
    expect(calls.map((c) => `${c.method} ${c.url.href}`)).to.deep.equal([`POST ${SERVICE}/projects/demo-proj/registrations`]);
    const post = calls[0]!;
    expect(bodyOf(post)).to.deep.equal(webBody());
    expect(post.headers.get('x-goog-api-key')).to.equal('api-key-1');
    expect(post.headers.get('content-type')).to.equal('application/json');
    expect(post.headers.has('x-goog-firebase-installations-auth'), 'no Firebase token with the stand-in').to.equal(false);
    expect(post.credentials).to.equal('omit');
    expect(storedCache()).to.deep.equal({ createTime: now, token: 'tok-new', ...KEYS, swScope: SCOPE, vapidKey: VAPID });
  });
  it('create: the POST fails: token-subscribe-failed, nothing cached', async () => {
    service = () => json({ error: 'boom' }, 500);
    backend();
    expect(await codeOf(pushToken(config(), deps()))).to.equal('token-subscribe-failed');
    expect(localStorage.getItem(CACHE_KEY)).to.equal(null);
  });
  it('create: the answer has no token: token-subscribe-no-token', async () => {
    for (const answer of [{}, { token: '' }, { token: 42 }]) {
      service = () => json(answer);
      backend();
      expect(await codeOf(pushToken(config(), deps())), JSON.stringify(answer)).to.equal('token-subscribe-no-token');
      stub!.restore();
    }
    expect(localStorage.getItem(CACHE_KEY)).to.equal(null);
  });
  it('keep: a cache 1 ms short of 7 days answers its token without calling the push service', async () => {
    setCache(cache());
    worker.current = fakeSubscription();
    now = cache().createTime + 604800000 - 1;
    backend();
    expect(await pushToken(config(), deps())).to.equal('tok-cached');
    expect(serviceCalls()).to.deep.equal([]);
    expect(storedCache()).to.deep.equal(cache());
  });
  it('update: at exactly 7 days, PATCH …/registrations/{token}; the new token and time cached', async () => {
    setCache(cache());
    worker.current = fakeSubscription();
    now = cache().createTime + 604800000;
    backend();
    expect(await pushToken(config(), deps())).to.equal('tok-updated');
    const calls = serviceCalls();
    expect(calls.map((c) => `${c.method} ${c.url.href}`)).to.deep.equal([
      `PATCH ${SERVICE}/projects/demo-proj/registrations/tok-cached`,
    ]);
    expect(bodyOf(calls[0]!)).to.deep.equal(webBody());
    expect(calls[0]!.headers.get('x-goog-api-key')).to.equal('api-key-1');
    expect(storedCache()).to.deep.equal({ ...cache(), createTime: now, token: 'tok-updated' });
  });
  it('update: a fresh cache whose subscription endpoint changed is patched with the new keys', async () => {
    setCache(cache());
    worker.current = fakeSubscription('https://push.example.test/send/new');
    now = cache().createTime + 1000;
    backend();
    expect(await pushToken(config(), deps())).to.equal('tok-updated');
    const [patch] = serviceCalls();
    expect(patch!.method).to.equal('PATCH');
    expect(bodyOf(patch!)).to.deep.equal(webBody({ ...KEYS, endpoint: 'https://push.example.test/send/new' }));
  });
  it('update: the PATCH fails: token-update-failed, the old cache kept', async () => {
    setCache(cache());
    worker.current = fakeSubscription();
    now = cache().createTime + 604800000;
    service = () => json({}, 503);
    backend();
    expect(await codeOf(pushToken(config(), deps()))).to.equal('token-update-failed');
    expect(storedCache()).to.deep.equal(cache());
  });
  it('update: the PATCH answers no token: token-update-no-token', async () => {
    setCache(cache());
    worker.current = fakeSubscription();
    now = cache().createTime + 604800000;
    service = () => json({ name: 'x' });
    backend();
    expect(await codeOf(pushToken(config(), deps()))).to.equal('token-update-no-token');
  });
  it('replace: a cache made with another VAPID key is deleted at the push service, then a new one created', async () => {
    setCache(cache({ vapidKey: OTHER_VAPID }));
    worker.current = fakeSubscription();
    now = cache().createTime + 1000;
    backend();
    expect(await pushToken(config(), deps())).to.equal('tok-new');
    expect(serviceCalls().map((c) => `${c.method} ${c.url.pathname}`)).to.deep.equal([
      `DELETE ${REGISTRATIONS}/tok-cached`,
      `POST ${REGISTRATIONS}`,
    ]);
    expect(storedCache()).to.deep.include({ token: 'tok-new', vapidKey: VAPID, createTime: now });
  });
  it('an invalid cache (a field missing) counts as none: create', async () => {
    const broken: Record<string, unknown> = { ...cache() };
    delete broken.p256dh;
    setCache(broken);
    worker.current = fakeSubscription();
    backend();
    expect(await pushToken(config(), deps())).to.equal('tok-new');
    expect(serviceCalls().map((c) => c.method)).to.deep.equal(['POST']);
  });
});

describe('registerPush and unregisterPush: the relay', () => {
  it('binds the token, then subscribes the topics merchant and merchant_LANG, with the session', async () => {
    saveSession({ token: 'member-tok', merchantCode: 'DEMO01', type: 0 });
    backend();
    expect(await registerPush(config(), 'EN', deps())).to.equal('tok-new');
    const relayCalls = stub!.calls.filter((c) => c.url.pathname.startsWith('/wps/relay/'));
    expect(relayCalls.map((c) => [c.method, c.url.pathname, bodyOf(c)])).to.deep.equal([
      ['POST', BIND, { registrationToken: 'tok-new' }],
      ['POST', SUBSCRIBE, { registrationToken: 'tok-new', topic: 'DEMO01' }],
      ['POST', SUBSCRIBE, { registrationToken: 'tok-new', topic: 'DEMO01_EN' }],
    ]);
    for (const c of relayCalls) expect(c.headers.get('Authorization'), c.url.pathname).to.equal('member-tok');
  });
  it('the language topic in the player language', async () => {
    backend();
    await registerPush(config(), 'PT-BR', deps());
    expect(stub!.to(SUBSCRIBE).map((c) => (bodyOf(c) as { topic: string }).topic)).to.deep.equal(['DEMO01', 'DEMO01_PT-BR']);
  });
  it('the bind refused: bind-failed, no topic subscribed', async () => {
    relay = (c) => (c.url.pathname === BIND ? json({ success: false, errorCode: 'bind.refused' }) : json({ success: true }));
    backend();
    expect(await codeOf(registerPush(config(), 'EN', deps()))).to.equal('bind-failed');
    expect(stub!.to(SUBSCRIBE)).to.have.length(0);
  });
  it('a topic subscription unreachable: bind-failed', async () => {
    relay = (c) => (c.url.pathname === SUBSCRIBE ? json({ success: false, errorCode: 'x' }, 500) : json({ success: true }));
    backend();
    expect(await codeOf(registerPush(config(), 'EN', deps()))).to.equal('bind-failed');
  });
  it('no relay call when the token cannot be had', async () => {
    permission = 'default';
    backend();
    expect(await codeOf(registerPush(config(), 'EN', deps()))).to.equal('permission-default');
    expect(stub!.calls).to.have.length(0);
  });

  it('unregister: relay unsubscribeAll without Authorization, DELETE at the push service, the subscription ended, the cache removed', async () => {
    saveSession({ token: 'member-tok', merchantCode: 'DEMO01', type: 0 });
    setCache(cache());
    worker.current = fakeSubscription();
    const sub = worker.current;
    backend();
    await unregisterPush(config(), deps());
    expect(stub!.to(UNSUBSCRIBE).map((c) => bodyOf(c))).to.deep.equal([
      { registrationToken: 'tok-cached', unsubscribeAll: true },
    ]);
    expect(stub!.to(UNSUBSCRIBE)[0]!.headers.has('Authorization')).to.equal(false);
    expect(serviceCalls().map((c) => `${c.method} ${c.url.href}`)).to.deep.equal([
      `DELETE ${SERVICE}/projects/demo-proj/registrations/tok-cached`,
    ]);
    expect(serviceCalls()[0]!.headers.get('x-goog-api-key')).to.equal('api-key-1');
    expect(worker.scopesAsked).to.deep.equal([SCOPE]);
    expect(sub.unsubscribed).to.equal(1);
    expect(localStorage.getItem(CACHE_KEY)).to.equal(null);
  });
  it('unregister: the DELETE fails: token-unsubscribe-failed, but the cache is gone and the subscription ended', async () => {
    setCache(cache());
    worker.current = fakeSubscription();
    const sub = worker.current;
    service = () => json({}, 500);
    backend();
    expect(await codeOf(unregisterPush(config(), deps()))).to.equal('token-unsubscribe-failed');
    expect(localStorage.getItem(CACHE_KEY)).to.equal(null);
    expect(sub.unsubscribed).to.equal(1);
    expect(stub!.to(UNSUBSCRIBE)).to.have.length(1);
  });
  it('unregister without a cache: no call at all', async () => {
    backend();
    await unregisterPush(config(), deps());
    expect(stub!.calls).to.have.length(0);
    expect(worker.scopesAsked).to.deep.equal([]);
  });
});

describe('the soft prompt: when it is due', () => {
  const T = 1_700_000_000_000;
  const rec = (dismissals: number, last = T) => ({ dismissals, last });
  it('never with fewer than 2 page views', () => {
    expect(promptDue(T, 0, rec(0, 0))).to.equal(false);
    expect(promptDue(T, 1, rec(0, 0))).to.equal(false);
    expect(promptDue(T, 2, rec(0, 0))).to.equal(true);
  });
  it('page views counted in session storage (wps:pageViews)', () => {
    expect(countPageView()).to.equal(1);
    expect(promptDue(T), 'first page view').to.equal(false);
    expect(countPageView()).to.equal(2);
    expect(sessionStorage.getItem('wps:pageViews')).to.equal('2');
    expect(promptDue(T), 'second page view').to.equal(true);
  });
  it('never again this session once dismissed (wps:pushPromptDismissed)', () => {
    sessionStorage.setItem('wps:pushPromptDismissed', 'true');
    expect(promptDue(T + 365 * DAY, 5, rec(0, 0))).to.equal(false);
  });
  const backoff: [number, number][] = [
    [1, 3],
    [2, 7],
    [3, 30],
    [4, 30],
    [9, 30],
  ];
  for (const [dismissals, days] of backoff) {
    it(`after ${dismissals} dismissal(s): not due until ${days} days, due at ${days} days`, () => {
      expect(promptDue(T + days * DAY - 1, 2, rec(dismissals))).to.equal(false);
      expect(promptDue(T + days * DAY, 2, rec(dismissals))).to.equal(true);
    });
  }
  it('recordDismissal: closed for the session, counted with its time in wps:pushPrompt across sessions', () => {
    countPageView();
    countPageView();
    recordDismissal(T);
    expect(JSON.parse(localStorage.getItem('wps:pushPrompt')!)).to.deep.equal({ dismissals: 1, last: T });
    expect(promptDue(T + 100 * DAY), 'the same session').to.equal(false);
    sessionStorage.removeItem('wps:pushPromptDismissed'); // a new session
    expect(promptDue(T + 3 * DAY - 1)).to.equal(false);
    expect(promptDue(T + 3 * DAY)).to.equal(true);
    recordDismissal(T + 3 * DAY);
    expect(JSON.parse(localStorage.getItem('wps:pushPrompt')!)).to.deep.equal({ dismissals: 2, last: T + 3 * DAY });
    sessionStorage.removeItem('wps:pushPromptDismissed');
    expect(promptDue(T + 10 * DAY - 1)).to.equal(false);
    expect(promptDue(T + 10 * DAY)).to.equal(true);
    recordDismissal(T + 10 * DAY);
    sessionStorage.removeItem('wps:pushPromptDismissed');
    expect(promptDue(T + 40 * DAY - 1)).to.equal(false);
    expect(promptDue(T + 40 * DAY)).to.equal(true);
  });
  it('a malformed stored record counts as no dismissal', () => {
    localStorage.setItem('wps:pushPrompt', JSON.stringify({ dismissals: '3', last: T }));
    sessionStorage.setItem('wps:pageViews', '2');
    expect(promptDue(T)).to.equal(true);
  });
});

describe('push follows the session (watchPushSession)', () => {
  function fakeServiceWorker() {
    restoreWorker = fakeProperty(navigator, 'serviceWorker', () => worker.container);
  }

  it('with permission granted, a login registers and binds; the logout unsubscribes', async () => {
    fakeServiceWorker();
    backend();
    siteStatus.value = sms();
    stopWatch = watchPushSession();
    await sleep(50);
    expect(stub!.calls, 'nothing without a session').to.have.length(0);
    saveSession({ token: 'member-tok', merchantCode: 'DEMO01', type: 0 });
    await waitFor(() => expect(stub!.to(SUBSCRIBE)).to.have.length(2));
    expect(stub!.to(BIND).map((c) => bodyOf(c))).to.deep.equal([{ registrationToken: 'tok-new' }]);
    expect(stub!.to(BIND)[0]!.headers.get('Authorization')).to.equal('member-tok');
    expect(storedCache()).to.deep.include({ token: 'tok-new' });
    expect(lastPushError.value).to.equal(undefined);

    clearSession();
    await waitFor(() => expect(stub!.to(UNSUBSCRIBE)).to.have.length(1));
    expect(bodyOf(stub!.to(UNSUBSCRIBE)[0]!)).to.deep.equal({ registrationToken: 'tok-new', unsubscribeAll: true });
    await waitFor(() => expect(localStorage.getItem(CACHE_KEY)).to.equal(null));
    await waitFor(() => expect(serviceCalls().map((c) => c.method)).to.deep.equal(['POST', 'DELETE']));
  });

  it('permission still undecided: a login registers nothing', async () => {
    permission = 'default';
    fakeServiceWorker();
    backend();
    siteStatus.value = sms();
    stopWatch = watchPushSession();
    saveSession({ token: 'member-tok', merchantCode: 'DEMO01', type: 0 });
    await sleep(100);
    expect(worker.registered).to.have.length(0);
    expect(stub!.calls).to.have.length(0);
  });

  it('a merchant without push: a login registers nothing', async () => {
    fakeServiceWorker();
    backend();
    siteStatus.value = statusFixture();
    stopWatch = watchPushSession();
    saveSession({ token: 'member-tok', merchantCode: 'DEMO01', type: 0 });
    await sleep(100);
    expect(worker.registered).to.have.length(0);
    expect(stub!.calls).to.have.length(0);
  });

  it('a failing registration after login is kept in lastPushError', async () => {
    fakeServiceWorker();
    relay = () => json({ success: false, errorCode: 'nope' });
    backend();
    siteStatus.value = sms();
    stopWatch = watchPushSession();
    saveSession({ token: 'member-tok', merchantCode: 'DEMO01', type: 0 });
    await waitFor(() => expect(lastPushError.value).to.equal('bind-failed'));
  });
});
