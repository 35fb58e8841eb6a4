/** Session info, member types, device id and landing capture (docs/product.md §1, §2, §3). */
import { expect } from 'chai';
import {
  clearSession,
  isLoggedIn,
  memberType,
  saveSession,
  session,
  SESSION_KEY,
  token,
  updateSession,
  type SessionInfo,
} from '../../src/core/session/sessionInfo.ts';
import { MemberType, isAgent, type MemberTypeValue } from '../../src/core/session/memberType.ts';
import { deviceId, formatAsUuid } from '../../src/core/session/deviceId.ts';
import {
  captureLanding,
  REGISTRATION_INFO_KEY,
  storedRegistrationInfo,
  storedTrackingParams,
  TRACKING_KEY,
} from '../../src/core/session/landing.ts';
import { md5Hex } from '../../src/core/api/crypto-lazy.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { merchantCode } from '../../src/core/config/config.ts';
import {
  MEMBER_RECHECK_DEBOUNCE_MS,
  memberInfo,
  syncLanguage,
  waitForMember,
  watchMemberInfo,
} from '../../src/core/session/member.ts';
import { logout } from '../../src/core/session/logout.ts';
import { PASSWORD_CHANGE_KEY, passwordChangeForced } from '../../src/core/session/passwordChange.ts';
import { REMEMBERED_LOGIN_KEY } from '../../src/core/session/rememberedLogin.ts';
import { installClock } from '../browser-helpers/clock.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { fakeProperty } from '../browser-helpers/status.ts';
import { json, stubFetch, type FetchStub } from '../browser-helpers/helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function reset() {
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
}
beforeEach(reset);
afterEach(reset);

const info: SessionInfo = {
  id: 42,
  token: 'tok-42',
  merchantCode: 'DEMO01',
  userName: 'player',
  type: MemberType.MEMBER,
  firstTimeLogin: true,
};

describe('session info mirrored to sessionStorage (docs/product.md §3)', () => {
  it(`saveSession writes ${SESSION_KEY} and the signals follow`, () => {
    expect(SESSION_KEY).to.equal('wps:session');
    saveSession(info);
    expect(JSON.parse(sessionStorage.getItem('wps:session')!)).to.deep.equal(info);
    expect(localStorage.getItem('wps:session'), 'not in localStorage outside old iOS home-screen apps').to.equal(null);
    expect(session.value).to.deep.equal(info);
    expect(token.value).to.equal('tok-42');
    expect(memberType.value).to.equal(0);
    expect(isLoggedIn.value).to.equal(true);
  });

  it('updateSession patches the saved session, and does nothing without one', () => {
    updateSession({ userName: 'ghost' });
    expect(session.value).to.equal(undefined);
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    saveSession(info);
    updateSession({ userName: 'renamed', type: MemberType.AGENT });
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!)).to.deep.equal({ ...info, userName: 'renamed', type: 1 });
    expect(memberType.value).to.equal(1);
  });

  it('clearSession forgets the session and every member wps:* key, but not visit keys or the page’s own keys', () => {
    saveSession(info);
    sessionStorage.setItem('wps:cache:abc', '{}');
    sessionStorage.setItem('wps:firstTimeLogin', 'true');
    sessionStorage.setItem('merchant-key', 'mine');
    const visit = {
      'wps:tracking': '{"fbclid":"f"}',
      'wps:registrationInfo': '{"referralCode":"R"}',
      'wps:inApp': '"1"',
      'wps:downloadBarHidden': 'true',
    };
    for (const [k, v] of Object.entries(visit)) sessionStorage.setItem(k, v);
    clearSession();
    expect(session.value).to.equal(undefined);
    expect(token.value).to.equal(undefined);
    expect(memberType.value).to.equal(MemberType.VISITOR);
    expect(isLoggedIn.value).to.equal(false);
    expect(Object.keys(sessionStorage).sort()).to.deep.equal(['merchant-key', ...Object.keys(visit)].sort());
    for (const [k, v] of Object.entries(visit)) expect(sessionStorage.getItem(k)).to.equal(v);
  });
});

