/**
 * The request clients (docs/product.md §7, §8, §9; docs/api.md): headers, cookies, the GET cache, the client-B
 * timeout, how failures reach the error catalogue, session loss, /lgw/ paths and request encryption.
 * `window.fetch` is stubbed; no server is involved.
 */
import { expect } from 'chai';
import { JSEncrypt } from 'jsencrypt';
import CryptoJS from 'crypto-js';
import { ApiError, CACHE_PREFIX, CLIENT_B_TIMEOUT_MS, call } from '../../src/core/api/client.ts';
import { gameEndpoints } from '../../src/contract/rows/games.ts';
import { queryString, startEarly, STATUS_PATH } from '../../src/core/api/early.ts';
import { endpoints, row, type Endpoint } from '../../src/contract/endpoints.ts';
import { ORIGIN_NOT_ALLOWED, resetOriginReport } from '../../src/core/api/errors.ts';
import { seal } from '../../src/core/api/crypto-lazy.ts';
import { apiBase, configure, merchantCode } from '../../src/core/config/config.ts';
import { language } from '../../src/core/i18n/i18n.ts';
import { closeNotice, notices } from '../../src/core/notice/notices.ts';
import { clearSession, saveSession, session, SESSION_KEY } from '../../src/core/session/sessionInfo.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { hang, json, stubFetch, waitFor, type FetchStub } from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';

const navigations: string[] = [];
// Nothing in this file may navigate the test page away.
setNavigator((path) => navigations.push(path));

let stub: FetchStub | undefined;
const ok = (value: unknown = {}) => json({ success: true, value });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to be rejected');
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const err = await rejection(promise);
  expect(err).to.be.instanceOf(ApiError);
  return err as ApiError;
}

const noticeKeys = () => notices.value.map((n) => n.messageKey);

/** console.error replaced by a recorder (the calls' arguments); `restore()` puts it back. */
function spyConsoleError() {
  const real = console.error;
  const calls: unknown[][] = [];
  console.error = (...args: unknown[]) => void calls.push(args);
  return Object.assign(calls, { restore: () => (console.error = real) });
}

function reset() {
  stub?.restore();
  stub = undefined;
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
  notices.value = [];
  navigations.length = 0;
  merchantCode.value = '';
  apiBase.value = '';
  language.value = 'CN';
  resetOriginReport();
}

beforeEach(reset);
afterEach(reset);

// ---------------------------------------------------------------------------------------------
// Encryption (docs/api.md, "Request encryption"), checked against a decryptor written here.

interface RsaPair {
  value: { rsaKey: string; RSA: string; DES: string };
  decrypt(b64: string): string | false;
}

let pair: RsaPair | undefined;
/** One jsencrypt key pair for the whole file (the client fetches the public key once per page). */
function rsaPair(): RsaPair {
  if (!pair) {
    const rsa = new JSEncrypt({ default_key_size: '1024' });
    const rsaKey = rsa.getPublicKeyB64();
    pair = { value: { rsaKey, RSA: 'RSA/ECB/PKCS1Padding', DES: 'DESede/CBC/PKCS7Padding' }, decrypt: (b64) => rsa.decrypt(b64) };
  }
  return pair;
}

/** Opens a sealed request the way the server does: unwrap, decrypt, check the digest. */
function unseal(headers: { encryption: string | null; xRsa: string | null; xDigest: string | null }, value: string) {
  expect(headers.encryption).to.equal('3DES-CBC');
  const unwrapped = rsaPair().decrypt(headers.xRsa ?? '');
  expect(unwrapped, 'X-RSA unwraps with the private key').to.be.a('string');
  const material = unwrapped as string;
  expect(material).to.match(/^[0-9a-f]{64}$/);
  const key = CryptoJS.enc.Hex.parse(material.slice(0, 48));
  const iv = CryptoJS.enc.Hex.parse(material.slice(48));
  const plaintext = CryptoJS.TripleDES.decrypt(
    CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Base64.parse(value) }),
    key,
    {
      iv,
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.Pkcs7,
    },
  ).toString(CryptoJS.enc.Utf8);
  const digest = CryptoJS.HmacSHA256(plaintext, key).toString(CryptoJS.enc.Hex);
  expect(headers.xDigest, 'X-Digest is the HMAC-SHA256 of the plaintext keyed with K').to.equal(digest);
  return plaintext;
}

