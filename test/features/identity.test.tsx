/**
 * Identity-provider sign-in (src/features/sign-in/identity): error translation by code with the fallback
 * auth/unknown and the Code and Reason lines (docs/product.md §8), the silent cancelled popup, the private
 * browsing refusal (docs/product.md §5), auth/code-expired without a pending SMS confirmation, the phone and
 * popup flows against a stubbed SDK (the module boundary: `setSdkLoader`), and the bind decision
 * table of bind_customer_required (docs/product.md §4) through the real /wps login with `window.fetch` stubbed.
 */
import { expect } from 'chai';
import EN from '../../src/core/i18n/locales/EN.json';
import { apiBase, merchantCode } from '../../src/core/config/config.ts';
import { siteStatus } from '../../src/core/config/siteStatus.ts';
import { IN_APP_KEY } from '../../src/core/env/env.ts';
import { ensureI18n, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { session } from '../../src/core/session/sessionInfo.ts';
import { sessionStore } from '../../src/core/storage/storage.ts';
import { loginBusy, registerBusy } from '../../src/features/sign-in/model.ts';
import {
  IdentityError,
  confirmPhoneCode,
  identityConfig,
  pendingConfirmation,
  setSdkLoader,
  signInWithEmulatorGoogle,
  signInWithProvider,
  startPhoneSignIn,
  type IdentityConfig,
  type Sdk,
} from '../../src/features/sign-in/identity/firebase.ts';
import {
  DEMO_ACCOUNTS,
  accountOf,
  demoGoogleIdToken,
  demoSubject,
  emailProblem,
} from '../../src/features/sign-in/identity/demoAccounts.ts';
import {
  INCOGNITO_QUOTA_LIMIT,
  chromiumPrivateHeuristic,
  refusedAsPrivate,
  setPrivateModeCheck,
} from '../../src/features/sign-in/identity/incognito.ts';
import {
  BIND_CUSTOMER_REQUIRED,
  NOT_SUPPORT_INCOGNITO,
  SILENT_CODES,
  TRANSLATED_CODES,
  bindDecision,
  bindExistingAccount,
  confirmPhone,
  e164,
  identityErrorText,
  identityLogin,
  registerWithProvider,
  reportIdentityError,
  sendPhoneCode,
  socialSignIn,
} from '../../src/features/sign-in/identity/model.ts';
import { json, stubFetch, waitFor, type FetchCall, type FetchStub } from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { rsaPair, unsealBody } from '../browser-helpers/sealed.ts';
import { statusFixture } from '../browser-helpers/status.ts';

const en = EN as Record<string, string>;

// ---- a stubbed identity-provider SDK -----------------------------------------------------------

interface FakeLog {
  loads: number;
  apps: string[];
  emulator: [string, unknown][];
  popups: string[];
  phones: string[];
  confirms: string[];
  signOuts: number;
  verifiers: { size?: string; holderInDocument: boolean }[];
  /** How many verifiers were cleared. */
  verifierClears: number;
  /** The options each app was started with. */
  appOptions: unknown[];
  /** How each Auth started: 'getAuth' (with Google's popup resolver) or 'initializeAuth' (the options given). */
  starts: unknown[];
  /** The Google ID tokens handed to signInWithCredential. */
  credentials: string[];
  /** The resolver each popup was handed. */
  popupResolvers: unknown[];
  auth: { emulatorConfig: unknown; settings: { appVerificationDisabledForTesting: boolean } };
}

interface FakeBehaviour {
  popup?: () => unknown;
  phone?: () => unknown;
  credential?: () => unknown;
  /** The right SMS code (others: auth/invalid-verification-code). */
  code?: string;
  /** What confirming any code throws instead. */
  confirm?: () => unknown;
}

function fakeSdk(behaviour: FakeBehaviour = {}): { log: FakeLog; loader: () => Promise<Sdk> } {
  const auth = { emulatorConfig: null as unknown, settings: { appVerificationDisabledForTesting: false } };
  const log: FakeLog = {
    loads: 0,
    apps: [],
    emulator: [],
    popups: [],
    phones: [],
    confirms: [],
    signOuts: 0,
    verifiers: [],
    verifierClears: 0,
    appOptions: [],
    starts: [],
    credentials: [],
    popupResolvers: [],
    auth,
  };
  const POPUP_RESOLVER = { name: 'browserPopupRedirectResolver' };
  const IN_MEMORY = { type: 'NONE' };
  const apps: { name: string }[] = [];
  const user = (token: string) => ({ user: { getIdToken: async () => token } });
  class Provider {
    constructor(readonly providerId: string) {}
  }
  const sdk = {
    getApps: () => apps,
    initializeApp: (options: unknown, name: string) => {
      log.appOptions.push(options);
      const app = { name };
      apps.push(app);
      log.apps.push(name);
      return app;
    },
    getAuth: () => {
      log.starts.push('getAuth');
      return auth;
    },
    initializeAuth: (_app: unknown, deps: { persistence?: unknown; popupRedirectResolver?: unknown }) => {
      log.starts.push({
        persistence: deps.persistence === IN_MEMORY ? 'inMemory' : deps.persistence,
        popupRedirectResolver: deps.popupRedirectResolver,
      });
      return auth;
    },
    inMemoryPersistence: IN_MEMORY,
    browserPopupRedirectResolver: POPUP_RESOLVER,
    connectAuthEmulator: (_auth: unknown, url: string, options: unknown) => {
      auth.emulatorConfig = { url };
      log.emulator.push([url, options]);
    },
    GoogleAuthProvider: class extends Provider {
      constructor() {
        super('google.com');
      }
      static credential(idToken: string) {
        return { providerId: 'google.com', idToken };
      }
    },
    FacebookAuthProvider: class extends Provider {
      constructor() {
        super('facebook.com');
      }
    },
    OAuthProvider: Provider,
    RecaptchaVerifier: class {
      constructor(_auth: unknown, holder: HTMLElement, params: { size?: string }) {
        log.verifiers.push({ size: params.size, holderInDocument: document.body.contains(holder) });
      }
      clear() {
        log.verifierClears++;
      }
    },
    signInWithPopup: async (_auth: unknown, provider: Provider, resolver: unknown) => {
      log.popups.push(provider.providerId);
      log.popupResolvers.push(resolver === POPUP_RESOLVER ? 'browserPopupRedirectResolver' : resolver);
      if (behaviour.popup) throw behaviour.popup();
      return user(`popup-token-${provider.providerId}`);
    },
    signInWithCredential: async (_auth: unknown, credential: { providerId: string; idToken: string }) => {
      log.credentials.push(credential.idToken);
      if (behaviour.credential) throw behaviour.credential();
      return user(`emulator-token-${credential.providerId}`);
    },
    signInWithPhoneNumber: async (_auth: unknown, phone: string) => {
      log.phones.push(phone);
      if (behaviour.phone) throw behaviour.phone();
      return {
        verificationId: 'v1',
        confirm: async (code: string) => {
          log.confirms.push(code);
          if (behaviour.confirm) throw behaviour.confirm();
          if (code !== (behaviour.code ?? '123456'))
            throw { code: 'auth/invalid-verification-code', message: 'Firebase: Error (auth/invalid-verification-code).' };
          return user(`phone-token-${phone}`);
        },
      };
    },
    signOut: async () => {
      log.signOuts++;
    },
  };
  return {
    log,
    loader: async () => {
      log.loads++;
      return sdk as unknown as Sdk;
    },
  };
}

const CONFIG: IdentityConfig = {
  apiKey: 'fake-key',
  authDomain: 'demo-test.firebaseapp.com',
  projectId: 'demo-test',
  appId: '1:1:web:1',
  authEmulatorUrl: 'http://127.0.0.1:9099',
};

function identityStatus(patch: { autoRegister?: boolean; createFlag?: boolean; firebase?: boolean } = {}) {
  const s = statusFixture();
  s.info.sms = {
    firebase: patch.firebase ?? true,
    apiKey: CONFIG.apiKey,
    authDomain: CONFIG.authDomain,
    projectId: CONFIG.projectId,
    appId: CONFIG.appId,
    authEmulatorUrl: CONFIG.authEmulatorUrl,
  };
  s.info.register = { captcha: { enabled: false }, autoRegister: patch.autoRegister ?? false };
  s.info.whitelabelVal = { FIREBASECREATEACC3: patch.createFlag ?? false };
  return s;
}

// ---- the /wps side: the shared RSA pair, so the encrypted login can be read back -------------------

/** The JSON body of a request, unsealed when it is encrypted (docs/api.md). */
function bodyOf(call: FetchCall): Record<string, unknown> {
  if (call.headers.get('Encryption')) return unsealBody(call.headers, call.body);
  return JSON.parse(call.body ?? '{}') as Record<string, unknown>;
}

const LOGIN_VALUE = { id: 7, token: 'tok-7', userName: 'fbuser', customerType: 0, firstTimeLogin: false };

/** A /wps stand-in: the login answers with `login(body)`, registration with a new member. */
function stubWps(
  loginAnswer: (body: Record<string, unknown>) => Response,
  registerAnswer: () => Response | Promise<Response> = () =>
    json({ success: true, value: { ...LOGIN_VALUE, id: 8, token: 'tok-8', userName: 'newbie' } }),
): FetchStub {
  return stubFetch((call) => {
    switch (call.url.pathname) {
      case '/wps/session/key/rsa':
        return json({
          success: true,
          value: rsaPair().value,
        });
      case '/wps/session/login':
        return loginAnswer(bodyOf(call));
      case '/wps/member/register':
        return registerAnswer();
      case '/wps/member/info':
        return json({ success: true, value: { type: 0, id: 7, userName: 'fbuser', language: 'EN' } });
      default:
        return json({ success: false, errorCode: 'not.found', message: 'not found' }, 404);
    }
  });
}

const bindRequired = (value: unknown) =>
  json({ success: false, errorCode: BIND_CUSTOMER_REQUIRED, message: 'Bind a member first', value }, 400);

// ---- set-up ---------------------------------------------------------------------------------------

let stub: FetchStub | undefined;
let clock: FakeClock | undefined;

function reset() {
  // Each test runs on a fake clock: the 500 ms lock of a login it made goes with it, so no real
  // timer unlocks in the middle of the next test.
  clock?.uninstall();
  clock = undefined;
  stub?.restore();
  stub = undefined;
  setSdkLoader();
  setPrivateModeCheck(async () => false);
  notices.value = [];
  siteStatus.value = undefined;
  loginBusy.value = false;
  registerBusy.value = false;
  sessionStorage.clear();
  session.value = undefined;
  merchantCode.value = 'DEMO01';
  apiBase.value = '';
}

before(async function () {
  this.timeout(20_000); // RSA key generation in JavaScript
  setLanguage('EN');
  await ensureI18n();
  rsaPair();
});
beforeEach(() => {
  reset();
  clock = installClock(Date.now());
});
afterEach(reset);
after(() => setPrivateModeCheck());

// ---- tests ------------------------------------------------------------------------------------------

describe('identity-provider errors (docs/product.md §8)', () => {
  for (const code of TRANSLATED_CODES) {
    it(`${code}: its own text, then Code and Reason lines`, () => {
      expect(en[`identity.error.${code}`], 'EN text').to.be.a('string').and.not.equal('');
      const text = identityErrorText({ code, message: `Firebase: Error (${code}).` });
      expect(text.split('\n')).to.deep.equal([
        en[`identity.error.${code}`],
        `Code: ${code}`,
        `Reason: Firebase: Error (${code}).`,
      ]);
    });
  }

  it('an untranslated code falls back to auth/unknown, keeping its own code', () => {
    const text = identityErrorText({ code: 'auth/user-disabled', message: 'Firebase: Error (auth/user-disabled).' });
    expect(text.split('\n')).to.deep.equal([
      en['identity.error.auth/unknown'],
      'Code: auth/user-disabled',
      'Reason: Firebase: Error (auth/user-disabled).',
    ]);
  });

  it('something that is not an SDK error is auth/unknown with its message as the reason', () => {
    expect(identityErrorText(new Error('boom')).split('\n')).to.deep.equal([
      en['identity.error.auth/unknown'],
      'Code: auth/unknown',
      'Reason: boom',
    ]);
  });

  it('a failed SDK chunk load is a network failure', () => {
    const text = identityErrorText(new TypeError('Failed to fetch dynamically imported module: /m/sdk.js'));
    expect(text.split('\n')[0]).to.equal(en['identity.error.auth/network-request-failed']);
  });

  it('is shown as a notice; a cancelled popup is silent', () => {
    expect(reportIdentityError({ code: 'auth/popup-blocked', message: 'blocked' })).to.equal(true);
    expect(notices.value).to.have.length(1);
    expect(notices.value[0]!.message).to.equal(
      `${en['identity.error.auth/popup-blocked']}\nCode: auth/popup-blocked\nReason: blocked`,
    );
    notices.value = [];
    for (const code of SILENT_CODES) expect(reportIdentityError({ code, message: 'closed' }), code).to.equal(false);
    expect(notices.value).to.deep.equal([]);
  });

  it('the CN texts are in use when the language is CN', async () => {
    setLanguage('CN');
    try {
      await waitFor(() =>
        expect(identityErrorText({ code: 'auth/too-many-requests', message: 'x' }).split('\n')[0]).to.not.equal(
          en['identity.error.auth/too-many-requests'],
        ),
      );
      expect(identityErrorText({ code: 'auth/too-many-requests', message: 'x' }).split('\n')[1]).to.contain(
        'auth/too-many-requests',
      );
    } finally {
      setLanguage('EN');
      await waitFor(() =>
        expect(identityErrorText({ code: 'auth/unknown', message: 'x' }).split('\n')[0]).to.equal(
          en['identity.error.auth/unknown'],
        ),
      );
    }
  });
});

describe('social sign-in by popup', () => {
  it('loads the SDK only when used, once, connects the emulator, and gives { idToken, channel }', async () => {
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    expect(fake.log.loads).to.equal(0);
    expect(await signInWithProvider(CONFIG, 'google.com')).to.deep.equal({
      idToken: 'popup-token-google.com',
      channel: 'google.com',
    });
    expect(await signInWithProvider(CONFIG, 'apple.com')).to.deep.equal({
      idToken: 'popup-token-apple.com',
      channel: 'apple.com',
    });
    expect(fake.log.loads).to.equal(1);
    expect(fake.log.apps).to.have.length(1);
    expect(fake.log.emulator).to.deep.equal([['http://127.0.0.1:9099', { disableWarnings: true }]]);
    expect(fake.log.popups).to.deep.equal(['google.com', 'apple.com']);
    expect(fake.log.popupResolvers, 'the popup is handed its resolver').to.deep.equal([
      'browserPopupRedirectResolver',
      'browserPopupRedirectResolver',
    ]);
    // With the emulator, Auth starts without the popup resolver (which loads Google's scripts at once on mobile).
    // (The second sign-in finds its app, and getAuth answers the Auth already started for it.)
    expect(fake.log.starts).to.deep.equal([{ persistence: 'inMemory', popupRedirectResolver: undefined }, 'getAuth']);
    expect(fake.log.signOuts, 'the provider session is not kept').to.equal(2);
  });

  it('without the emulator (production), Auth starts as getAuth does, with the popup resolver', async () => {
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    const { authEmulatorUrl: _none, ...production } = CONFIG;
    expect(await signInWithProvider(production, 'google.com')).to.deep.equal({
      idToken: 'popup-token-google.com',
      channel: 'google.com',
    });
    expect(fake.log.starts).to.deep.equal(['getAuth']);
    expect(fake.log.emulator).to.deep.equal([]);
  });

  it('a closed popup is silent (socialSignIn)', async () => {
    siteStatus.value = identityStatus();
    const fake = fakeSdk({
      popup: () => ({ code: 'auth/popup-closed-by-user', message: 'Firebase: Error (auth/popup-closed-by-user).' }),
    });
    setSdkLoader(fake.loader);
    expect(await socialSignIn('google.com')).to.equal(undefined);
    expect(fake.log.popups).to.deep.equal(['google.com']);
    expect(notices.value).to.deep.equal([]);
  });

  it('a blocked popup shows its translated text with Code and Reason', async () => {
    siteStatus.value = identityStatus();
    setSdkLoader(
      fakeSdk({ popup: () => ({ code: 'auth/popup-blocked', message: 'Firebase: Error (auth/popup-blocked).' }) }).loader,
    );
    expect(await socialSignIn('google.com')).to.equal(undefined);
    expect(notices.value[0]!.message).to.equal(
      `${en['identity.error.auth/popup-blocked']}\nCode: auth/popup-blocked\nReason: Firebase: Error (auth/popup-blocked).`,
    );
  });

  it('private browsing outside the app is refused before any popup (not_support_incognito)', async () => {
    siteStatus.value = identityStatus();
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    setPrivateModeCheck(async () => true);
    expect(await socialSignIn('google.com')).to.equal(undefined);
    expect(fake.log.loads, 'the SDK is not even loaded').to.equal(0);
    expect(notices.value.map((n) => n.messageKey)).to.deep.equal([NOT_SUPPORT_INCOGNITO]);
    expect(en[NOT_SUPPORT_INCOGNITO]).to.be.a('string');
  });

  it('inside the native app private browsing is not checked', async () => {
    siteStatus.value = identityStatus();
    sessionStore.set(IN_APP_KEY, '1');
    setSdkLoader(fakeSdk().loader);
    setPrivateModeCheck(async () => true);
    expect(await socialSignIn('google.com')).to.deep.equal({ idToken: 'popup-token-google.com', channel: 'google.com' });
    expect(notices.value).to.deep.equal([]);
  });

  describe('the private browsing heuristic (Chromium quota under 120 MB)', () => {
    const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    const SAFARI =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const CRIOS =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';
    const FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0';
    const MB = 1024 * 1024;
    const nav = (userAgent: string, quota?: number | 'throws' | 'none') => ({
      userAgent,
      storage:
        quota === 'none'
          ? undefined
          : { estimate: () => (quota === 'throws' ? Promise.reject(new Error('no')) : Promise.resolve({ quota, usage: 0 })) },
    });
    const rows: [string, ReturnType<typeof nav>, boolean][] = [
      ['Chrome, 100 MB quota', nav(CHROME, 100 * MB), true],
      ['Chrome, just under the limit', nav(CHROME, INCOGNITO_QUOTA_LIMIT - 1), true],
      ['Chrome, at the limit', nav(CHROME, INCOGNITO_QUOTA_LIMIT), false],
      ['Chrome, 20 GB quota', nav(CHROME, 20_000 * MB), false],
      ['Chrome, no quota given', nav(CHROME, undefined), false],
      ['Chrome, estimate fails', nav(CHROME, 'throws'), false],
      ['Chrome, no storage API', nav(CHROME, 'none'), false],
      ['Safari, small quota', nav(SAFARI, 50 * MB), false],
      ['Chrome on iOS, small quota', nav(CRIOS, 50 * MB), false],
      ['Firefox, small quota', nav(FIREFOX, 50 * MB), false],
    ];
    for (const [name, n, expected] of rows) {
      it(`${name} → ${expected ? 'private' : 'not private'}`, async () => {
        expect(await chromiumPrivateHeuristic(n)).to.equal(expected);
      });
    }
  });
});

describe('Google with the Auth emulator: the demo account chooser (docs/server.md)', () => {
  const claimsOf = (token: string) => {
    const [header, claims, signature] = token.split('.');
    const decode = (part: string) =>
      JSON.parse(
        new TextDecoder().decode(Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))),
      );
    return { header: decode(header!), claims: decode(claims!), signature };
  };

  it('a made-up account is an unsigned Google ID token with sub, email, name, email_verified', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const { header, claims, signature } = claimsOf(demoGoogleIdToken({ name: 'Mei Lin', email: 'Mei.Lin@Example.com ' }, now));
    expect(header).to.deep.equal({ alg: 'none', typ: 'JWT' });
    expect(signature).to.equal('');
    expect(claims).to.deep.equal({
      iss: 'https://accounts.google.com',
      aud: 'wps-demo',
      sub: demoSubject('mei.lin@example.com'),
      email: 'mei.lin@example.com',
      email_verified: true,
      name: 'Mei Lin',
      iat: now / 1000,
      exp: now / 1000 + 3600,
    });
    // Non-ASCII names survive the base64url of UTF-8.
    expect(claimsOf(demoGoogleIdToken({ name: 'علی رضا', email: 'ali@example.com' })).claims.name).to.equal('علی رضا');
  });

  it('sub: 21 digits, the same for the same email whatever its case, another for another email', () => {
    expect(demoSubject('alex.rivera@example.com')).to.match(/^\d{21}$/);
    expect(demoSubject(' Alex.Rivera@Example.COM')).to.equal(demoSubject('alex.rivera@example.com'));
    const subs = new Set(DEMO_ACCOUNTS.map((a) => demoSubject(a.email)));
    expect(subs.size).to.equal(3);
  });

  it('a typed email: required, then a basic shape; its account is named from the part before @', () => {
    expect(emailProblem('   ')).to.equal('required');
    for (const bad of ['player', 'player@example', 'a b@example.com', '@example.com', `${'a'.repeat(250)}@x.io`])
      expect(emailProblem(bad), bad).to.equal('invalid');
    expect(emailProblem(' player.one@example.com ')).to.equal(undefined);
    expect(accountOf(' Jo.Smith_1@Example.io ')).to.deep.equal({ name: 'Jo Smith 1', email: 'jo.smith_1@example.io' });
  });

  it('socialSignIn asks the chooser, then hands its token to signInWithCredential: no popup', async () => {
    siteStatus.value = identityStatus();
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    let asked = 0;
    const token = demoGoogleIdToken(DEMO_ACCOUNTS[1]!);
    const result = await socialSignIn('google.com', {
      chooseDemoAccount: async () => {
        asked++;
        return token;
      },
    });
    expect(result).to.deep.equal({ idToken: 'emulator-token-google.com', channel: 'google.com' });
    expect(asked).to.equal(1);
    expect(fake.log.credentials).to.deep.equal([token]);
    expect(fake.log.popups).to.deep.equal([]);
    expect(fake.log.emulator).to.deep.equal([['http://127.0.0.1:9099', { disableWarnings: true }]]);
    expect(fake.log.signOuts, 'the provider session is not kept').to.equal(1);
    expect(notices.value).to.deep.equal([]);
  });

  it('a cancelled chooser is silent, and the SDK is not even loaded', async () => {
    siteStatus.value = identityStatus();
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    expect(await socialSignIn('google.com', { chooseDemoAccount: async () => undefined })).to.equal(undefined);
    expect(fake.log.loads).to.equal(0);
    expect(notices.value).to.deep.equal([]);
  });

  it('without the emulator (production) the popup is used and the chooser never asked', async () => {
    const status = identityStatus();
    delete status.info.sms!.authEmulatorUrl;
    siteStatus.value = status;
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    let asked = 0;
    const result = await socialSignIn('google.com', { chooseDemoAccount: async () => (asked++, 'x') });
    expect(result).to.deep.equal({ idToken: 'popup-token-google.com', channel: 'google.com' });
    expect(asked).to.equal(0);
    expect(fake.log.popups).to.deep.equal(['google.com']);
    expect(fake.log.credentials).to.deep.equal([]);
  });

  it("a chooser whose code does not load is a network error; the emulator's refusal shows Code and Reason", async () => {
    siteStatus.value = identityStatus();
    setSdkLoader(fakeSdk().loader);
    const offline = async (): Promise<string | undefined> => {
      throw new TypeError('Failed to fetch dynamically imported module: /m/assets/DemoAccountChooser-x.js');
    };
    expect(await socialSignIn('google.com', { chooseDemoAccount: offline })).to.equal(undefined);
    expect(notices.value[0]!.message!.split('\n').slice(0, 2)).to.deep.equal([
      en['identity.error.auth/network-request-failed'],
      'Code: auth/network-request-failed',
    ]);
    notices.value = [];

    const refusal = { code: 'auth/invalid-credential', message: 'Firebase: Error (auth/invalid-credential).' };
    setSdkLoader(fakeSdk({ credential: () => refusal }).loader);
    expect(await socialSignIn('google.com', { chooseDemoAccount: async () => 'bad' })).to.equal(undefined);
    expect(notices.value[0]!.message).to.equal(
      `${en['identity.error.auth/unknown']}\nCode: auth/invalid-credential\nReason: Firebase: Error (auth/invalid-credential).`,
    );
  });

  it('signInWithEmulatorGoogle refuses a config without the emulator', async () => {
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    const { authEmulatorUrl: _none, ...production } = CONFIG;
    const error = await signInWithEmulatorGoogle(production, 'x').catch((e: unknown) => e);
    expect((error as IdentityError).code).to.equal('auth/operation-not-allowed');
    expect(fake.log.credentials).to.deep.equal([]);
  });
});

