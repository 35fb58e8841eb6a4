import { expect } from 'chai';
import {
  REMEMBERED_LOGIN_KEY,
  autoLoginAllowed,
  forgetRememberedLogin,
  readRememberedLogin,
  saveRememberedLogin,
  turnAutoLoginOff,
  type AutoLoginContext,
} from '../../src/core/session/rememberedLogin.ts';
import { nextAfterLogin } from '../../src/features/sign-in/model.ts';
import { DEFAULT_PASSWORD } from '../../src/contract/constants.ts';
import type { LoginValue } from '../../src/contract/endpoints.ts';
import { fakeProperty } from '../browser-helpers/status.ts';

/** The key as the page stored it: IndexedDB `wps`, store `keys`, `remembered-login-key` (docs/product.md). */
function storedKey(): Promise<CryptoKey> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('wps');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction('keys').objectStore('keys').get('remembered-login-key');
      get.onsuccess = () => resolve(get.result as CryptoKey);
      get.onerror = () => reject(get.error);
    };
  });
}
describe('remembered login (docs/product.md §3, §4; docs/architecture.md, Security rules)', () => {
  beforeEach(async () => {
    localStorage.clear();
    await forgetRememberedLogin();
  });

  it('keeps the password only encrypted: nothing readable in local storage', async () => {
    await saveRememberedLogin({ type: 'username', username: 'alice', password: 'S3cret-pass', merchant: 'demo', autoLogin: 1 });
    const raw = localStorage.getItem(REMEMBERED_LOGIN_KEY)!;
    expect(raw).to.not.include('S3cret-pass');
    expect(raw).to.not.include(btoa('S3cret-pass'));
    expect(raw).to.not.include(btoa(btoa('S3cret-pass')));
    expect(await readRememberedLogin()).to.deep.equal({
      type: 'username',
      username: 'alice',
      password: 'S3cret-pass',
      merchant: 'demo',
      autoLogin: 1,
    });
  });

  it("is kept under docs/product.md's storage key wps:rememberedLogin (local storage)", async () => {
    await saveRememberedLogin({ type: 'sms', username: '9171234567', merchant: 'demo', autoLogin: 1 });
    expect(JSON.parse(localStorage.getItem('wps:rememberedLogin')!)).to.deep.equal({
      type: 'sms',
      username: '9171234567',
      merchant: 'demo',
      autoLogin: 1,
    });
  });

  it('uses a non-extractable key kept in IndexedDB', async () => {
    await saveRememberedLogin({ type: 'username', username: 'alice', password: 'pw1', merchant: 'demo', autoLogin: 1 });
    const key = await storedKey();
    expect(key.extractable).to.equal(false);
    expect(key.algorithm.name).to.equal('AES-GCM');
    let exported = true;
    await crypto.subtle.exportKey('raw', key).catch(() => (exported = false));
    expect(exported).to.equal(false);
  });

  it("the key that seals it is IndexedDB wps / keys / remembered-login-key (docs/product.md's storage keys)", async () => {
    await saveRememberedLogin({ type: 'username', username: 'alice', password: 'pw-idb', merchant: 'demo', autoLogin: 1 });
    const key = await storedKey();
    // That key, and no other (a key left by an earlier page would not), opens the sealed password.
    const { secret } = JSON.parse(localStorage.getItem(REMEMBERED_LOGIN_KEY)!) as { secret: { iv: string; data: string } };
    const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes(secret.iv) }, key, bytes(secret.data));
    expect(new TextDecoder().decode(plain)).to.equal('pw-idb');
  });

  // docs/architecture.md, Security rules: without WebCrypto or IndexedDB only the username is remembered.
  const insecure: [label: string, target: () => object, property: string][] = [
    ['without WebCrypto (an insecure context)', () => crypto, 'subtle'],
    ['without IndexedDB', () => window, 'indexedDB'],
  ];
  for (const [label, target, property] of insecure) {
    it(`${label} only the username is remembered, and the login is not refused`, async () => {
      // A key from an earlier login is there: it must not be used either.
      await saveRememberedLogin({ type: 'username', username: 'alice', password: 'pw1', merchant: 'demo', autoLogin: 1 });
      const restore = fakeProperty(target(), property, () => undefined);
      try {
        await saveRememberedLogin({ type: 'username', username: 'bob', password: 'pw2', merchant: 'demo', autoLogin: 1 });
        expect(JSON.parse(localStorage.getItem(REMEMBERED_LOGIN_KEY)!)).to.deep.equal({
          type: 'username',
          username: 'bob',
          merchant: 'demo',
          autoLogin: 1,
        });
        expect(await readRememberedLogin()).to.deep.equal({
          type: 'username',
          username: 'bob',
          merchant: 'demo',
          autoLogin: 1,
          password: undefined,
        });
      } finally {
        restore();
      }
    });
  }

  it('a record copied to another browser (no key) gives no password', async () => {
    await saveRememberedLogin({ type: 'username', username: 'alice', password: 'pw1', merchant: 'demo', autoLogin: 1 });
    const copied = localStorage.getItem(REMEMBERED_LOGIN_KEY)!;
    await forgetRememberedLogin();
    localStorage.setItem(REMEMBERED_LOGIN_KEY, copied);
    const read = await readRememberedLogin();
    expect(read?.username).to.equal('alice');
    expect(read?.password).to.equal(undefined);
  });

  it('an sms login remembers the number and no password', async () => {
    await saveRememberedLogin({ type: 'sms', username: '9171234567', password: 'ignored', merchant: 'demo', autoLogin: 1 });
    expect((await readRememberedLogin())?.password).to.equal(undefined);
  });

  it('forget removes it; token_ip_different turns auto login off and keeps the rest', async () => {
    await saveRememberedLogin({ type: 'username', username: 'alice', password: 'pw1', merchant: 'demo', autoLogin: 1 });
    turnAutoLoginOff();
    const off = await readRememberedLogin();
    expect(off?.autoLogin).to.equal(0);
    expect(off?.password).to.equal('pw1');
    await forgetRememberedLogin();
    expect(await readRememberedLogin()).to.equal(undefined);
  });

  it('garbage in storage reads as nothing', async () => {
    localStorage.setItem(REMEMBERED_LOGIN_KEY, '{"type":"other"}');
    expect(await readRememberedLogin()).to.equal(undefined);
    localStorage.setItem(REMEMBERED_LOGIN_KEY, 'not json');
    expect(await readRememberedLogin()).to.equal(undefined);
  });

  // A record without its type, username or merchant would fill the form with "undefined" or log in elsewhere.
  const broken = [
    { type: 'email', username: 'alice', merchant: 'demo', autoLogin: 1 },
    { type: 'username', merchant: 'demo', autoLogin: 1 },
    { type: 'sms', username: 9171234567, merchant: 'demo', autoLogin: 1 },
    { type: 'username', username: 'alice', autoLogin: 1 },
  ];
  for (const record of broken) {
    it(`${JSON.stringify(record)} in storage reads as nothing`, async () => {
      localStorage.setItem(REMEMBERED_LOGIN_KEY, JSON.stringify(record));
      expect(await readRememberedLogin()).to.equal(undefined);
    });
  }

  it('turning auto login off with nothing remembered stores nothing', () => {
    turnAutoLoginOff();
    expect(localStorage.getItem(REMEMBERED_LOGIN_KEY)).to.equal(null);
  });
});