describe('request encryption (docs/api.md)', function () {
  this.timeout(20_000); // RSA key generation in JavaScript

  before(() => {
    rsaPair();
  });

  it('seal() round-trips: X-RSA unwraps to K and IV, value decrypts, X-Digest matches', () => {
    const plaintext = JSON.stringify({ username: 'demo', password: 'Demo1234 ✓ é 登录', n: 1 });
    const sealed = seal(plaintext, rsaPair().value.rsaKey);
    expect(Object.keys(sealed.body)).to.deep.equal(['value']);
    const opened = unseal(
      { encryption: sealed.headers.Encryption, xRsa: sealed.headers['X-RSA'], xDigest: sealed.headers['X-Digest'] },
      sealed.body.value,
    );
    expect(opened).to.equal(plaintext);
  });

  it('each seal uses a fresh key and IV', () => {
    const plaintext = '{"a":1}';
    const a = seal(plaintext, rsaPair().value.rsaKey);
    const b = seal(plaintext, rsaPair().value.rsaKey);
    expect(a.body.value).to.not.equal(b.body.value);
    expect(a.headers['X-Digest']).to.not.equal(b.headers['X-Digest']);
    expect(rsaPair().decrypt(a.headers['X-RSA'])).to.not.equal(rsaPair().decrypt(b.headers['X-RSA']));
  });

  it('a tampered ciphertext no longer matches X-Digest', () => {
    const plaintext = JSON.stringify({ password: 'Secret123', amount: 100, note: 'a body of several 8-byte blocks' });
    const sealed = seal(plaintext, rsaPair().value.rsaKey);
    const material = rsaPair().decrypt(sealed.headers['X-RSA']) as string;
    const key = CryptoJS.enc.Hex.parse(material.slice(0, 48));
    const iv = CryptoJS.enc.Hex.parse(material.slice(48));
    /** The digest of what the server would decrypt (its raw bytes: a garbled block need not be UTF-8). */
    const digestOfOpened = (value: string) => {
      const opened = CryptoJS.TripleDES.decrypt(
        CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Base64.parse(value) }),
        key,
        { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 },
      );
      // Through Latin-1, one char a byte: the bytes as they are, cut at the padding.
      return CryptoJS.HmacSHA256(CryptoJS.enc.Latin1.parse(opened.toString(CryptoJS.enc.Latin1)), key).toString(CryptoJS.enc.Hex);
    };
    expect(digestOfOpened(sealed.body.value), 'the untouched body matches').to.equal(sealed.headers['X-Digest']);
    // Flip one bit of the second cipher block: CBC flips the same bit of the third plaintext block.
    const bytes = CryptoJS.enc.Base64.parse(sealed.body.value);
    bytes.words[2] = bytes.words[2]! ^ 0x00000100;
    const tampered = CryptoJS.enc.Base64.stringify(bytes);
    expect(tampered).to.not.equal(sealed.body.value);
    expect(digestOfOpened(tampered)).to.not.equal(sealed.headers['X-Digest']);
  });

  it('seal() refuses a public key that is not one', () => {
    expect(() => seal('{}', 'bm90IGEga2V5')).to.throw();
  });

  it('login fetches the RSA key once, then sends only Encryption, X-RSA, X-Digest and { value }', async () => {
    const keys = rsaPair();
    const password = 'Pa55word-Only-In-Cipher';
    const payload = {
      type: 'username' as const,
      username: 'demo',
      password,
      merchant: 'DEMO01',
      loginDeviceId: '01234567-89ab-cdef-0123-456789abcdef',
      isOfficialAppLogin: false,
    };
    configure({ merchant: 'DEMO01' });
    // The server's clock is an hour ahead of this device's: sealed requests are dated on the server's.
    const HOUR = 3_600_000;
    stub = stubFetch((c) =>
      c.url.pathname === endpoints.rsaKey.path
        ? ok({ ...keys.value, serverTime: Date.now() + HOUR })
        : ok({ id: 1, token: 'tok', userName: 'demo', customerType: 0, firstTimeLogin: false }),
    );

    // This is the first encrypted call of the page (this describe runs first): the key is fetched
    // here, once, and kept for the second login.
    await call(endpoints.login, payload, { headers: { Device: 'MOBILE' } });
    await call(endpoints.login, payload, { headers: { Device: 'MOBILE' } });
    const keyCalls = stub.to(endpoints.rsaKey.path);
    expect(keyCalls).to.have.length(1);
    expect(keyCalls[0]!.method).to.equal('GET');
    expect(keyCalls[0]!.url.searchParams.get('_')).to.match(/^\d+$/);
    expect(stub.calls.indexOf(keyCalls[0]!)).to.equal(0);

    const logins = stub.to(endpoints.login.path);
    expect(logins).to.have.length(2);
    const nonces: string[] = [];
    for (const req of logins) {
      expect(req.method).to.equal('POST');
      const names = [...req.headers.keys()].sort();
      expect(names).to.deep.equal(['content-type', 'device', 'encryption', 'language', 'merchant', 'x-digest', 'x-rsa']);
      expect(req.headers.get('Content-Type')).to.equal('application/json');
      expect(req.headers.get('Device')).to.equal('MOBILE');
      const body = JSON.parse(req.body!) as Record<string, unknown>;
      expect(Object.keys(body)).to.deep.equal(['value']);
      const plaintext = unseal(
        { encryption: req.headers.get('Encryption'), xRsa: req.headers.get('X-RSA'), xDigest: req.headers.get('X-Digest') },
        body.value as string,
      );
      // Single use (docs/api.md): a fresh nonce and the time on the server's clock ride inside the seal.
      const { requestNonce, requestTime, ...rest } = JSON.parse(plaintext) as Record<string, unknown>;
      expect(rest).to.deep.equal(payload);
      expect(requestNonce).to.match(/^[0-9a-f]{32}$/);
      expect(Math.abs((requestTime as number) - (Date.now() + HOUR))).to.be.below(5000);
      nonces.push(requestNonce as string);

      // The password appears nowhere in clear: not in the URL, a header or the body.
      const everything = [req.url.href, req.body!, ...[...req.headers.entries()].flat()].join('\n');
      expect(everything).to.not.include(password);
      expect(everything).to.not.include(btoa(password));
    }
    // Two logins, two different keys and nonces.
    expect(logins[0]!.headers.get('X-RSA')).to.not.equal(logins[1]!.headers.get('X-RSA'));
    expect(nonces[0]).to.not.equal(nonces[1]);
  });
});