describe('phone sign-in', () => {
  it('auth/code-expired when no SMS confirmation is pending (docs/product.md §8)', async () => {
    let error: unknown;
    await confirmPhoneCode('123456').catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(IdentityError);
    expect((error as IdentityError).code).to.equal('auth/code-expired');
    expect(await confirmPhone('123456')).to.equal(undefined);
    expect(notices.value[0]!.message!.split('\n').slice(0, 2)).to.deep.equal([
      en['identity.error.auth/code-expired'],
      'Code: auth/code-expired',
    ]);
  });

  it('sends the code (invisible reCAPTCHA, test mode in the emulator), keeps it pending, confirms', async () => {
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    await startPhoneSignIn(CONFIG, '+639171234567');
    expect(fake.log.verifiers).to.deep.equal([{ size: 'invisible', holderInDocument: true }]);
    expect(fake.log.auth.settings.appVerificationDisabledForTesting).to.equal(true);
    expect(pendingConfirmation.value).to.not.equal(undefined);

    // A wrong code: translated error, the confirmation stays for another try.
    expect(await confirmPhone('000000')).to.equal(undefined);
    expect(notices.value[0]!.message!.split('\n')[1]).to.equal('Code: auth/invalid-verification-code');
    expect(pendingConfirmation.value).to.not.equal(undefined);

    expect(await confirmPhoneCode(' 123456 ')).to.deep.equal({ idToken: 'phone-token-+639171234567', channel: 'phone' });
    expect(pendingConfirmation.value).to.equal(undefined);
    expect(document.querySelectorAll('[data-wps-recaptcha]'), 'the reCAPTCHA holder is removed').to.have.length(0);
  });

  it('sendPhoneCode builds the E.164 number and reports a refused number', async () => {
    siteStatus.value = identityStatus();
    const fake = fakeSdk({
      phone: () => ({ code: 'auth/invalid-phone-number', message: 'Firebase: Error (auth/invalid-phone-number).' }),
    });
    setSdkLoader(fake.loader);
    expect(await sendPhoneCode('+63', '0917 123 4567')).to.equal(false);
    expect(fake.log.phones).to.deep.equal(['+639171234567']);
    expect(notices.value[0]!.message!.split('\n')[0]).to.equal(en['identity.error.auth/invalid-phone-number']);
    expect(pendingConfirmation.value).to.equal(undefined);
  });

  it('e164', () => {
    expect(e164('63', '9171234567')).to.equal('+639171234567');
    expect(e164('+86', '138-0013-8000')).to.equal('+8613800138000');
    expect(e164('44', '07700 900123')).to.equal('+447700900123');
  });
});