describe('auto login conditions (docs/product.md §4)', () => {
  const ok: AutoLoginContext = {
    hasToken: false,
    hasSession: false,
    redirectOrBack: false,
    flagOn: true,
    merchant: 'demo',
    remembered: { type: 'username', username: 'a', password: 'p', merchant: 'demo', autoLogin: 1 },
  };
  const rows: [string, Partial<AutoLoginContext>, boolean][] = [
    ['all conditions hold', {}, true],
    ['a token in the query', { hasToken: true }, false],
    ['a saved session', { hasSession: true }, false],
    ['redirectUrl or backUrl', { redirectOrBack: true }, false],
    ['MOBILEAUTOLOGIN3 off', { flagOn: false }, false],
    ['nothing remembered', { remembered: undefined }, false],
    ['autoLogin 0', { remembered: { ...ok.remembered!, autoLogin: 0 } }, false],
    ['another merchant', { merchant: 'other' }, false],
    ['an sms login', { remembered: { ...ok.remembered!, type: 'sms' } }, false],
    ['no password could be decrypted', { remembered: { ...ok.remembered!, password: undefined } }, false],
  ];
  for (const [label, change, expected] of rows) {
    it(`${label} → ${expected ? 'runs' : 'does not run'}`, () =>
      expect(autoLoginAllowed({ ...ok, ...change })).to.equal(expected));
  }
});

describe('where a login goes (docs/product.md §4)', () => {
  const value: LoginValue = { id: 1, token: 't', userName: 'a', customerType: 0, firstTimeLogin: false, passwordExpired: false };
  const rows: [string, Parameters<typeof nextAfterLogin>, string][] = [
    ['a normal login', ['username', 'pw', value, true], '/m/home'],
    ['the default password', ['username', DEFAULT_PASSWORD, value, false], '/m/changePsw'],
    [
      'an expired password with PWDEXPFORCECHANGE3',
      ['username', 'pw', { ...value, passwordExpired: true }, true],
      '/m/changePsw',
    ],
    ['an expired password without the flag', ['username', 'pw', { ...value, passwordExpired: true }, false], '/m/home'],
    ['sms, even expired', ['sms', undefined, { ...value, passwordExpired: true }, true], '/m/home'],
    ['firebase, even with the default password', ['firebase', DEFAULT_PASSWORD, value, true], '/m/home'],
    // issue 26: the server's word that the session must change its password first wins over everything.
    [
      'the answer says passwordChangeRequired',
      ['username', 'pw', { ...value, passwordChangeRequired: true }, false],
      '/m/changePsw',
    ],
    [
      'sms, when the answer says passwordChangeRequired',
      ['sms', undefined, { ...value, passwordChangeRequired: true }, false],
      '/m/changePsw',
    ],
  ];
  for (const [label, args, expected] of rows)
    it(`${label} → ${expected}`, () => expect(nextAfterLogin(...args)).to.equal(expected));
});