describe('session restore on load validates what storage holds', () => {
  /** Loads sessionInfo.ts afresh in a same-origin frame (which shares sessionStorage) and returns its session. */
  async function restoredFrom(raw: string | null): Promise<unknown> {
    if (raw === null) sessionStorage.removeItem(SESSION_KEY);
    else sessionStorage.setItem(SESSION_KEY, raw);
    const frame = document.createElement('iframe');
    frame.srcdoc = '<!doctype html><script type="module" src="/test/browser-helpers/session-restore-probe.test.ts"></script>';
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the probe frame did not answer')), 5000);
      const onMessage = (e: MessageEvent) => {
        const data = e.data as { type?: string; session?: unknown } | undefined;
        if (e.source !== frame.contentWindow || data?.type !== 'wps-session-probe') return;
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        resolve(data.session);
      };
      window.addEventListener('message', onMessage);
    });
    document.body.append(frame);
    try {
      return await answer;
    } finally {
      frame.remove();
    }
  }

  it('a valid saved session is restored', async () => {
    expect(await restoredFrom(JSON.stringify(info))).to.deep.equal(info);
  });

  const garbage: [label: string, raw: string | null][] = [
    ['nothing stored', null],
    ['text that is not JSON', '{not json'],
    ['a JSON string', '"tok"'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['no token', JSON.stringify({ merchantCode: 'M', type: 0 })],
    ['an empty token', JSON.stringify({ token: '', merchantCode: 'M', type: 0 })],
    ['a numeric token', JSON.stringify({ token: 123, merchantCode: 'M', type: 0 })],
    ['no type', JSON.stringify({ token: 't', merchantCode: 'M' })],
    ['a string type', JSON.stringify({ token: 't', merchantCode: 'M', type: '0' })],
  ];
  for (const [label, raw] of garbage) {
    it(`${label} → no session`, async () => {
      expect(await restoredFrom(raw)).to.equal(null);
    });
  }
});

describe('member types (docs/product.md §1)', () => {
  it('has the numeric constants -1, 0, 1, 2, 4', () => {
    expect(MemberType).to.deep.equal({ VISITOR: -1, MEMBER: 0, AGENT: 1, AGENT_2: 2, RESTRICTED: 4 });
  });
  const rows: [number, boolean][] = [
    [-1, false],
    [0, false],
    [1, true],
    [2, true],
    [3, false],
    [4, false],
  ];
  for (const [type, agent] of rows) {
    it(`isAgent(${type}) is ${agent}`, () => expect(isAgent(type)).to.equal(agent));
  }
});

describe('device id (docs/product.md §3: loginDeviceId, MD5 as 8-4-4-4-12)', () => {
  it('formatAsUuid cuts a 32-digit MD5 into 8-4-4-4-12, lower case', () => {
    expect(formatAsUuid('D41D8CD98F00B204E9800998ECF8427E')).to.equal('d41d8cd9-8f00-b204-e980-0998ecf8427e');
    expect(formatAsUuid(md5Hex(''))).to.equal('d41d8cd9-8f00-b204-e980-0998ecf8427e');
    expect(formatAsUuid(md5Hex('anything'))).to.match(UUID);
  });

  it('deviceId() is a UUID-shaped MD5 and stays the same across calls', async () => {
    const first = await deviceId();
    expect(first).to.match(UUID);
    expect(await deviceId()).to.equal(first);
    expect(localStorage.getItem('wps:deviceSeed'), 'the seed is kept in local storage').to.not.equal(null);
  });

  it('another device seed gives another id; the same seed gives the same id', async () => {
    const first = await deviceId();
    const seed = localStorage.getItem('wps:deviceSeed');
    localStorage.clear();
    const second = await deviceId();
    expect(second).to.match(UUID);
    expect(second).to.not.equal(first);
    localStorage.setItem('wps:deviceSeed', seed!);
    expect(await deviceId()).to.equal(first);
  });

  // Two phones with the same seed still differ when one trait differs (docs/product.md §3: an MD5 of
  // the device's traits): the screen, the language, the user agent and the number of cores each count.
  const traits: [name: string, target: () => object, property: string, other: unknown][] = [
    ['screen width', () => screen, 'width', 1234],
    ['screen height', () => screen, 'height', 567],
    ['colour depth', () => screen, 'colorDepth', 8],
    ['language', () => navigator, 'language', 'th-TH'],
    ['user agent', () => navigator, 'userAgent', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) WPSApp/2.4.39'],
    ['number of cores', () => navigator, 'hardwareConcurrency', 3],
  ];
  for (const [name, target, property, other] of traits) {
    it(`another ${name} with the same seed gives another id`, async () => {
      localStorage.setItem('wps:deviceSeed', '1-2-3-4');
      const mine = await deviceId();
      const restore = fakeProperty(target(), property, () => other);
      try {
        expect(await deviceId())
          .to.match(UUID)
          .and.not.equal(mine);
      } finally {
        restore();
      }
      expect(await deviceId(), 'the trait back: the id back').to.equal(mine);
    });
  }
});

