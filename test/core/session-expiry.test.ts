/**
 * Session loss (docs/product.md §8 session rows, §9 "Session error clear interval 1 s, up to 3 times") and the
 * old-iOS home-screen restore (docs/product.md §8 "401 on restoring an old iOS home-screen session").
 * A fake clock drives the repeats; `window.fetch` is stubbed; navigation is captured.
 * The home-screen tests fake `navigator.userAgent` (iOS 12) and `navigator.standalone`, which
 * env.ts `currentUA()` / `currentStandalone()` read.
 */
import { expect } from 'chai';
import { call } from '../../src/core/api/client.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import {
  PLEASE_LOGIN_NOTICE,
  resumePleaseLogin,
  SESSION_CLEAR_INTERVAL_MS,
  SESSION_CLEAR_REPEATS,
  sessionGone,
} from '../../src/core/api/errors.ts';
import { closeNotice, notices } from '../../src/core/notice/notices.ts';
import {
  clearSession,
  saveSession,
  session,
  SESSION_ENDED_KEY,
  SESSION_KEY,
  type SessionInfo,
} from '../../src/core/session/sessionInfo.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import {
  LAST_PATH_KEY,
  START_PATH,
  isLegacyHomeScreenApp,
  rememberPath,
  restoreConfirmed,
  startHomeScreenRestore,
} from '../../src/core/session/homeScreenRestore.ts';
import { hang, json, stubFetch, waitFor, type FetchStub } from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { fakeProperty } from '../browser-helpers/status.ts';

const navigations: { path: string; replace: boolean }[] = [];
setNavigator((path, options) => navigations.push({ path, replace: options?.replace === true }));

const OLD: SessionInfo = { id: 1, token: 'tok-old', merchantCode: 'DEMO01', userName: 'player', type: 0 };
const NEW: SessionInfo = { id: 1, token: 'tok-new', merchantCode: 'DEMO01', userName: 'player', type: 0 };

let clock: FakeClock;
let stub: FetchStub | undefined;

/** An answer already on its way writes the lost session back (what the repeats are for). */
const writeStale = (area: Storage = sessionStorage) => area.setItem(SESSION_KEY, JSON.stringify(OLD));
const staleThere = (area: Storage = sessionStorage) => area.getItem(SESSION_KEY) !== null;
const noticeIds = () => notices.value.map((n) => n.id);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

/** Checks the three repeats at 1 s, 2 s and 3 s after `t0` (fake ms), and that no 4th follows. */
async function expectThreeRepeats(area: Storage = sessionStorage) {
  for (let i = 1; i <= SESSION_CLEAR_REPEATS; i++) {
    writeStale(area);
    await clock.tickAsync(SESSION_CLEAR_INTERVAL_MS - 1);
    expect(staleThere(area), `stale session still there 1 ms before repeat ${i}`).to.equal(true);
    await clock.tickAsync(1);
    expect(staleThere(area), `repeat ${i} removed the stale session`).to.equal(false);
  }
  writeStale(area);
  await clock.tickAsync(SESSION_CLEAR_INTERVAL_MS * 3);
  expect(staleThere(area), 'no 4th repeat').to.equal(true);
  expect(clock.countTimers(), 'the repeat timer is gone').to.equal(0);
}

function reset() {
  stub?.restore();
  stub = undefined;
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
  notices.value = [];
  navigations.length = 0;
}

beforeEach(() => {
  reset();
  // Every test: a repeat timer must never outlive its test on real time.
  clock = installClock();
});
afterEach(() => {
  clock.uninstall();
  reset();
});