describe('identity config from the site status', () => {
  it('only with sms.firebase on, a key and a project', () => {
    expect(identityConfig(identityStatus().info)).to.deep.equal(CONFIG);
    expect(identityConfig(identityStatus({ firebase: false }).info)).to.equal(undefined);
    expect(identityConfig({ sms: { firebase: true, projectId: 'p' } })).to.equal(undefined);
    expect(identityConfig(undefined)).to.equal(undefined);
  });
});

describe('bind_customer_required (docs/product.md §4)', () => {
  describe('decision table', () => {
    const info = (autoRegister?: boolean) => ({ register: { captcha: { enabled: false }, autoRegister } });
    const rows: [string, unknown, ReturnType<typeof info>, boolean, ReturnType<typeof bindDecision>][] = [
      ['value autoRegister on', { autoRegister: true, canCreate: false }, info(false), false, { kind: 'register' }],
      [
        'value autoRegister off, canCreate on',
        { autoRegister: false, canCreate: true },
        info(true),
        false,
        { kind: 'choose', canCreate: true },
      ],
      [
        'value autoRegister off, canCreate off',
        { autoRegister: false, canCreate: false },
        info(true),
        true,
        { kind: 'choose', canCreate: false },
      ],
      ['no value: site autoRegister on', undefined, info(true), false, { kind: 'register' }],
      ['no value: site off, FIREBASECREATEACC3 on', undefined, info(false), true, { kind: 'choose', canCreate: true }],
      ['no value: site off, FIREBASECREATEACC3 off', null, info(undefined), false, { kind: 'choose', canCreate: false }],
      [
        'non-boolean value fields are ignored',
        { autoRegister: 'yes', canCreate: 1 },
        info(false),
        false,
        { kind: 'choose', canCreate: false },
      ],
    ];
    for (const [name, value, site, flag, expected] of rows) {
      it(name, () => expect(bindDecision(value, site, flag)).to.deep.equal(expected));
    }
  });

  const google = { idToken: 'id-token-1', channel: 'google.com' as const };

  it('a bound account logs straight in with { type: firebase, firebaseChannel, firebaseIdToken }', async () => {
    siteStatus.value = identityStatus();
    const bodies: Record<string, unknown>[] = [];
    stub = stubWps((body) => {
      bodies.push(body);
      return json({ success: true, value: LOGIN_VALUE });
    });
    const r = await identityLogin(google);
    expect(r.kind).to.equal('done');
    expect(bodies[0]).to.include({
      type: 'firebase',
      firebaseChannel: 'google.com',
      firebaseIdToken: 'id-token-1',
      merchant: 'DEMO01',
    });
    expect(bodies[0]).to.not.have.property('username');
    expect(session.value?.token).to.equal('tok-7');
  });

  it('autoRegister on: registers with the provider token (login true) and is logged in; no notice', async () => {
    siteStatus.value = identityStatus({ autoRegister: false });
    stub = stubWps(() => bindRequired({ autoRegister: true, canCreate: false }));
    const r = await identityLogin(google);
    expect(r.kind).to.equal('done');
    const register = stub.to('/wps/member/register');
    expect(register).to.have.length(1);
    const body = bodyOf(register[0]!);
    expect(body).to.include({ firebaseChannel: 'google.com', firebaseIdToken: 'id-token-1', login: true });
    expect(body).to.not.have.property('username');
    expect(body).to.not.have.property('password');
    expect(session.value?.token).to.equal('tok-8');
    expect(notices.value).to.deep.equal([]);
  });

  it('autoRegister off, canCreate on: asks, offering both; no notice, no registration', async () => {
    siteStatus.value = identityStatus();
    stub = stubWps(() => bindRequired({ autoRegister: false, canCreate: true }));
    expect(await identityLogin(google)).to.deep.equal({ kind: 'bind', result: google, canCreate: true });
    expect(stub.to('/wps/member/register')).to.have.length(0);
    expect(notices.value).to.deep.equal([]);
  });

  it('autoRegister off, canCreate off: asks, existing account only', async () => {
    siteStatus.value = identityStatus({ createFlag: true }); // the answer's value wins over the status
    stub = stubWps(() => bindRequired({ autoRegister: false, canCreate: false }));
    expect(await identityLogin(google)).to.deep.equal({ kind: 'bind', result: google, canCreate: false });
  });

  it('no value in the answer: the site status decides (FIREBASECREATEACC3)', async () => {
    siteStatus.value = identityStatus({ createFlag: true });
    stub = stubWps(() => bindRequired(undefined));
    expect(await identityLogin(google)).to.deep.equal({ kind: 'bind', result: google, canCreate: true });
  });

  it('log in to an existing account: the firebase login with username and password binds it', async () => {
    siteStatus.value = identityStatus();
    const bodies: Record<string, unknown>[] = [];
    stub = stubWps((body) => {
      bodies.push(body);
      return json({ success: true, value: LOGIN_VALUE });
    });
    const r = await bindExistingAccount(google, ' demo ', 'Demo1234');
    expect(r.kind).to.equal('done');
    expect(bodies[0]).to.include({
      type: 'firebase',
      firebaseChannel: 'google.com',
      firebaseIdToken: 'id-token-1',
      username: 'demo',
      password: 'Demo1234',
    });
  });

  it('another refusal is not a bind: failed, with the server message as the notice', async () => {
    siteStatus.value = identityStatus();
    stub = stubWps(() => json({ success: false, errorCode: 'firebase.token.invalid', message: 'The sign-in has expired' }, 400));
    expect(await identityLogin(google)).to.deep.equal({ kind: 'failed' });
    expect(notices.value.map((n) => n.message)).to.deep.equal(['The sign-in has expired']);
  });
});