describe('encrypted calls when the server key cannot be had or used (docs/product.md §8: other errors → notice)', function () {
  this.timeout(20_000);
  const payload = {
    type: 'username' as const,
    username: 'demo',
    password: 'Secret123',
    merchant: 'DEMO01',
    loginDeviceId: '01234567-89ab-cdef-0123-456789abcdef',
  };
  const loginOk = () => ok({ id: 1, token: 'tok', userName: 'demo', customerType: 0, firstTimeLogin: false });

  /** Makes the client drop its cached key: an encrypted call the server refuses with encryption.key.invalid. */
  async function forgetServerKey() {
    stub = stubFetch((c) =>
      c.url.pathname === endpoints.rsaKey.path
        ? ok(rsaPair().value)
        : json({ success: false, errorCode: 'encryption.key.invalid' }, 400),
    );
    await rejection(call(endpoints.login, payload, { alert: false }));
    stub.restore();
    stub = undefined;
    notices.value = [];
  }

  it('a key the server refuses (encryption.key.invalid) is fetched again for the next call', async () => {
    let refuse = false;
    stub = stubFetch((c) => {
      if (c.url.pathname === endpoints.rsaKey.path) return ok(rsaPair().value);
      if (refuse) return json({ success: false, errorCode: 'encryption.key.invalid' }, 400);
      return loginOk();
    });
    await call(endpoints.login, payload); // the key is cached now
    const keyCalls = () => stub!.to(endpoints.rsaKey.path).length;
    const cached = keyCalls();
    await call(endpoints.login, payload);
    expect(keyCalls(), 'a cached key is used again').to.equal(cached);
    refuse = true;
    const err = await apiError(call(endpoints.login, payload));
    expect(err.errorCode).to.equal('encryption.key.invalid');
    expect(noticeKeys()).to.deep.equal(['unknown_error']);
    expect(keyCalls()).to.equal(cached);
    refuse = false;
    await call(endpoints.login, payload);
    expect(keyCalls() - cached, 'the refused key was fetched again').to.equal(1);
  });

  it('a failed key fetch fails the call with a notice, not silently, and sends nothing', async () => {
    await forgetServerKey();
    stub = stubFetch((c) =>
      c.url.pathname === endpoints.rsaKey.path
        ? json({ success: false, errorCode: 'server.busy', message: 'Busy' }, 500)
        : loginOk(),
    );
    const err = await apiError(call(endpoints.login, payload));
    expect(err.errorCode).to.equal('server.busy');
    expect(notices.value.map((n) => [n.message, n.messageKey])).to.deep.equal([['Busy', 'unknown_error']]);
    expect(stub.to(endpoints.login.path), 'no login request without a key').to.have.length(0);
  });

  it('a failed key fetch stays silent when the call says alert:false', async () => {
    await forgetServerKey();
    stub = stubFetch((c) =>
      c.url.pathname === endpoints.rsaKey.path ? json({ success: false, errorCode: 'server.busy' }, 500) : loginOk(),
    );
    await apiError(call(endpoints.login, payload, { alert: false }));
    expect(notices.value).to.deep.equal([]);
  });

  it('an unusable key fails the call with encryption.key.invalid and a notice, and is not kept', async () => {
    await forgetServerKey();
    let good = false;
    stub = stubFetch((c) =>
      c.url.pathname === endpoints.rsaKey.path
        ? ok(good ? rsaPair().value : { ...rsaPair().value, rsaKey: 'bm90IGEga2V5' })
        : loginOk(),
    );
    const err = await apiError(call(endpoints.login, payload));
    expect(err.errorCode).to.equal('encryption.key.invalid');
    expect(noticeKeys()).to.deep.equal(['unknown_error']);
    expect(stub.to(endpoints.login.path)).to.have.length(0);
    good = true;
    await call(endpoints.login, payload);
    expect(stub.to(endpoints.rsaKey.path)).to.have.length(2);
    expect(stub.to(endpoints.login.path)).to.have.length(1);
  });
});