describe('sessionGone: the clear repeats (docs/product.md §9)', () => {
  it('constants: every 1000 ms, 3 times', () => {
    expect(SESSION_CLEAR_INTERVAL_MS).to.equal(1000);
    expect(SESSION_CLEAR_REPEATS).to.equal(3);
  });

  it('clears at once, then again at 1 s, 2 s and 3 s, not a 4th time; the please-login notice once', async () => {
    saveSession(OLD);
    sessionStorage.setItem('wps:cache:abc', '{}');
    sessionGone();
    expect(session.value).to.equal(undefined);
    expect(staleThere(), 'cleared at once').to.equal(false);
    expect(sessionStorage.getItem('wps:cache:abc'), 'member keys cleared').to.equal(null);
    expect(noticeIds()).to.deep.equal([PLEASE_LOGIN_NOTICE]);
    const notice = notices.value[0]!;
    expect([notice.messageKey, notice.forced, notice.buttons.map((b) => b.labelKey)]).to.deep.equal([
      'please_login',
      true,
      ['login'],
    ]);
    await expectThreeRepeats();
    expect(noticeIds(), 'the repeats post no more notices').to.deep.equal([PLEASE_LOGIN_NOTICE]);
    notice.buttons[0]!.action!();
    expect(navigations).to.deep.equal([{ path: '/m/login', replace: false }]);
  });

  it('sessionGone(false): the same repeats, no notice', async () => {
    saveSession(OLD);
    sessionGone(false);
    expect(session.value).to.equal(undefined);
    expect(notices.value).to.deep.equal([]);
    await expectThreeRepeats();
  });

  it('a repeat also drops a stale session that reached the signal (not only storage)', async () => {
    saveSession(OLD);
    sessionGone(false);
    await clock.tickAsync(500);
    session.value = OLD; // a late answer restored it in memory too
    writeStale();
    await clock.tickAsync(500);
    expect(session.value).to.equal(undefined);
    expect(staleThere()).to.equal(false);
  });

  it('a NEW session saved before the first repeat is left alone and stops the repeats', async () => {
    saveSession(OLD);
    sessionGone();
    await clock.tickAsync(500);
    saveSession(NEW);
    await clock.tickAsync(500); // the first repeat sees the new session
    expect(session.value?.token).to.equal('tok-new');
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).token).to.equal('tok-new');
    expect(clock.countTimers(), 'repeats stopped').to.equal(0);
    // Stopped for good: a later logout and a stale write are not touched by old repeats.
    clearSession();
    writeStale();
    await clock.tickAsync(SESSION_CLEAR_INTERVAL_MS * 3);
    expect(staleThere()).to.equal(true);
  });

  it('a NEW session saved after the first repeat: the second repeat leaves it and stops', async () => {
    saveSession(OLD);
    sessionGone(false);
    writeStale();
    await clock.tickAsync(1000);
    expect(staleThere(), 'first repeat cleared the stale write').to.equal(false);
    await clock.tickAsync(300);
    saveSession(NEW);
    await clock.tickAsync(700);
    expect(session.value?.token).to.equal('tok-new');
    await clock.tickAsync(5000);
    expect(session.value?.token).to.equal('tok-new');
    expect(clock.countTimers()).to.equal(0);
  });

  it('the same token coming back is the lost session: still cleared', async () => {
    saveSession(OLD);
    sessionGone(false);
    await clock.tickAsync(200);
    saveSession(OLD);
    await clock.tickAsync(800);
    expect(session.value).to.equal(undefined);
    expect(staleThere()).to.equal(false);
  });

  it('without a session to lose, a session saved afterwards is new and kept', async () => {
    sessionGone(false);
    await clock.tickAsync(100);
    saveSession(NEW);
    await clock.tickAsync(3000);
    expect(session.value?.token).to.equal('tok-new');
  });

  it('a second loss during the repeats restarts them from that moment', async () => {
    saveSession(OLD);
    sessionGone(false);
    await clock.tickAsync(1500);
    sessionGone(false);
    writeStale();
    await clock.tickAsync(999); // 2499: the old schedule (2000) is gone
    expect(staleThere()).to.equal(true);
    await clock.tickAsync(1);
    expect(staleThere()).to.equal(false);
    await clock.tickAsync(1);
    await expectThreeRepeatsFromHere(2);
  });

  /** The remaining `left` repeats, each 1 s apart (the clock sits 1 ms after a repeat). */
  async function expectThreeRepeatsFromHere(left: number) {
    for (let i = 0; i < left; i++) {
      writeStale();
      await clock.tickAsync(SESSION_CLEAR_INTERVAL_MS);
      expect(staleThere(), `repeat removed it (${i + 1}/${left})`).to.equal(false);
    }
    writeStale();
    await clock.tickAsync(5000);
    expect(staleThere(), 'no more repeats').to.equal(true);
  }
});