describe('landing capture (docs/product.md §2, §3)', () => {
  it('stores the carried tracking parameters and drops the rest', () => {
    captureLanding('?fbclid=F1&gclid=G1&inApp=1&token=secret&foo=bar', 'play.example.com');
    expect(storedTrackingParams()).to.deep.equal({ fbclid: 'F1', gclid: 'G1', inApp: '1' });
    expect(JSON.parse(sessionStorage.getItem(TRACKING_KEY)!)).to.deep.equal({ fbclid: 'F1', gclid: 'G1', inApp: '1' });
  });

  it('r becomes the referral code; affiliateCode and the original domain are kept', () => {
    captureLanding('?r=REF1&affiliateCode=AFF1', 'play.example.com');
    expect(storedRegistrationInfo()).to.deep.equal({
      originalDomain: 'play.example.com',
      affiliateCode: 'AFF1',
      referralCode: 'REF1',
    });
    expect(REGISTRATION_INFO_KEY.startsWith('wps:')).to.equal(true);
  });

  it('referralCode wins over r', () => {
    captureLanding('?r=R&referralCode=RC', 'a.example');
    expect(storedRegistrationInfo().referralCode).to.equal('RC');
  });

  it('a later landing with new values wins; missing values and the first domain are kept', () => {
    captureLanding('?r=OLD&affiliateCode=AFF&fbclid=F1', 'first.example');
    captureLanding('?r=NEW&gclid=G2', 'second.example');
    expect(storedRegistrationInfo()).to.deep.equal({
      originalDomain: 'first.example',
      affiliateCode: 'AFF',
      referralCode: 'NEW',
    });
    expect(storedTrackingParams()).to.deep.equal({ fbclid: 'F1', r: 'NEW', affiliateCode: 'AFF', gclid: 'G2' });
  });

  it("keeps them under docs/product.md's storage keys, wps:tracking and wps:registrationInfo (session storage)", () => {
    captureLanding('?fbclid=F1&r=REF1', 'play.example.com');
    expect(JSON.parse(sessionStorage.getItem('wps:tracking')!)).to.deep.equal({ fbclid: 'F1', r: 'REF1' });
    expect(JSON.parse(sessionStorage.getItem('wps:registrationInfo')!)).to.deep.equal({
      originalDomain: 'play.example.com',
      referralCode: 'REF1',
    });
  });

  it('a landing without parameters stores no tracking but still records the domain', () => {
    captureLanding('', 'plain.example');
    expect(sessionStorage.getItem(TRACKING_KEY)).to.equal(null);
    expect(storedRegistrationInfo()).to.deep.equal({ originalDomain: 'plain.example' });
  });
});

describe('language sync (docs/product.md §1: POST /wps/member/language, type 4 skips it)', () => {
  let stub: FetchStub | undefined;
  beforeEach(() => {
    merchantCode.value = 'DEMO01';
    stub = stubFetch(() => json({ success: true, value: null }));
  });
  afterEach(() => {
    stub?.restore();
    merchantCode.value = '';
  });
  const syncs = () => stub!.to(endpoints.memberLanguage.path);

  const rows: { type: MemberTypeValue; label: string; sent: boolean }[] = [
    { type: MemberType.MEMBER, label: 'a member (0)', sent: true },
    { type: MemberType.AGENT, label: 'an agent (1)', sent: true },
    { type: MemberType.RESTRICTED, label: 'a type 4 member', sent: false },
  ];
  for (const row of rows) {
    it(`${row.label}: ${row.sent ? 'sends the language with the merchant code' : 'sends nothing'}`, async () => {
      saveSession({ ...info, type: row.type });
      await syncLanguage('TH');
      expect(syncs()).to.have.length(row.sent ? 1 : 0);
      if (row.sent) expect(JSON.parse(syncs()[0]!.body!)).to.deep.equal({ language: 'TH', merchantCode: 'DEMO01' });
    });
  }

  it('a visitor sends nothing', async () => {
    await syncLanguage('TH');
    expect(syncs()).to.have.length(0);
  });
});

describe('logout (docs/product.md §4)', () => {
  let stub: FetchStub | undefined;
  beforeEach(() => (stub = stubFetch(() => json({ success: true, value: null }))));
  afterEach(() => stub?.restore());
  const remembered = { type: 'username', username: 'player', merchant: 'DEMO01', autoLogin: 1 };

  it('ends the session on the server with its token, forgets it here and turns auto login off (the username stays)', async () => {
    saveSession(info);
    localStorage.setItem(REMEMBERED_LOGIN_KEY, JSON.stringify(remembered));
    await logout();
    const calls = stub!.to(endpoints.logout.path);
    expect(calls.map((c) => [c.method, c.headers.get('Authorization')])).to.deep.equal([['POST', 'tok-42']]);
    expect(session.value).to.equal(undefined);
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    expect(JSON.parse(localStorage.getItem(REMEMBERED_LOGIN_KEY)!)).to.deep.equal({ ...remembered, autoLogin: 0 });
  });

  it('a refused or failed logout call still logs out here', async () => {
    stub!.restore();
    stub = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    saveSession(info);
    await logout();
    expect(session.value).to.equal(undefined);
  });

  it('a logout the server refuses shows no notice: best effort, the player is logged out all the same', async () => {
    stub!.restore();
    stub = stubFetch(() => json({ success: false, errorCode: 'some.error', message: 'Nope' }, 400));
    saveSession(info);
    notices.value = [];
    await logout();
    expect(stub.to(endpoints.logout.path)).to.have.length(1);
    expect(notices.value).to.deep.equal([]);
    expect(session.value).to.equal(undefined);
  });

  it('without a session nothing is sent', async () => {
    await logout();
    expect(stub!.to(endpoints.logout.path)).to.have.length(0);
  });
});