describe('client headers (docs/product.md §7)', () => {
  it('Merchant comes from configure({ merchant })', async () => {
    configure({ merchant: 'DEMO01' });
    stub = stubFetch(() => ok());
    await call(endpoints.systemStatus, { device: 'MOBILE' });
    configure({ merchant: 'OTHER' });
    await call(endpoints.memberInfo);
    expect(stub.calls.map((c) => c.headers.get('Merchant'))).to.deep.equal(['DEMO01', 'OTHER']);
  });

  it('Language follows the language signal', async () => {
    stub = stubFetch(() => ok());
    language.value = 'EN';
    await call(endpoints.systemStatus, {});
    language.value = 'PT-BR';
    await call(endpoints.systemStatus, {});
    language.value = 'CN';
    await call(endpoints.memberInfo);
    expect(stub.calls.map((c) => c.headers.get('Language'))).to.deep.equal(['EN', 'PT-BR', 'CN']);
  });

  it('Authorization only when the row has auth, a token exists, and the call does not say auth:false', async () => {
    stub = stubFetch(() => ok());
    expect(endpoints.memberInfo.auth).to.equal(true);
    expect(endpoints.systemStatus.auth).to.equal(false);

    await call(endpoints.memberInfo); // auth row, no session
    saveSession({ token: 'tok-123', merchantCode: 'DEMO01', type: 0 });
    await call(endpoints.memberInfo); // auth row with a session
    await call(endpoints.memberInfo, undefined, { auth: false }); // turned off for this call
    await call(endpoints.systemStatus, {}); // row without auth
    await call(gameEndpoints.launchGame, {}); // client B row with auth
    expect(stub.calls.map((c) => c.headers.get('Authorization'))).to.deep.equal([null, 'tok-123', null, null, 'tok-123']);
  });

  it('ModuleId is REG3 on register and MOBILENUMREG3 on registerMobile, absent elsewhere', async () => {
    const keys = rsaPair();
    stub = stubFetch((c) =>
      c.url.pathname === endpoints.rsaKey.path
        ? ok(keys.value)
        : ok({ id: 1, token: 't', userName: 'u', customerType: 0, firstTimeLogin: false }),
    );
    const payload = {
      registerMethod: 'H5' as const,
      loginDeviceId: '01234567-89ab-cdef-0123-456789abcdef',
      username: 'player1',
      password: 'Secret123',
    };
    await call(endpoints.register, payload);
    await call(endpoints.registerMobile, { ...payload, mobileNum: '91234567', countryDialingCode: '65' });
    await call(endpoints.registerAutoUsername);
    expect(stub.to('/wps/member/register')[0]!.headers.get('ModuleId')).to.equal('REG3');
    expect(stub.to('/wps/member/register/mobile')[0]!.headers.get('ModuleId')).to.equal('MOBILENUMREG3');
    expect(stub.to('/wps/member/register/autoUsername')[0]!.headers.get('ModuleId')).to.equal(null);
  });

  it('client B sends Content-Type application/json even on a GET; client A does not on a GET', async () => {
    stub = stubFetch(() => ok());
    await call(endpoints.systemStatus, {}); // B
    await call(endpoints.memberInfo); // A
    expect(stub.calls[0]!.headers.get('Content-Type')).to.equal('application/json');
    expect(stub.calls[1]!.headers.get('Content-Type')).to.equal(null);
  });

  it('passes extra headers such as Device through the headers option', async () => {
    stub = stubFetch(() => ok());
    await call(endpoints.systemStatus, {}, { headers: { Device: 'MOBILE' } });
    expect(stub.calls[0]!.headers.get('Device')).to.equal('MOBILE');
  });

  it('GET payloads become the query string, POST payloads the JSON body', async () => {
    stub = stubFetch(() => ok());
    await call(endpoints.systemStatus, { device: 'MOBILE', originalDomain: 'example.com' });
    await call(endpoints.smsNoLogin, { countryDialingCode: '65', mobileNum: '91234567' });
    const [get, post] = stub.calls;
    expect(get!.method).to.equal('GET');
    expect(get!.url.searchParams.get('device')).to.equal('MOBILE');
    expect(get!.url.searchParams.get('originalDomain')).to.equal('example.com');
    expect(get!.body).to.equal(undefined);
    expect(post!.method).to.equal('POST');
    expect(JSON.parse(post!.body!)).to.deep.equal({ countryDialingCode: '65', mobileNum: '91234567' });
  });
});