describe('the please-login notice survives a reload', () => {
  it('sessionGone keeps a flag through the repeats; a reload without a session shows the notice again', async () => {
    saveSession(OLD);
    sessionGone();
    await clock.tickAsync(SESSION_CLEAR_INTERVAL_MS * SESSION_CLEAR_REPEATS);
    expect(sessionStorage.getItem(SESSION_ENDED_KEY), 'kept by every clear').to.equal('true');
    // The reload: a new page, its notice queue empty.
    notices.value = [];
    resumePleaseLogin();
    expect(noticeIds()).to.deep.equal([PLEASE_LOGIN_NOTICE]);
    // Log in: the flag goes, and the next start shows nothing.
    closeNotice(PLEASE_LOGIN_NOTICE, notices.value[0]!.buttons[0]);
    expect(navigations.map((n) => n.path)).to.deep.equal(['/m/login']);
    expect(sessionStorage.getItem(SESSION_ENDED_KEY)).to.equal(null);
    resumePleaseLogin();
    expect(noticeIds()).to.deep.equal([]);
  });

  it('a quiet session loss (alert:false) leaves no flag; a start with a session drops a stale flag', () => {
    saveSession(OLD);
    sessionGone(false);
    expect(sessionStorage.getItem(SESSION_ENDED_KEY)).to.equal(null);
    sessionStorage.setItem(SESSION_ENDED_KEY, 'true');
    saveSession(NEW);
    resumePleaseLogin();
    expect(noticeIds()).to.deep.equal([]);
    expect(sessionStorage.getItem(SESSION_ENDED_KEY)).to.equal(null);
  });
});

describe('the login after a session loss goes back to the page (docs/product.md §4, issue 32)', () => {
  const testPage = location.pathname + location.search;
  afterEach(() => history.replaceState(history.state, '', testPage));
  const tapLogin = () => closeNotice(PLEASE_LOGIN_NOTICE, notices.value.find((n) => n.id === PLEASE_LOGIN_NOTICE)!.buttons[0]);

  it('the notice’s Log in names the page the session ended on (its query kept, the token and carried parameters not)', () => {
    history.replaceState(null, '', '/m/rewardCenter?tab=2&affiliateCode=A1');
    saveSession(OLD);
    sessionGone();
    tapLogin();
    expect(navigations.map((n) => n.path)).to.deep.equal(['/m/login?returnTo=%2Fm%2FrewardCenter%3Ftab%3D2']);
  });

  it("the page waits under docs/product.md's storage key wps:sessionEnded (session storage), which clearing the session keeps", () => {
    history.replaceState(null, '', '/m/voucherCenter');
    saveSession(OLD);
    sessionGone();
    expect(JSON.parse(sessionStorage.getItem('wps:sessionEnded')!)).to.equal('/m/voucherCenter');
    clearSession();
    expect(JSON.parse(sessionStorage.getItem('wps:sessionEnded')!)).to.equal('/m/voucherCenter');
  });

  it('a reload before the tap (the reload rule moves to /m/home) still returns to that page', () => {
    history.replaceState(null, '', '/m/voucherCenter');
    saveSession(OLD);
    sessionGone();
    expect(JSON.parse(sessionStorage.getItem(SESSION_ENDED_KEY)!)).to.equal('/m/voucherCenter');
    // The reload: home, an empty notice queue.
    history.replaceState(null, '', '/m/home');
    notices.value = [];
    resumePleaseLogin();
    tapLogin();
    expect(navigations.map((n) => n.path)).to.deep.equal(['/m/login?returnTo=%2Fm%2FvoucherCenter']);
    expect(sessionStorage.getItem(SESSION_ENDED_KEY)).to.equal(null);
  });

  it('a late 401 on /m/login (the route guard got there first) keeps the page the login names', () => {
    history.replaceState(null, '', '/m/login?returnTo=%2Fm%2FleaderBoard');
    saveSession(OLD);
    sessionGone();
    tapLogin();
    expect(navigations.map((n) => n.path)).to.deep.equal(['/m/login?returnTo=%2Fm%2FleaderBoard']);
  });

  it('home, or a stored value that is not a page of ours, gives a plain /m/login', () => {
    history.replaceState(null, '', '/m/home');
    saveSession(OLD);
    sessionGone();
    expect(sessionStorage.getItem(SESSION_ENDED_KEY)).to.equal('true');
    notices.value = [];
    sessionStorage.setItem(SESSION_ENDED_KEY, JSON.stringify('//evil.example/m/x'));
    clearSession();
    resumePleaseLogin();
    tapLogin();
    expect(navigations.map((n) => n.path)).to.deep.equal(['/m/login']);
  });
});