describe('forced password change (docs/product.md §4)', () => {
  const rows: [stored: unknown, forced: boolean][] = [
    [undefined, false],
    [{ forced: true }, true],
    [{ forced: false }, false],
    [{ defaultPassword: true }, false],
    [{ forced: 'true' }, false],
  ];
  it("is read from docs/product.md's storage key wps:passwordChange (session storage)", () => {
    sessionStorage.setItem('wps:passwordChange', JSON.stringify({ forced: true }));
    expect(passwordChangeForced()).to.equal(true);
  });
  for (const [stored, forced] of rows) {
    it(`${JSON.stringify(stored) ?? 'nothing'} stored → forced ${forced}`, () => {
      if (stored !== undefined) sessionStorage.setItem(PASSWORD_CHANGE_KEY, JSON.stringify(stored));
      expect(passwordChangeForced()).to.equal(forced);
    });
  }
});

describe('member info follows the token (docs/product.md §4, §9: re-check 300 ms after the page is shown again)', () => {
  it('loads on a token, forgets on logout, loads again for a new token and 300 ms (not 299) after the page shows again', async () => {
    expect(MEMBER_RECHECK_DEBOUNCE_MS).to.equal(300);
    let served = 0;
    const stub = stubFetch((c) =>
      c.url.pathname === endpoints.memberInfo.path
        ? json({ success: true, value: { id: 42, userName: `player${++served}`, type: 0, language: 'EN' } })
        : json({ success: true, value: null }),
    );
    let visibility: DocumentVisibilityState = 'visible';
    const restoreVisibility = fakeProperty(document, 'visibilityState', () => visibility);
    const clock = installClock();
    try {
      const infos = () => stub.to(endpoints.memberInfo.path);
      watchMemberInfo();
      watchMemberInfo(); // once per page
      expect(infos()).to.have.length(0, 'no token, no call');

      saveSession(info);
      expect((await waitForMember()).userName).to.equal('player1');
      expect(infos().map((c) => c.headers.get('Authorization'))).to.deep.equal(['tok-42']);
      expect(session.value?.userName, 'the session takes the name').to.equal('player1');

      clearSession();
      await clock.tickAsync(0);
      expect(memberInfo.value).to.equal(undefined);

      saveSession({ ...info, token: 'tok-43' });
      await clock.tickAsync(0);
      expect(infos().map((c) => c.headers.get('Authorization'))).to.deep.equal(['tok-42', 'tok-43']);

      for (const state of ['hidden', 'visible', 'visible'] as const) {
        visibility = state;
        document.dispatchEvent(new Event('visibilitychange'));
      }
      await clock.tickAsync(MEMBER_RECHECK_DEBOUNCE_MS - 1);
      expect(infos()).to.have.length(2, 'not before 300 ms');
      await clock.tickAsync(1);
      expect(infos()).to.have.length(3, 'one check for the two visible events');

      clearSession();
      visibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      await clock.tickAsync(MEMBER_RECHECK_DEBOUNCE_MS);
      expect(infos()).to.have.length(3, 'no token, no check');
    } finally {
      clock.uninstall();
      restoreVisibility();
      stub.restore();
    }
  });

  it('a page going to the background asks for nothing: only its return checks the session', async () => {
    const stub = stubFetch((c) =>
      c.url.pathname === endpoints.memberInfo.path
        ? json({ success: true, value: { id: 42, userName: 'player', type: 0, language: 'EN' } })
        : json({ success: true, value: null }),
    );
    let visibility: DocumentVisibilityState = 'visible';
    const restoreVisibility = fakeProperty(document, 'visibilityState', () => visibility);
    const clock = installClock();
    try {
      const infos = () => stub.to(endpoints.memberInfo.path).length;
      watchMemberInfo();
      saveSession(info);
      await waitForMember();
      expect(infos()).to.equal(1);
      visibility = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      await clock.tickAsync(300);
      expect(infos(), 'hidden: no check').to.equal(1);
      visibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      await clock.tickAsync(300);
      expect(infos(), 'shown again: one check 300 ms later').to.equal(2);
    } finally {
      clock.uninstall();
      restoreVisibility();
      stub.restore();
    }
  });
});