describe('cookies (docs/product.md §7)', () => {
  it("client B sends credentials: 'include'; client A does not", async () => {
    stub = stubFetch(() => ok());
    await call(endpoints.systemStatus, {});
    await call(endpoints.memberInfo);
    expect(stub.calls[0]!.credentials).to.equal('include');
    expect(stub.calls[1]!.credentials).to.not.equal('include');
  });
});

describe('GET cache in session storage (docs/product.md §7)', () => {
  const cacheKeys = () => Object.keys(sessionStorage).filter((k) => k.startsWith(CACHE_PREFIX));

  it('a successful cached GET is answered from session storage the second time', async () => {
    expect(endpoints.systemCountry.cache).to.equal(true);
    const country = { countries: [], countryCode: 'SG', countryDialingCode: '65', currencySymbol: '$', currency: 'SGD' };
    stub = stubFetch(() => ok(country));
    const first = await call(endpoints.systemCountry);
    const second = await call(endpoints.systemCountry);
    expect(stub.calls).to.have.length(1);
    expect(second.value).to.deep.equal(first.value);
    expect(CACHE_PREFIX).to.equal('wps:cache:');
    expect(cacheKeys()).to.have.length(1);
    expect(JSON.parse(sessionStorage.getItem(cacheKeys()[0]!)!)).to.deep.include({ success: true });
  });

  it('a success:false answer is not cached', async () => {
    let n = 0;
    stub = stubFetch(() => (++n === 1 ? json({ success: false, errorCode: 'some.error' }) : ok({ countryCode: 'SG' })));
    await rejection(call(endpoints.systemCountry, undefined, { alert: false }));
    expect(cacheKeys()).to.deep.equal([]);
    await call(endpoints.systemCountry);
    expect(stub.calls).to.have.length(2);
    expect(cacheKeys()).to.have.length(1);
  });

  it('a different URL gets a different key', async () => {
    stub = stubFetch(() => ok({ x: 1 }));
    await call(endpoints.systemStatus, { url: 'https://a.example/' }, { cache: true });
    await call(endpoints.systemStatus, { url: 'https://b.example/' }, { cache: true });
    await call(endpoints.systemStatus, { url: 'https://a.example/' }, { cache: true });
    expect(stub.calls).to.have.length(2);
    expect(cacheKeys()).to.have.length(2);
  });

  it('GETs not marked for caching always reach the network', async () => {
    stub = stubFetch(() => ok());
    await call(endpoints.systemStatus, {});
    await call(endpoints.systemStatus, {});
    expect(stub.calls).to.have.length(2);
    expect(cacheKeys()).to.deep.equal([]);
  });
});

describe('early calls the host page starts before the code (src/core/api/early.ts)', () => {
  const statusUrl = STATUS_PATH + queryString({ device: 'MOBILE', url: 'https://m.example/m/home' });
  const payload = { device: 'MOBILE', url: 'https://m.example/m/home' } as const;
  afterEach(() => delete window.__wpsEarly);

  it('sends the headers a client-B call sends, and the call takes its answer once instead of asking again', async () => {
    merchantCode.value = 'demo';
    language.value = 'EN';
    stub = stubFetch(() => ok({ info: { appName: 'Early' } }));
    const early = startEarly(statusUrl, 'EN', 'demo', CLIENT_B_TIMEOUT_MS);
    expect(stub.calls).to.have.length(1);
    const sent = stub.calls[0]!;
    expect([sent.headers.get('Language'), sent.headers.get('Merchant'), sent.headers.get('Content-Type')]).to.deep.equal([
      'EN',
      'demo',
      'application/json',
    ]);
    expect(sent.credentials).to.equal('include');
    expect(await early).to.deep.equal({ status: 200, data: { success: true, value: { info: { appName: 'Early' } } } });
    const first = await call(endpoints.systemStatus, payload);
    expect(first.value).to.deep.equal({ info: { appName: 'Early' } });
    expect(stub.calls).to.have.length(1, 'the early answer was taken');
    await call(endpoints.systemStatus, payload);
    expect(stub.calls).to.have.length(2, 'only once');
  });

  it('another language or merchant is another request: the call asks itself', async () => {
    merchantCode.value = 'demo';
    language.value = 'TH';
    stub = stubFetch(() => ok({}));
    startEarly(statusUrl, 'EN', 'demo', CLIENT_B_TIMEOUT_MS);
    await call(endpoints.systemStatus, payload);
    expect(stub.calls).to.have.length(2);
    expect(stub.calls[1]!.headers.get('Language')).to.equal('TH');
  });

  it('an early call that failed (offline, a body that is no JSON) is asked again the normal way, and its answer goes through the error catalogue', async () => {
    merchantCode.value = 'demo';
    language.value = 'EN';
    let n = 0;
    stub = stubFetch(() =>
      ++n === 1 ? new Response('<html>proxy</html>', { status: 502 }) : json({ success: false, errorCode: 'some.error' }),
    );
    startEarly(statusUrl, 'EN', 'demo', CLIENT_B_TIMEOUT_MS);
    const err = await apiError(call(endpoints.systemStatus, payload, { alert: false }));
    expect(err.errorCode).to.equal('some.error');
    expect(stub.calls).to.have.length(2);
  });

  it('an early answer that is an error is the call’s error (no second request)', async () => {
    merchantCode.value = 'demo';
    language.value = 'EN';
    stub = stubFetch(() => json({ success: false, errorCode: 'domain_not_available', message: 'Not here' }, 403));
    startEarly(statusUrl, 'EN', 'demo', CLIENT_B_TIMEOUT_MS);
    const err = await apiError(call(endpoints.systemStatus, payload, { alert: false }));
    expect([err.status, err.errorCode]).to.deep.equal([403, 'domain_not_available']);
    expect(stub.calls).to.have.length(1);
  });
});