describe('identity-provider errors: whatever was thrown (docs/product.md §8)', () => {
  const lines = (err: unknown) => identityErrorText(err).split('\n');

  it('a thrown string is auth/unknown with that string as the reason; nothing thrown at all is still auth/unknown', () => {
    expect(lines('boom')).to.deep.equal([en['identity.error.auth/unknown'], 'Code: auth/unknown', 'Reason: boom']);
    for (const nothing of [undefined, null])
      expect(lines(nothing).slice(0, 2), String(nothing)).to.deep.equal([
        en['identity.error.auth/unknown'],
        'Code: auth/unknown',
      ]);
  });

  it("a code outside auth/ is not the provider's: auth/unknown, its message kept as the reason", () => {
    expect(lines({ code: 'storage/quota-exceeded', message: 'Quota exceeded' })).to.deep.equal([
      en['identity.error.auth/unknown'],
      'Code: auth/unknown',
      'Reason: Quota exceeded',
    ]);
  });

  it('only a TypeError about loading a module or a fetch is a network failure', () => {
    expect(lines(new TypeError('Failed to fetch'))[1]).to.equal('Code: auth/network-request-failed');
    expect(lines(new TypeError('Importing a module script failed.'))[1]).to.equal('Code: auth/network-request-failed');
    expect(lines(new TypeError("Cannot read properties of undefined (reading 'user')"))[1]).to.equal('Code: auth/unknown');
    expect(lines(new Error('Failed to fetch'))[1]).to.equal('Code: auth/unknown');
  });
});