describe('session loss through the client (docs/product.md §8)', () => {
  const answers: [label: string, answer: () => Response][] = [
    ['HTTP 401', () => json({ success: false }, 401)],
    ['CUSTOMER_NOT_LOGIN on HTTP 200', () => json({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' })],
    ['user.or.token.invalid', () => json({ success: false, errorCode: 'user.or.token.invalid', message: 'token invalid' }, 400)],
  ];
  for (const [label, answer] of answers) {
    it(`${label}: clears at once and at 1 s, 2 s, 3 s; the please-login notice`, async () => {
      saveSession(OLD);
      stub = stubFetch(answer);
      const err = (await rejection(call(endpoints.memberInfo))) as { reaction?: unknown };
      expect(err.reaction).to.deep.equal({ kind: 'logout', notice: true });
      expect(stub.calls[0]!.headers.get('Authorization')).to.equal('tok-old');
      expect(session.value).to.equal(undefined);
      expect(noticeIds()).to.deep.equal([PLEASE_LOGIN_NOTICE]);
      await expectThreeRepeats();
    });
  }

  it('{ alert: false } with a 401 ends the session without a notice (and still repeats)', async () => {
    saveSession(OLD);
    stub = stubFetch(() => json({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' }, 401));
    const err = (await rejection(call(endpoints.memberInfo, undefined, { alert: false }))) as { reaction?: unknown };
    expect(err.reaction).to.deep.equal({ kind: 'logout', notice: false });
    expect(session.value).to.equal(undefined);
    expect(notices.value).to.deep.equal([]);
    await expectThreeRepeats();
  });

  it('requests in flight are cancelled when the session is gone', async () => {
    saveSession(OLD);
    stub = stubFetch((c) => (c.url.pathname === '/wps/member/info' ? json({ success: false }, 401) : hang(c)));
    const pending = rejection(call(endpoints.unreadCount));
    await waitFor(() => expect(stub!.calls).to.have.length(1));
    await rejection(call(endpoints.memberInfo));
    const err = (await pending) as DOMException;
    expect(err.name).to.equal('AbortError');
  });

  it("a 401 for a token that is no longer the page's (a logout, a new login meanwhile) is old news: nothing ends, no notice", async () => {
    let answer!: () => void;
    stub = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' }, 401));
        }),
    );
    saveSession(OLD);
    const late = rejection(call(endpoints.unreadCount, undefined, { alert: false, sessionAlert: true }));
    await waitFor(() => expect(stub!.calls).to.have.length(1));
    saveSession(NEW); // logged in anew while the call was on its way
    answer();
    const err = (await late) as { reaction?: unknown };
    expect(err.reaction).to.deep.equal({ kind: 'silent' });
    expect(session.value?.token, 'the new session stays').to.equal('tok-new');
    expect(noticeIds()).to.deep.equal([]);
    // The same answer for the current token ends the session, with the notice.
    const now = rejection(call(endpoints.unreadCount, undefined, { alert: false, sessionAlert: true }));
    await waitFor(() => expect(stub!.calls).to.have.length(2));
    answer();
    expect(((await now) as { reaction?: unknown }).reaction).to.deep.equal({ kind: 'logout', notice: true });
    expect(noticeIds()).to.deep.equal([PLEASE_LOGIN_NOTICE]);
  });

  it('a new login answered during the repeats survives them', async () => {
    saveSession(OLD);
    stub = stubFetch(() => json({ success: false }, 401));
    await rejection(call(endpoints.memberInfo, undefined, { alert: false }));
    await clock.tickAsync(1200);
    saveSession(NEW);
    await clock.tickAsync(5000);
    expect(session.value?.token).to.equal('tok-new');
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).token).to.equal('tok-new');
  });
});

// These last: startHomeScreenRestore registers the 'logout' reaction for the rest of the page.
describe('old iOS home-screen restore (homeScreenRestore.ts)', () => {
  const IOS12 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
  const IOS16 =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.5 Mobile/15E148 Safari/604.1';
  let ua: string | undefined;
  let standalone = false;
  const restores: (() => void)[] = [];

  function device(userAgent: string | undefined, isStandalone: boolean) {
    ua = userAgent;
    standalone = isStandalone;
  }

  before(() => {
    const realUA = navigator.userAgent;
    restores.push(fakeProperty(navigator, 'userAgent', () => ua ?? realUA));
    restores.push(fakeProperty(navigator, 'standalone', () => standalone));
  });
  after(() => {
    restoreConfirmed();
    restores.splice(0).forEach((r) => r());
  });
  beforeEach(() => device(IOS12, true));
  afterEach(() => {
    restoreConfirmed();
    clearSession();
    device(undefined, false);
  });

  const modes: [label: string, userAgent: string | undefined, standalone: boolean, legacy: boolean][] = [
    ['this Chromium', undefined, false, false],
    ['iOS 12 home-screen app', IOS12, true, true],
    ['iOS 12 Safari (not standalone)', IOS12, false, false],
    ['iOS 16 home-screen app', IOS16, true, false],
  ];
  for (const [label, userAgent, isStandalone, legacy] of modes) {
    it(`isLegacyHomeScreenApp: ${label} → ${legacy}`, () => {
      device(userAgent, isStandalone);
      expect(isLegacyHomeScreenApp()).to.equal(legacy);
    });
  }

  it("rememberPath keeps the page under docs/product.md's storage key wps:lastPath (local storage)", () => {
    rememberPath('/m/game?code=x');
    expect(JSON.parse(localStorage.getItem('wps:lastPath')!)).to.equal('/m/game?code=x');
  });

  it('rememberPath stores /m/ paths (with query) in localStorage only in an old iOS home-screen app', () => {
    rememberPath('/m/game?code=x&playType=1');
    expect(JSON.parse(localStorage.getItem(LAST_PATH_KEY)!)).to.equal('/m/game?code=x&playType=1');
    rememberPath('/other/page');
    expect(JSON.parse(localStorage.getItem(LAST_PATH_KEY)!), 'non-/m/ paths ignored').to.equal('/m/game?code=x&playType=1');
    localStorage.clear();
    device(IOS16, true);
    rememberPath('/m/member/home');
    expect(localStorage.getItem(LAST_PATH_KEY)).to.equal(null);
    device(undefined, false);
    rememberPath('/m/member/home');
    expect(localStorage.getItem(LAST_PATH_KEY)).to.equal(null);
  });

  it('the session lives in localStorage there (sessionStorage is lost when the app closes)', () => {
    saveSession(OLD);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!).token).to.equal('tok-old');
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
  });

  it('startHomeScreenRestore: undefined without a session, or outside an old home-screen app', () => {
    rememberPath('/m/member/home');
    expect(startHomeScreenRestore(START_PATH)).to.equal(undefined);
    device(undefined, false);
    saveSession(OLD);
    expect(startHomeScreenRestore(START_PATH)).to.equal(undefined);
  });

  it('with a saved session and page, reopened at the start page (/m/home): returns the page to reopen', () => {
    expect(START_PATH).to.equal('/m/home');
    saveSession(OLD);
    rememberPath('/m/member/home?tab=vip');
    expect(startHomeScreenRestore(START_PATH)).to.equal('/m/member/home?tab=vip');
  });

  it('opened at another page than the start page: nothing to reopen', () => {
    saveSession(OLD);
    rememberPath('/m/member/home?tab=vip');
    expect(startHomeScreenRestore('/m/game')).to.equal(undefined);
  });

  it('no saved page: nothing to reopen', () => {
    saveSession(OLD);
    expect(startHomeScreenRestore(START_PATH)).to.equal(undefined);
  });

  it('a 401 while restoring: stored path and session cleared, to /m/home (replace), no notice, no repeats', async () => {
    saveSession(OLD);
    rememberPath('/m/member/home');
    expect(startHomeScreenRestore(START_PATH)).to.equal('/m/member/home');
    stub = stubFetch(() => json({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' }, 401));
    await rejection(call(endpoints.memberInfo));
    expect(localStorage.getItem(LAST_PATH_KEY)).to.equal(null);
    expect(localStorage.getItem(SESSION_KEY)).to.equal(null);
    expect(session.value).to.equal(undefined);
    expect(navigations).to.deep.equal([{ path: '/m/home', replace: true }]);
    expect(notices.value).to.deep.equal([]);

    // Only the first loss is the quiet one: the next is the usual 'please login'.
    saveSession(NEW);
    await rejection(call(endpoints.memberInfo));
    expect(noticeIds()).to.deep.equal([PLEASE_LOGIN_NOTICE]);
    expect(navigations).to.have.length(1);
  });

  it('a 401 while restoring a session opened at another page also leads home quietly', async () => {
    saveSession(OLD);
    rememberPath('/m/member/home');
    startHomeScreenRestore('/m/game');
    stub = stubFetch(() => json({ success: false }, 401));
    await rejection(call(endpoints.memberInfo, undefined, { alert: false }));
    expect(navigations).to.deep.equal([{ path: '/m/home', replace: true }]);
    expect(localStorage.getItem(LAST_PATH_KEY)).to.equal(null);
    expect(session.value).to.equal(undefined);
    expect(notices.value).to.deep.equal([]);
  });

  it('after restoreConfirmed a 401 is the usual please-login, with the repeats (in localStorage there)', async () => {
    saveSession(OLD);
    rememberPath('/m/game');
    startHomeScreenRestore(START_PATH);
    restoreConfirmed();
    stub = stubFetch(() => json({ success: false }, 401));
    await rejection(call(endpoints.memberInfo));
    expect(noticeIds()).to.deep.equal([PLEASE_LOGIN_NOTICE]);
    expect(navigations).to.deep.equal([]);
    expect(localStorage.getItem(SESSION_KEY)).to.equal(null);
    await expectThreeRepeats(localStorage);
  });

  it('after restoreConfirmed an alert:false 401 ends the session quietly', async () => {
    saveSession(OLD);
    startHomeScreenRestore(START_PATH);
    restoreConfirmed();
    stub = stubFetch(() => json({ success: false }, 401));
    await rejection(call(endpoints.memberInfo, undefined, { alert: false }));
    expect(session.value).to.equal(undefined);
    expect(notices.value).to.deep.equal([]);
    expect(navigations).to.deep.equal([]);
  });
});