describe('timeouts (docs/product.md §9: HTTP timeout 30 s)', () => {
  let clock: FakeClock | undefined;
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
  });

  it('client B gives up after 30 s with ECONNABORTED and the notice timeout_retry_please', async () => {
    expect(CLIENT_B_TIMEOUT_MS).to.equal(30_000);
    clock = installClock();
    stub = stubFetch(hang);
    const pending = apiError(call(endpoints.systemStatus, {}));
    await clock.tickAsync(29_999);
    expect(stub.calls).to.have.length(1);
    expect(stub.calls[0]!.signal!.aborted, 'aborted before 30 s').to.equal(false);
    expect(notices.value).to.deep.equal([]);
    await clock.tickAsync(1);
    const err = await pending;
    expect(stub.calls[0]!.signal!.aborted).to.equal(true);
    expect(err.errorCode).to.equal('ECONNABORTED');
    expect(err.reaction.kind).to.equal('timeoutRetry');
    expect(noticeKeys()).to.deep.equal(['timeout_retry_please']);
  });

  it('client A has no timeout of its own', async () => {
    clock = installClock();
    stub = stubFetch(hang);
    void call(endpoints.memberInfo).catch(() => undefined);
    await clock.tickAsync(120_000);
    expect(stub.calls[0]!.signal!.aborted).to.equal(false);
    expect(notices.value).to.deep.equal([]);
  });

  it('a catalogue row can set its own timeout (launchGame: 10 000 ms)', async () => {
    clock = installClock();
    stub = stubFetch(hang);
    const pending = apiError(call(gameEndpoints.launchGame, {}));
    await clock.tickAsync(9_999);
    expect(stub.calls[0]!.signal!.aborted).to.equal(false);
    await clock.tickAsync(1);
    expect((await pending).errorCode).to.equal('ECONNABORTED');
  });
});