describe('the identity-provider SDK at its boundary', () => {
  it('an SDK that failed to load is loaded again on the next try', async () => {
    const fake = fakeSdk();
    let tries = 0;
    setSdkLoader(async () => {
      if (++tries === 1) throw new TypeError('Failed to fetch dynamically imported module: /m/assets/sdk-x.js');
      return fake.loader();
    });
    const error = await signInWithProvider(CONFIG, 'google.com').catch((e: unknown) => e);
    expect((error as IdentityError).code).to.equal('auth/network-request-failed');
    expect(await signInWithProvider(CONFIG, 'google.com')).to.deep.equal({
      idToken: 'popup-token-google.com',
      channel: 'google.com',
    });
    expect(tries).to.equal(2);
  });

  it("one app per merchant config, started with the merchant's key, domain, project and app id; another app id or emulator is another app", async () => {
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    await signInWithProvider(CONFIG, 'google.com');
    await signInWithProvider({ ...CONFIG }, 'google.com');
    expect(fake.log.apps).to.have.length(1);
    expect(fake.log.appOptions).to.deep.equal([
      { apiKey: 'fake-key', authDomain: 'demo-test.firebaseapp.com', projectId: 'demo-test', appId: '1:1:web:1' },
    ]);
    await signInWithProvider({ ...CONFIG, appId: '1:1:web:2' }, 'google.com');
    expect(fake.log.apps).to.have.length(2);
    await signInWithProvider({ ...CONFIG, authEmulatorUrl: 'http://127.0.0.1:9199' }, 'google.com');
    expect(fake.log.apps).to.have.length(3);
    expect(new Set(fake.log.apps).size).to.equal(3);
  });

  it('Facebook signs in with its own provider', async () => {
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    expect(await signInWithProvider(CONFIG, 'facebook.com')).to.deep.equal({
      idToken: 'popup-token-facebook.com',
      channel: 'facebook.com',
    });
    expect(fake.log.popups).to.deep.equal(['facebook.com']);
  });

  it('signInWithEmulatorGoogle without the emulator: the reason says made-up accounts need it', async () => {
    setSdkLoader(fakeSdk().loader);
    const { authEmulatorUrl: _none, ...production } = CONFIG;
    const error = await signInWithEmulatorGoogle(production, 'x').catch((e: unknown) => e);
    expect(identityErrorText(error).split('\n').slice(1)).to.deep.equal([
      'Code: auth/operation-not-allowed',
      'Reason: Made-up accounts need the Auth emulator',
    ]);
  });

  it('the reCAPTCHA verifier is cleared and its holder removed when another code is asked for and once the code is confirmed', async () => {
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    await startPhoneSignIn(CONFIG, '+639171234567');
    await startPhoneSignIn(CONFIG, '+639171234567');
    expect(fake.log.verifierClears).to.equal(1);
    expect(document.querySelectorAll('[data-wps-recaptcha]')).to.have.length(1);
    await confirmPhoneCode('123456');
    expect(fake.log.verifierClears).to.equal(2);
    expect(document.querySelectorAll('[data-wps-recaptcha]')).to.have.length(0);
  });

  it('a code the provider calls expired ends the confirmation: the next try is auth/code-expired without asking the provider', async () => {
    const fake = fakeSdk({ confirm: () => ({ code: 'auth/code-expired', message: 'Firebase: Error (auth/code-expired).' }) });
    setSdkLoader(fake.loader);
    siteStatus.value = identityStatus();
    expect(await sendPhoneCode('+63', '9171234567')).to.equal(true);
    expect(pendingConfirmation.value).to.not.equal(undefined);
    expect(await confirmPhone('123456')).to.equal(undefined);
    expect(pendingConfirmation.value).to.equal(undefined);
    notices.value = [];
    expect(await confirmPhone('123456')).to.equal(undefined);
    expect(fake.log.confirms).to.deep.equal(['123456']);
    expect(notices.value[0]!.message!.split('\n')).to.deep.equal([
      en['identity.error.auth/code-expired'],
      'Code: auth/code-expired',
      'Reason: No SMS confirmation is pending',
    ]);
  });
});