describe('failures reach the error catalogue (docs/product.md §8)', () => {
  it('a plain error shows the server message as a notice and rejects with ApiError', async () => {
    stub = stubFetch(() => json({ success: false, errorCode: 'some.error', message: 'Nope' }, 400));
    const err = await apiError(call(endpoints.systemStatus, {}));
    expect(err.status).to.equal(400);
    expect(err.errorCode).to.equal('some.error');
    expect(err.serverMessage).to.equal('Nope');
    expect(notices.value.map((n) => [n.message, n.messageKey])).to.deep.equal([['Nope', 'unknown_error']]);
  });

  it('success:false with HTTP 200 is a failure too', async () => {
    stub = stubFetch(() => json({ success: false, errorCode: 'x' }));
    const err = await apiError(call(endpoints.systemStatus, {}));
    expect(err.errorCode).to.equal('x');
    expect(noticeKeys()).to.deep.equal(['unknown_error']);
  });

  it('alert:false shows no notice but still rejects', async () => {
    stub = stubFetch(() => json({ success: false, errorCode: 'some.error', message: 'Nope' }, 400));
    const err = await apiError(call(endpoints.systemStatus, {}, { alert: false }));
    expect(err.reaction.kind).to.equal('silent');
    expect(notices.value).to.deep.equal([]);
  });

  it('HTTP 502 shows no notice but rejects', async () => {
    stub = stubFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const err = await apiError(call(endpoints.systemStatus, {}));
    expect(err.status).to.equal(502);
    expect(err.reaction.kind).to.equal('pass');
    expect(notices.value).to.deep.equal([]);
  });

  for (const code of ['TOO_MANY_REQUEST', 'TOO_MANY_REQUEST_LOGIN', 'TOO_MANY_REQUEST_SMS']) {
    it(`${code} shows no notice`, async () => {
      stub = stubFetch(() => json({ success: false, errorCode: code, message: 'slow down' }, 429));
      const err = await apiError(call(endpoints.systemStatus, {}));
      expect(err.reaction.kind).to.equal('silent');
      expect(notices.value).to.deep.equal([]);
    });
  }

  const malformed: [string, () => Response][] = [
    ['non-JSON text', () => new Response('<html>oops</html>', { status: 200 })],
    ['an empty body', () => new Response('', { status: 200 })],
    ['JSON without success', () => json({ value: { a: 1 } })],
    ['JSON with a non-boolean success', () => json({ success: 'true' })],
    ['a JSON array', () => json([1, 2])],
  ];
  for (const [label, answer] of malformed) {
    it(`a malformed answer (${label}) gives the notice unknown_error and errorCode response.malformed`, async () => {
      stub = stubFetch(answer);
      const err = await apiError(call(endpoints.systemStatus, {}));
      expect(err.errorCode).to.equal('response.malformed');
      expect(notices.value.map((n) => [n.message, n.messageKey])).to.deep.equal([[undefined, 'unknown_error']]);
    });
  }

  it('a network failure rejects with network.error and, online, the unstable-line notice', async () => {
    stub = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await apiError(call(endpoints.systemStatus, {}));
    expect(err.errorCode).to.equal('network.error');
    expect(err.reaction.kind).to.equal('network');
    expect(noticeKeys()).to.deep.equal(['network.unstable']);
  });

  it('a page of another origin whose calls get no answer while the ping does is refused by CORS: one console error, no notice', async () => {
    apiBase.value = 'https://operator.example';
    merchantCode.value = 'demo';
    const ping = endpoints.ping.path;
    stub = stubFetch((c) =>
      c.url.pathname === ping ? json({ success: true, value: 'pong' }) : Promise.reject(new TypeError('Failed to fetch')),
    );
    const logged = spyConsoleError();
    try {
      const quiet = await apiError(call(endpoints.systemStatus, {}, { alert: false }));
      const loud = await apiError(call(endpoints.systemCountry));
      for (const err of [quiet, loud]) {
        expect(err.errorCode).to.equal(ORIGIN_NOT_ALLOWED);
        expect(err.reaction).to.deep.equal({
          kind: 'originRefused',
          origin: location.origin,
          apiBase: 'https://operator.example',
          merchant: 'demo',
        });
      }
      expect(notices.value, 'no notice in front of the visitors').to.deep.equal([]);
      expect(logged, 'once per page').to.have.length(1);
      const message = String(logged[0]![0]);
      expect(message).to.include(`"${location.origin}"`);
      expect(message).to.include('allowedOrigins of merchant "demo"');
      expect(message).to.include("operator's back office");
      expect(message).to.include('server/merchants/merchants.json');
      // The check is a simple GET of the ping on the same base: no credentials, no custom headers.
      const checks = stub.to(ping);
      expect(checks).to.have.length(2);
      expect(checks[0]!.url.origin).to.equal('https://operator.example');
      expect(checks[0]!.credentials).to.equal('omit');
      expect([...checks[0]!.headers.keys()]).to.deep.equal([]);
    } finally {
      logged.restore();
    }
  });

  it('on another origin, no answer and no ping answer either is the network: the unstable-line notice, no console error', async () => {
    apiBase.value = 'https://operator.example';
    stub = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const logged = spyConsoleError();
    try {
      const err = await apiError(call(endpoints.systemStatus, {}));
      expect(err.errorCode).to.equal('network.error');
      expect(noticeKeys()).to.deep.equal(['network.unstable']);
      expect(logged).to.have.length(0);
    } finally {
      logged.restore();
    }
  });

  it('on its own origin a call without an answer is never taken for a refused origin (no ping is asked)', async () => {
    apiBase.value = location.origin;
    stub = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await apiError(call(endpoints.systemStatus, {}));
    expect(err.errorCode).to.equal('network.error');
    expect(stub.to(endpoints.ping.path)).to.have.length(0);
  });

  it("the caller's own signal cancels the request without a notice", async () => {
    stub = stubFetch(hang);
    const controller = new AbortController();
    const pending = rejection(call(endpoints.systemStatus, {}, { signal: controller.signal }));
    await waitFor(() => expect(stub!.calls).to.have.length(1));
    controller.abort();
    const err = (await pending) as DOMException;
    expect(err.name).to.equal('AbortError');
    expect(notices.value).to.deep.equal([]);
  });
});