describe('identity-provider sign-in without a provider, or before the site status', () => {
  it('no identity provider in the site status: the player is told sign-in is not offered; nothing is loaded', async () => {
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    const notOffered = [
      en['identity.error.auth/unknown'],
      'Code: auth/operation-not-allowed',
      'Reason: Identity-provider sign-in is not offered',
    ];
    expect(await socialSignIn('google.com')).to.equal(undefined);
    expect(notices.value.map((n) => n.message!.split('\n'))).to.deep.equal([notOffered]);
    notices.value = [];
    siteStatus.value = identityStatus({ firebase: false });
    expect(await sendPhoneCode('+63', '9171234567')).to.equal(false);
    expect(notices.value.map((n) => n.message!.split('\n'))).to.deep.equal([notOffered]);
    expect(fake.log.loads).to.equal(0);
  });

  it('Facebook with the emulator on: the popup, never the Google account chooser', async () => {
    siteStatus.value = identityStatus();
    const fake = fakeSdk();
    setSdkLoader(fake.loader);
    let asked = 0;
    const result = await socialSignIn('facebook.com', { chooseDemoAccount: async () => (asked++, 'x') });
    expect(result).to.deep.equal({ idToken: 'popup-token-facebook.com', channel: 'facebook.com' });
    expect(asked).to.equal(0);
    expect(fake.log.credentials).to.deep.equal([]);
  });

  it('bind_customer_required before the site status has loaded: asks, existing account only', async () => {
    const google = { idToken: 'id-token-1', channel: 'google.com' as const };
    stub = stubWps(() => bindRequired(undefined));
    expect(await identityLogin(google)).to.deep.equal({ kind: 'bind', result: google, canCreate: false });
    expect(bindDecision(undefined, undefined, true)).to.deep.equal({ kind: 'choose', canCreate: true });
  });
});

describe('registration with the provider token (docs/product.md §3 social registration)', () => {
  const google = { idToken: 'id-token-1', channel: 'google.com' as const };
  const NEW_MEMBER = { ...LOGIN_VALUE, id: 8, token: 'tok-8', userName: 'newbie' };

  it('one at a time: busy while it runs, another meanwhile is refused and sends nothing; done goes to /m/home; free again after', async () => {
    siteStatus.value = identityStatus();
    let asked!: () => void;
    const reached = new Promise<void>((resolve) => (asked = resolve));
    let release!: (r: Response) => void;
    stub = stubWps(
      () => json({ success: true, value: LOGIN_VALUE }),
      () => {
        asked();
        return new Promise<Response>((resolve) => (release = resolve));
      },
    );
    const first = registerWithProvider(google);
    await reached;
    expect(registerBusy.value).to.equal(true);
    expect(await registerWithProvider(google)).to.deep.equal({ kind: 'failed' });
    expect(stub.to('/wps/member/register')).to.have.length(1);
    release(json({ success: true, value: NEW_MEMBER }));
    expect(await first).to.deep.equal({ kind: 'done', outcome: { ok: true, next: '/m/home', value: NEW_MEMBER } });
    expect(registerBusy.value).to.equal(false);
    expect(session.value?.token).to.equal('tok-8');
  });

  it("a refused registration: failed, the server's message once (not as a provider error), no session, free again", async () => {
    siteStatus.value = identityStatus();
    stub = stubWps(
      () => json({ success: true, value: LOGIN_VALUE }),
      () => json({ success: false, errorCode: 'register.firebase.exists', message: 'This account is already registered' }, 400),
    );
    expect(await registerWithProvider(google)).to.deep.equal({ kind: 'failed' });
    expect(notices.value.map((n) => n.message)).to.deep.equal(['This account is already registered']);
    expect(session.value).to.equal(undefined);
    expect(registerBusy.value).to.equal(false);
  });

  it('binding an existing account that the server refuses: failed', async () => {
    siteStatus.value = identityStatus();
    stub = stubWps(() => json({ success: false, errorCode: 'login.password.invalid', message: 'Wrong password' }, 400));
    expect(await bindExistingAccount(google, 'demo', 'Wrong1234')).to.deep.equal({ kind: 'failed' });
    expect(session.value).to.equal(undefined);
  });
});