describe('session loss (docs/product.md §8: 401 and the session codes)', () => {
  const rows: [label: string, answer: () => Response][] = [
    ['HTTP 401', () => json({ success: false }, 401)],
    ['HTTP 401 without a JSON body', () => new Response('Unauthorized', { status: 401 })],
    ['CUSTOMER_NOT_LOGIN', () => json({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' }, 401)],
    ['customer.not.login', () => json({ success: false, errorCode: 'customer.not.login' })],
    ['user.or.token.invalid', () => json({ success: false, errorCode: 'user.or.token.invalid' })],
    ['login.not.session', () => json({ success: false, errorCode: 'login.not.session' })],
  ];

  for (const [label, answer] of rows) {
    it(`${label}: logs out, clears wps:* session storage, cancels requests, asks to log in`, async () => {
      saveSession({ id: 7, token: 'tok-7', merchantCode: 'DEMO01', type: 0, userName: 'player' });
      sessionStorage.setItem('wps:tracking', '{"fbclid":"f"}');
      sessionStorage.setItem('wps:cache:member', '{"success":true}');
      sessionStorage.setItem('merchant-own-key', 'keep');
      expect(sessionStorage.getItem(SESSION_KEY)).to.not.equal(null);

      stub = stubFetch((c) => (c.url.pathname === endpoints.systemStatus.path ? hang(c) : answer()));
      const inFlight = rejection(call(endpoints.systemStatus, {}));
      await waitFor(() => expect(stub!.calls).to.have.length(1));
      const inFlightSignal = stub.calls[0]!.signal!;

      const err = await apiError(call(endpoints.memberInfo));
      expect(err.reaction.kind).to.equal('logout');

      expect(session.value).to.equal(undefined);
      expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
      expect(sessionStorage.getItem('wps:cache:member'), 'member data cleared').to.equal(null);
      expect(sessionStorage.getItem('wps:tracking'), 'visit keys stay').to.equal('{"fbclid":"f"}');
      expect(sessionStorage.getItem('merchant-own-key'), "the merchant's own keys stay").to.equal('keep');

      expect(inFlightSignal.aborted, 'the pending request was cancelled').to.equal(true);
      expect(((await inFlight) as DOMException).name).to.equal('AbortError');

      expect(notices.value).to.have.length(1);
      const notice = notices.value[0]!;
      expect(notice.messageKey).to.equal('please_login');
      expect(notice.forced).to.equal(true);
      expect(notice.buttons).to.have.length(1);
      expect(navigations).to.deep.equal([]);
      closeNotice(notice.id, notice.buttons[0]);
      expect(navigations).to.deep.equal(['/m/login']);
      expect(notices.value).to.deep.equal([]);

      // Requests after the logout are not cancelled any more.
      stub.restore();
      stub = stubFetch(() => ok({ fine: true }));
      expect((await call(endpoints.systemStatus, {})).value).to.deep.equal({ fine: true });
    });
  }

  it('two failures in a row leave one please-login notice, not a stack', async () => {
    stub = stubFetch(() => json({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' }, 401));
    await rejection(call(endpoints.memberInfo));
    await rejection(call(endpoints.rankProgress));
    expect(noticeKeys()).to.deep.equal(['please_login']);
  });
});

describe('/lgw/ paths are never failures (docs/product.md §7)', () => {
  // The catalogue has no /lgw/ call yet, so the test makes a row of its own, as a feature would.
  const rows = endpoints as unknown as Record<string, Endpoint>;
  const lgwProbe = row<void, unknown>({ method: 'GET', path: '/lgw/probe', encrypted: false, auth: true, client: 'B' });
  const callAny = () => call(lgwProbe);
  before(() => {
    expect(Object.values(rows).some((r) => r.path.includes('/lgw/'))).to.equal(false);
  });

  it('a success:false answer with HTTP 500 resolves with that answer and shows nothing', async () => {
    stub = stubFetch(() => json({ success: false, errorCode: 'whatever', message: 'm' }, 500));
    const res = await callAny();
    expect(res).to.deep.equal({ success: false, errorCode: 'whatever', message: 'm' });
    expect(notices.value).to.deep.equal([]);
  });

  it('a non-envelope answer resolves as the value', async () => {
    stub = stubFetch(() => json({ hello: 'world' }));
    expect(await callAny()).to.deep.equal({ success: true, value: { hello: 'world' } });
  });

  it('a 401 there does not end the session', async () => {
    saveSession({ token: 'tok', merchantCode: 'M', type: 0 });
    stub = stubFetch(() => json({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' }, 401));
    await callAny();
    expect(session.value?.token).to.equal('tok');
    expect(notices.value).to.deep.equal([]);
  });
});