describe('the private browsing check, as the sign-in uses it', () => {
  it('a check that fails never refuses', async () => {
    setPrivateModeCheck(async () => {
      throw new Error('no estimate');
    });
    expect(await refusedAsPrivate()).to.equal(false);
  });

  it('with no check given, the Chromium heuristic decides', async () => {
    setPrivateModeCheck();
    expect(await refusedAsPrivate()).to.equal(await chromiumPrivateHeuristic());
  });

  it('Chrome with a storage API but no estimate: not private', async () => {
    const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    expect(await chromiumPrivateHeuristic({ userAgent: CHROME, storage: {} as Pick<StorageManager, 'estimate'> })).to.equal(
      false,
    );
  });
});

describe('the made-up accounts: edges of the typed email and of sub', () => {
  it('an address with a second @ is refused; 254 characters are an address, 255 are not', () => {
    expect(emailProblem('player@example.com@x')).to.equal('invalid');
    const at254 = `${'a'.repeat(254 - '@example.com'.length)}@example.com`;
    expect(at254).to.have.length(254);
    expect(emailProblem(at254)).to.equal(undefined);
    expect(emailProblem(`a${at254}`)).to.equal('invalid');
  });

  it('a name from a local part that starts with a separator has no empty word', () => {
    expect(accountOf('_jo.smith@x.io')).to.deep.equal({ name: 'Jo Smith', email: '_jo.smith@x.io' });
  });

  it('sub keeps its 21 digits when the hash is small (zero-padded)', () => {
    for (const email of ['a@b.co', 'jo@x.io', 'x@y.zz', 'test@example.com'])
      expect(demoSubject(email), email).to.match(/^\d{21}$/);
  });
});
