/**
 * The member centre (docs/member-centre.md; src/features/member-centre):
 *
 * - model.ts: failureText by errorCode, money() per currency and language (and a code Intl refuses),
 *   day() for a YYYY-MM-DD that does not move with the phone's zone, timeZone();
 * - SignIn.tsx's pure doneDays table;
 * - every view rendered with a React root into a holder, the /wps/mc calls answered by a stubbed
 *   fetch with the server's envelopes: Rewards and Vouchers (tabs, claim, one request per tap, the
 *   failures by errorCode, a lost session, the load's error with Retry, the empty state), the daily
 *   sign-in, the novice tasks, the rescue, the leaderboard, the VIP benefits, feedback (with a real
 *   PNG made on a canvas), invite friends (clipboard, Web Share, the QR code) and the member home;
 * - axe-core on each view in its loaded state, and on Rewards in Urdu, right to left.
 *
 * The phone's time zone is faked by wrapping Intl.DateTimeFormat (a formatter asked without a zone
 * gets the fake one, as the phone's default would be), so no test depends on the machine's zone.
 * Each test saves its own session token: a session loss keeps clearing the lost token for a few
 * seconds (core/api/errors.ts), which must not reach the next test's session.
 */
import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import type {
  ClaimResult,
  FeedbackEntry,
  Leaderboard as LeaderboardValue,
  McOverview,
  MemberInfo,
  NoviceTask,
  Referral,
  ReferralRules,
  RescueState,
  Reward,
  SignInBoard,
  SignInResult,
  VipLevel,
  Voucher,
} from '../../src/contract/endpoints.ts';
import { ApiError } from '../../src/core/api/client.ts';
import { PLEASE_LOGIN_NOTICE } from '../../src/core/api/errors.ts';
import { ensurePart, i18n, language, languageReady } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { memberInfo } from '../../src/core/session/member.ts';
import { clearSession, saveSession, session } from '../../src/core/session/sessionInfo.ts';
import { Benefits } from '../../src/features/member-centre/Benefits.tsx';
import { Rewards, Vouchers } from '../../src/features/member-centre/ClaimLists.tsx';
import { Feedback } from '../../src/features/member-centre/Feedback.tsx';
import { InviteFriends, QrCode, inviteLink } from '../../src/features/member-centre/InviteFriends.tsx';
import { Leaderboard } from '../../src/features/member-centre/Leaderboard.tsx';
import { MemberHome } from '../../src/features/member-centre/MemberHome.tsx';
import { NoviceTasks } from '../../src/features/member-centre/NoviceTasks.tsx';
import { Rescue } from '../../src/features/member-centre/Rescue.tsx';
import { SignIn, doneDays } from '../../src/features/member-centre/SignIn.tsx';
import { day, failureText, money, timeZone } from '../../src/features/member-centre/model.ts';
import { mcStrings } from '../../src/features/member-centre/locales/index.ts';
import EN from '../../src/core/i18n/locales/EN.json';
import MC_EN from '../../src/features/member-centre/locales/EN.json';
import mcCss from '../../src/features/member-centre/member-centre.css';
import hostCss from '../../host/host.css';
import { adoptStyles } from '../../src/ui/styles.ts';
import {
  expectAccessible,
  hang,
  json,
  sleep,
  stubFetch,
  waitFor,
  type FetchCall,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { fakeProperty } from '../browser-helpers/status.ts';

let stub: FetchStub | undefined;
let root: Root | undefined;
let holder: HTMLDivElement | undefined;
const undo: (() => void)[] = [];
let tokens = 0;

function reset() {
  stub?.restore();
  stub = undefined;
  root?.unmount();
  root = undefined;
  holder?.remove();
  holder = undefined;
  undo
    .splice(0)
    .reverse()
    .forEach((fn) => fn());
  clearSession();
  memberInfo.value = undefined;
  notices.value = [];
  localStorage.clear();
  sessionStorage.clear();
  language.value = 'EN';
}
before(async () => {
  language.value = 'EN';
  await languageReady();
  await ensurePart(mcStrings);
});
beforeEach(reset);
afterEach(reset);

// ---------------------------------------------------------------------------------------------
// Harness
// ---------------------------------------------------------------------------------------------

/** Renders React into a fresh holder in the document. */
function render(node: ReactNode): HTMLDivElement {
  holder = document.createElement('div');
  document.body.append(holder);
  root = createRoot(holder);
  root.render(node);
  return holder;
}

const $ = <T extends Element = HTMLElement>(selector: string) => holder!.querySelector<T>(selector);
const $$ = <T extends Element = HTMLElement>(selector: string) => Array.from(holder!.querySelectorAll<T>(selector));
const texts = (selector: string) => $$(selector).map((n) => n.textContent);
const buttons = (text: string) => $$<HTMLButtonElement>('button').filter((b) => b.textContent === text);
const button = (text: string) => buttons(text)[0];
/** The live status line of a page (StatusLine). */
const statusLine = () => $('p.mc-status')!;
/** The list item whose heading is `title`. */
const item = (title: string) => $$('li.mc-item').find((li) => li.querySelector('h3')?.textContent === title);
const tab = (id: string) => $<HTMLButtonElement>(`[part~="tab-${id}"]`)!;

/** A text of the member-centre catalogue (EN), its {{placeholders}} filled in. */
function mc(key: keyof typeof MC_EN, vars: Record<string, string | number> = {}): string {
  return MC_EN[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
}
/** A text of the core catalogue (EN). */
const core = (key: keyof typeof EN) => EN[key];

/** A member session with a token of its own (see the header). */
function member(type = 0, userName = 'player1'): string {
  const token = `tok-mc-${++tokens}`;
  saveSession({ token, merchantCode: 'DEMO01', userName, type });
  return token;
}

type Route = (c: FetchCall) => Response | Promise<Response>;
const ok = (value: unknown) => json({ success: true, value });
const fail = (errorCode: string, status = 200, message?: string) =>
  json({ success: false, errorCode, ...(message ? { message } : {}) }, status);
const offline: Route = () => Promise.reject(new TypeError('Failed to fetch'));

/** Answers `METHOD /path` from the routes; anything else is a 404 the test did not expect. */
function backend(routes: Record<string, Route>): FetchStub {
  stub = stubFetch((c) => {
    const route = routes[`${c.method} ${c.url.pathname}`];
    return route ? route(c) : fail('test.unrouted', 404);
  });
  return stub;
}
const body = (c: FetchCall) => JSON.parse(c.body ?? 'null') as unknown;
const posts = (path: string) => stub!.to(path).filter((c) => c.method === 'POST');
const gets = (path: string) => stub!.to(path).filter((c) => c.method === 'GET');

/** A promise the test settles itself (an answer held back). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Makes `zone` the phone's time zone for Intl.DateTimeFormat: a formatter asked without a zone gets
 * it, as the phone's default would be; one asked with a zone keeps that one. Works with and
 * without `new` (timeZone() calls it without).
 */
function phoneZone(zone: string) {
  const Real = Intl.DateTimeFormat;
  function Fake(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    return new Real(locales, options?.timeZone ? options : { ...options, timeZone: zone });
  }
  Fake.prototype = Real.prototype;
  Fake.supportedLocalesOf = Real.supportedLocalesOf.bind(Real);
  Object.defineProperty(Intl, 'DateTimeFormat', { value: Fake, configurable: true, writable: true });
  undo.push(() => Object.defineProperty(Intl, 'DateTimeFormat', { value: Real, configurable: true, writable: true }));
}

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2024, 2, 5, 4, 0, 0);
/** A date (epoch ms) as the views write it (dateStyle medium, EN, in the phone's zone). */
const medium = (ms: number) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(ms);

const OVERVIEW: McOverview = {
  balance: 1234.5,
  currency: 'PHP',
  rewards: 2,
  vouchers: 3,
  tasks: 1,
  signedToday: false,
  rescue: true,
};

// ---------------------------------------------------------------------------------------------
// model.ts
// ---------------------------------------------------------------------------------------------

describe('failureText: the page’s words by errorCode', () => {
  const apiError = (errorCode: string | undefined, serverMessage?: string) =>
    new ApiError(400, errorCode, serverMessage, undefined, { kind: 'silent' });

  const rows: [string, string | undefined, string][] = [
    ['reward.expired', undefined, mc('mc.err.expired')],
    ['voucher.expired', undefined, mc('mc.err.expired')],
    ['reward.not.found', undefined, mc('mc.err.not_found')],
    ['task.not.found', undefined, mc('mc.err.not_found')],
    ['task.not.done', undefined, mc('mc.err.not_done')],
    ['rescue.not.eligible', undefined, mc('mc.err.not_eligible')],
    ['signin.already.today', undefined, mc('mc.err.signed_today')],
    ['TOO_MANY_REQUEST', undefined, mc('mc.err.too_many')],
    ['TOO_MANY_REQUEST_x', 'slow down', mc('mc.err.too_many')],
    ['ECONNABORTED', undefined, core('timeout_retry_please')],
    ['network.error', undefined, core('network.unstable')],
    ['promo.paused', 'The promotion is paused', 'The promotion is paused'],
    ['promo.paused', undefined, mc('mc.err.failed')],
  ];
  it('each errorCode of docs/api.md to its text; an unknown code: the server’s message, else the generic text', () => {
    for (const [code, message, expected] of rows)
      expect(failureText(apiError(code, message)), `${code} ${message ?? ''}`).to.equal(expected);
  });

  it('network.error while the phone is offline: the offline text', () => {
    undo.push(fakeProperty(navigator, 'onLine', () => false));
    expect(failureText(apiError('network.error'))).to.equal(core('network.offline'));
  });

  it('no errorCode, or not an ApiError at all: the generic text', () => {
    expect(failureText(apiError(undefined))).to.equal(mc('mc.err.failed'));
    expect(failureText(new Error('boom'))).to.equal(mc('mc.err.failed'));
    expect(failureText('nope')).to.equal(mc('mc.err.failed'));
  });
});

describe('money, day and timeZone', () => {
  const rows: [string, number, string, 'EN' | 'VI', string][] = [
    ['PHP in EN', 1234.5, 'PHP', 'EN', '₱1,234.50'],
    ['VND in EN (no minor unit)', 25000, 'VND', 'EN', '₫25,000'],
    ['USD in EN', 12.5, 'USD', 'EN', '$12.50'],
    ['at most two decimals', 0.125, 'USD', 'EN', '$0.13'],
    ['VND in VI (the language’s own separators)', 25000, 'VND', 'VI', '25.000\u00a0₫'],
  ];
  it('money: PHP, VND and USD in EN (at most two decimals), VND in VI', () => {
    for (const [name, amount, currency, lang, expected] of rows) expect(money(amount, currency, lang), name).to.equal(expected);
  });

  it('money: a currency code Intl refuses falls back to “amount CODE”', () => {
    expect(money(12.5, 'BOGUS', 'EN')).to.equal('12.50 BOGUS');
    expect(money(1234, 'P$P', 'EN')).to.equal('1,234.00 P$P');
  });

  it('day: a YYYY-MM-DD is that calendar day wherever the phone is; an epoch ms is the phone’s day', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Manila', 'America/Los_Angeles']) {
      phoneZone(zone);
      expect(day('2024-03-05', 'EN'), zone).to.equal('Mar 5, 2024');
      expect(day('2024-12-31', 'EN'), zone).to.equal('Dec 31, 2024');
      undo.pop()!();
    }
    // An epoch ms, by contrast, is the phone's own day.
    const lateUtc = Date.UTC(2024, 2, 5, 23, 0, 0);
    phoneZone('Pacific/Kiritimati'); // UTC+14: already the 6th
    expect(day(lateUtc, 'EN')).to.equal('Mar 6, 2024');
    undo.pop()!();
    phoneZone('Pacific/Pago_Pago'); // UTC−11: still the 5th
    expect(day(lateUtc, 'EN')).to.equal('Mar 5, 2024');
  });

  it('timeZone: the phone’s IANA zone; UTC when Intl cannot tell', () => {
    phoneZone('Asia/Manila');
    expect(timeZone()).to.equal('Asia/Manila');
    undo.pop()!();
    const Real = Intl.DateTimeFormat;
    Object.defineProperty(Intl, 'DateTimeFormat', {
      value: () => {
        throw new Error('no Intl');
      },
      configurable: true,
      writable: true,
    });
    undo.push(() => Object.defineProperty(Intl, 'DateTimeFormat', { value: Real, configurable: true, writable: true }));
    expect(timeZone()).to.equal('UTC');
  });
});

// ---------------------------------------------------------------------------------------------
// Rewards
// ---------------------------------------------------------------------------------------------

const REWARDS: Reward[] = [
  { id: 'r1', title: 'Weekend bonus', source: 'MANUAL', amount: 50, state: 'available', expiresAt: T0 + 3 * DAY_MS },
  { id: 'r2', title: 'Deposit match', source: 'MANUAL', amount: 120.5, state: 'available' },
  { id: 'r3', title: 'Old bonus', source: 'MANUAL', amount: 10, state: 'claimed', claimedAt: T0 - DAY_MS },
  { id: 'r4', title: 'Missed bonus', source: 'MANUAL', amount: 5, state: 'expired', expiresAt: T0 - 2 * DAY_MS },
];
const claimResult = (patch: Partial<ClaimResult> = {}): ClaimResult => ({
  id: 'r1',
  amount: 50,
  credited: true,
  claimedAt: T0,
  balance: 1284.5,
  currency: 'PHP',
  ...patch,
});

describe('Rewards', () => {
  let token = '';
  beforeEach(() => {
    token = member();
  });

  function rewardsBackend(claim: Route = () => ok(claimResult()), rewards: Reward[] = REWARDS) {
    return backend({
      'GET /wps/mc/rewards': () => ok(rewards),
      'GET /wps/mc/overview': () => ok(OVERVIEW),
      'POST /wps/mc/rewards/claim': claim,
    });
  }
  const promotions = <a href="/m/promotion">{mc('mc.to_promotions')}</a>;
  async function show() {
    render(<Rewards promotionsLink={promotions} />);
    await waitFor(() => expect(texts('li.mc-item h3')).to.not.be.empty);
  }
  const titles = () => texts('li.mc-item h3');
  const claimOf = (title: string) => item(title)!.querySelector('button')!;

  it('reads the list and the balance together, with the member’s token', async () => {
    const held = deferred<Response>();
    backend({ 'GET /wps/mc/rewards': () => held.promise, 'GET /wps/mc/overview': () => held.promise });
    render(<Rewards />);
    await waitFor(() =>
      expect(stub!.calls.map((c) => `${c.method} ${c.url.pathname}`).sort()).to.deep.equal([
        'GET /wps/mc/overview',
        'GET /wps/mc/rewards',
      ]),
    );
    for (const c of stub!.calls) expect(c.headers.get('Authorization')).to.equal(token);
    expect($('[aria-busy="true"]')?.textContent).to.equal(core('loading'));
  });

  it('Available first: its items, the count in the tab label and the balance line', async () => {
    rewardsBackend();
    await show();
    expect(titles()).to.deep.equal(['Weekend bonus', 'Deposit match']);
    expect(texts('[role="tab"]')).to.deep.equal([
      mc('mc.tab.available', { count: 2 }),
      mc('mc.tab.claimed'),
      mc('mc.tab.expired'),
    ]);
    expect(tab('available').getAttribute('aria-selected')).to.equal('true');
    expect($('.mc-balance-line')!.textContent).to.equal(`${mc('mc.balance')} ₱1,234.50`);
    expect(texts('li.mc-item .mc-amount')).to.deep.equal(['₱50.00', '₱120.50']);
    expect(texts('li.mc-item .mc-when')).to.deep.equal([mc('mc.expires', { date: medium(T0 + 3 * DAY_MS) }), '']);
    expect(buttons(mc('mc.claim'))).to.have.length(2);
  });

  it('the Claimed and Expired tabs show their items with a tag and their date, no Claim', async () => {
    rewardsBackend();
    await show();
    tab('claimed').click();
    await waitFor(() => expect(titles()).to.deep.equal(['Old bonus']));
    expect(tab('claimed').getAttribute('aria-selected')).to.equal('true');
    expect(texts('li.mc-item .mc-tag')).to.deep.equal([mc('mc.claimed')]);
    expect(texts('li.mc-item .mc-when')).to.deep.equal([mc('mc.claimed_on', { date: medium(T0 - DAY_MS) })]);
    tab('expired').click();
    await waitFor(() => expect(titles()).to.deep.equal(['Missed bonus']));
    expect(texts('li.mc-item .mc-tag')).to.deep.equal([mc('mc.expired')]);
    expect(texts('li.mc-item .mc-when')).to.deep.equal([mc('mc.expired_on', { date: medium(T0 - 2 * DAY_MS) })]);
    expect(buttons(mc('mc.claim'))).to.have.length(0);
  });

  it('claim: POST {id}, the item moves to Claimed in place, the answer’s balance, the credited amount', async () => {
    rewardsBackend();
    await show();
    claimOf('Weekend bonus').click();
    await waitFor(() => expect(titles()).to.deep.equal(['Deposit match']));
    const sent = posts('/wps/mc/rewards/claim');
    expect(sent).to.have.length(1);
    expect(body(sent[0]!)).to.deep.equal({ id: 'r1' });
    expect(sent[0]!.headers.get('Authorization')).to.equal(token);
    expect(tab('available').textContent).to.equal(mc('mc.tab.available', { count: 1 }));
    expect($('.mc-balance-line strong')!.textContent).to.equal('₱1,284.50');
    expect(statusLine().textContent).to.equal(mc('mc.credited', { amount: '₱50.00' }));
    expect(statusLine().className).to.contain('mc-status-ok');
    tab('claimed').click();
    await waitFor(() => expect(titles()).to.deep.equal(['Weekend bonus', 'Old bonus']));
    expect(item('Weekend bonus')!.querySelector('.mc-when')!.textContent).to.equal(mc('mc.claimed_on', { date: medium(T0) }));
    expect(gets('/wps/mc/rewards'), 'no reload of the list').to.have.length(1);
    expect(notices.value).to.deep.equal([]);
  });

  it('a repeated claim (credited: false) says it was already claimed, and the item is Claimed', async () => {
    rewardsBackend(() => ok(claimResult({ credited: false, balance: 1234.5 })));
    await show();
    claimOf('Weekend bonus').click();
    await waitFor(() => expect(statusLine().textContent).to.equal(mc('mc.already_claimed')));
    expect(titles()).to.deep.equal(['Deposit match']);
    expect($('.mc-balance-line strong')!.textContent).to.equal('₱1,234.50');
  });

  it('a double tap sends exactly one request; the button is busy until the answer is in', async () => {
    const held = deferred<Response>();
    rewardsBackend(() => held.promise);
    await show();
    const claim = claimOf('Weekend bonus');
    claim.click();
    await sleep(0); // the second tap is its own task, as on a phone
    claim.click();
    await waitFor(() => expect(claim.textContent).to.equal(mc('mc.claiming')));
    expect(claim.getAttribute('aria-disabled')).to.equal('true');
    claim.click();
    await sleep(20);
    expect(posts('/wps/mc/rewards/claim')).to.have.length(1);
    held.resolve(ok(claimResult()));
    await waitFor(() => expect(titles()).to.deep.equal(['Deposit match']));
    expect(posts('/wps/mc/rewards/claim')).to.have.length(1);
  });

  const failures: [string, Route, () => string][] = [
    ['reward.expired', () => fail('reward.expired', 400), () => mc('mc.err.expired')],
    ['reward.not.found', () => fail('reward.not.found', 404), () => mc('mc.err.not_found')],
    ['TOO_MANY_REQUEST_x (429)', () => fail('TOO_MANY_REQUEST_x', 429), () => mc('mc.err.too_many')],
    ['a network failure', offline, () => core('network.unstable')],
    ['an unknown code with the server’s message', () => fail('promo.paused', 400, 'Paused today'), () => 'Paused today'],
  ];
  for (const [name, route, expected] of failures) {
    it(`claim refused, ${name}: the page’s text, no popup, nothing lost`, async () => {
      rewardsBackend(route);
      await show();
      claimOf('Weekend bonus').click();
      await waitFor(() => expect(statusLine().textContent).to.equal(expected()));
      expect(statusLine().className).to.contain('mc-status-bad');
      expect(titles()).to.deep.equal(['Weekend bonus', 'Deposit match']);
      expect(claimOf('Weekend bonus').textContent).to.equal(mc('mc.claim'));
      expect($('.mc-balance-line strong')!.textContent).to.equal('₱1,234.50');
      expect(notices.value).to.deep.equal([]);
      expect(session.value?.token).to.equal(token);
    });
  }

  it('claim answered 401 CUSTOMER_NOT_LOGIN: the session ends with the please-login notice', async () => {
    rewardsBackend(() => fail('CUSTOMER_NOT_LOGIN', 401));
    await show();
    claimOf('Weekend bonus').click();
    await waitFor(() => expect(notices.value.map((n) => n.id)).to.deep.equal([PLEASE_LOGIN_NOTICE]));
    expect(session.value).to.equal(undefined);
  });

  it('the load answered 401: the please-login notice and the error state', async () => {
    backend({ 'GET /wps/mc/rewards': () => fail('CUSTOMER_NOT_LOGIN', 401), 'GET /wps/mc/overview': () => ok(OVERVIEW) });
    render(<Rewards />);
    await waitFor(() => expect($('[role="alert"]')?.textContent).to.contain(mc('mc.error')));
    expect(notices.value.map((n) => n.id)).to.deep.equal([PLEASE_LOGIN_NOTICE]);
    expect(session.value).to.equal(undefined);
  });

  it('the load failing: the error state with Retry (no popup); Retry loads again', async () => {
    let answers = 0;
    backend({
      'GET /wps/mc/rewards': () => (++answers === 1 ? fail('server.error', 500) : ok(REWARDS)),
      'GET /wps/mc/overview': () => ok(OVERVIEW),
    });
    render(<Rewards />);
    await waitFor(() => expect($('[role="alert"] p')?.textContent).to.equal(mc('mc.error')));
    expect(notices.value).to.deep.equal([]);
    button(core('retry'))!.click();
    await waitFor(() => expect(titles()).to.deep.equal(['Weekend bonus', 'Deposit match']));
    expect(gets('/wps/mc/rewards')).to.have.length(2);
    expect(gets('/wps/mc/overview')).to.have.length(2);
    expect($('[role="alert"]')).to.equal(null);
  });

  it('the balance failing fails the page too (both are read before it shows)', async () => {
    backend({ 'GET /wps/mc/rewards': () => ok(REWARDS), 'GET /wps/mc/overview': offline });
    render(<Rewards />);
    await waitFor(() => expect($('[role="alert"] p')?.textContent).to.equal(mc('mc.error')));
    expect(notices.value).to.deep.equal([]);
  });

  it('nothing available: the empty text and the promotions link slot; other empty tabs: “Nothing here yet.”', async () => {
    rewardsBackend(
      undefined,
      REWARDS.filter((r) => r.state === 'expired'),
    );
    render(<Rewards promotionsLink={promotions} />);
    await waitFor(() => expect(texts('.mc-empty p')).to.deep.equal([mc('mc.rewards.empty')]));
    expect($('.mc-empty a')!.getAttribute('href')).to.equal('/m/promotion');
    expect(tab('available').textContent).to.equal(mc('mc.tab.available', { count: 0 }));
    tab('claimed').click();
    await waitFor(() => expect(texts('.mc-empty p')).to.deep.equal([mc('mc.list.empty')]));
    expect($('.mc-empty a')).to.equal(null);
  });

  it('axe-core: the loaded list, and after a claim', async () => {
    rewardsBackend();
    await show();
    await expectAccessible(holder!);
    claimOf('Weekend bonus').click();
    await waitFor(() => expect(statusLine().textContent).to.not.equal(''));
    await expectAccessible(holder!);
  });

  it('axe-core: Urdu, right to left', async function () {
    const ur = mcStrings.loaders.UR;
    let catalogue: Record<string, string> | undefined;
    try {
      catalogue = ur ? ((await ur()).default as Record<string, string>) : undefined;
    } catch {
      catalogue = undefined;
    }
    if (!catalogue) {
      console.warn('src/features/member-centre/locales/UR.json is missing: the Urdu check of Rewards is skipped');
      this.skip();
    }
    try {
      language.value = 'UR';
      await ensurePart(mcStrings);
      await waitFor(() => expect(i18n.language).to.equal('UR'));
      rewardsBackend();
      render(<Rewards promotionsLink={promotions} />);
      holder!.dir = 'rtl';
      holder!.lang = 'ur';
      await waitFor(() => expect(buttons(catalogue['mc.claim']!)).to.have.length(2));
      expect(tab('available').textContent).to.equal(catalogue['mc.tab.available']!.replace('{{count}}', '2'));
      await expectAccessible(holder!);
    } finally {
      // The next tests read English texts: wait for the switch back.
      language.value = 'EN';
      await waitFor(() => expect(i18n.language).to.equal('EN'));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Vouchers
// ---------------------------------------------------------------------------------------------

const VOUCHERS: Voucher[] = [
  { id: 'v1', code: 'WELCOME100', title: 'Welcome bonus', kind: 'BONUS', value: 100, minDeposit: 500, state: 'available' },
  { id: 'v2', code: 'SPIN20', title: 'Free spins', kind: 'FREE_SPINS', value: 20, state: 'available' },
  { id: 'v3', code: 'CB15', title: 'Cashback week', kind: 'CASHBACK', value: 15, state: 'available', expiresAt: T0 + DAY_MS },
  { id: 'v4', code: 'OLD', title: 'Old voucher', kind: 'BONUS', value: 5, state: 'claimed', claimedAt: T0 },
];

describe('Vouchers', () => {
  beforeEach(() => member());

  function vouchersBackend(claim: Route = () => ok(claimResult({ id: 'v1', amount: 100, balance: 1334.5 })), list = VOUCHERS) {
    return backend({
      'GET /wps/mc/vouchers': () => ok(list),
      'GET /wps/mc/overview': () => ok(OVERVIEW),
      'POST /wps/mc/vouchers/claim': claim,
    });
  }
  async function show() {
    render(<Vouchers />);
    await waitFor(() => expect(texts('li.mc-item h3')).to.not.be.empty);
  }
  const line = (title: string, selector: string) => Array.from(item(title)!.querySelectorAll(selector), (n) => n.textContent);

  it('each kind in its words: a bonus in money, free spins as a count, cashback as a percent', async () => {
    vouchersBackend();
    await show();
    expect(texts('li.mc-item h3')).to.deep.equal(['Welcome bonus', 'Free spins', 'Cashback week']);
    expect(texts('li.mc-item .mc-amount')).to.deep.equal([
      mc('mc.voucher.BONUS', { value: '₱100.00' }),
      mc('mc.voucher.FREE_SPINS', { value: 20 }),
      mc('mc.voucher.CASHBACK', { value: 15 }),
    ]);
    expect(tab('available').textContent).to.equal(mc('mc.tab.available', { count: 3 }));
  });

  it('the minimum deposit only where there is one, and every code', async () => {
    vouchersBackend();
    await show();
    expect(line('Welcome bonus', '.mc-note')).to.deep.equal([
      mc('mc.voucher.min_deposit', { amount: '₱500.00' }),
      mc('mc.voucher.code', { code: 'WELCOME100' }),
    ]);
    expect(line('Free spins', '.mc-note')).to.deep.equal([mc('mc.voucher.code', { code: 'SPIN20' })]);
    expect(texts('.mc-code')).to.deep.equal(['Code WELCOME100', 'Code SPIN20', 'Code CB15']);
    expect(line('Cashback week', '.mc-when')).to.deep.equal([mc('mc.expires', { date: medium(T0 + DAY_MS) })]);
  });

  it('claiming a bonus: POST /wps/mc/vouchers/claim {id}, the credited amount and the new balance', async () => {
    vouchersBackend();
    await show();
    item('Welcome bonus')!.querySelector('button')!.click();
    await waitFor(() => expect(statusLine().textContent).to.equal(mc('mc.credited', { amount: '₱100.00' })));
    expect(posts('/wps/mc/vouchers/claim').map(body)).to.deep.equal([{ id: 'v1' }]);
    expect(texts('li.mc-item h3')).to.deep.equal(['Free spins', 'Cashback week']);
    expect($('.mc-balance-line strong')!.textContent).to.equal('₱1,334.50');
  });

  it('claiming free spins (no money credited): “The voucher is yours.”', async () => {
    vouchersBackend(() => ok(claimResult({ id: 'v2', amount: 0, balance: 1234.5 })));
    await show();
    item('Free spins')!.querySelector('button')!.click();
    await waitFor(() => expect(statusLine().textContent).to.equal(mc('mc.voucher.claimed')));
    expect(posts('/wps/mc/vouchers/claim').map(body)).to.deep.equal([{ id: 'v2' }]);
    tab('claimed').click();
    await waitFor(() => expect(texts('li.mc-item h3')).to.deep.equal(['Free spins', 'Old voucher']));
  });

  it('nothing available: the vouchers’ empty text', async () => {
    vouchersBackend(undefined, []);
    render(<Vouchers />);
    await waitFor(() => expect(texts('.mc-empty p')).to.deep.equal([mc('mc.vouchers.empty')]));
  });

  it('axe-core: the loaded list', async () => {
    vouchersBackend();
    await show();
    await expectAccessible(holder!);
  });
});

// ---------------------------------------------------------------------------------------------
// Daily sign-in
// ---------------------------------------------------------------------------------------------

describe('doneDays', () => {
  type Row = [string, Pick<SignInBoard, 'streak' | 'nextDay' | 'signedToday'>, number[]];
  const check = (rows: Row[]) => {
    for (const [name, board, expected] of rows)
      expect(
        [...doneDays(board, 7)].sort((a, b) => a - b),
        name,
      ).to.deep.equal(expected);
  };

  it('streak 0: none, whatever nextDay says', () => {
    check([
      ['fresh', { streak: 0, nextDay: 1, signedToday: false }, []],
      ['stale nextDay', { streak: 0, nextDay: 4, signedToday: false }, []],
    ]);
  });

  it('mid-cycle: the streak’s days, signed today or not yet', () => {
    check([
      ['signed today on day 1', { streak: 1, nextDay: 2, signedToday: true }, [1]],
      ['signed today on day 3', { streak: 3, nextDay: 4, signedToday: true }, [1, 2, 3]],
      ['not yet today, day 4 next', { streak: 3, nextDay: 4, signedToday: false }, [1, 2, 3]],
    ]);
  });

  it('a full cycle: all seven when the last was today; a new cycle (none) the day after', () => {
    check([
      ['day 7 today', { streak: 7, nextDay: 1, signedToday: true }, [1, 2, 3, 4, 5, 6, 7]],
      ['day 7 yesterday', { streak: 7, nextDay: 1, signedToday: false }, []],
    ]);
  });

  it('a streak longer than the cycle: only this cycle’s days', () => {
    check([
      ['9 days, day 2 today', { streak: 9, nextDay: 3, signedToday: true }, [1, 2]],
      ['10 days, day 4 next', { streak: 10, nextDay: 4, signedToday: false }, [1, 2, 3]],
      ['15 days, day 1 today', { streak: 15, nextDay: 2, signedToday: true }, [1]],
      ['14 days, day 7 today', { streak: 14, nextDay: 1, signedToday: true }, [1, 2, 3, 4, 5, 6, 7]],
    ]);
  });

  it('follows a cycle of another length', () => {
    expect([...doneDays({ streak: 5, nextDay: 1, signedToday: true }, 5)].sort()).to.deep.equal([1, 2, 3, 4, 5]);
    expect([...doneDays({ streak: 6, nextDay: 2, signedToday: true }, 5)]).to.deep.equal([1]);
  });
});

const AMOUNTS = [1, 2, 3, 5, 8, 10, 20];
const board = (patch: Partial<SignInBoard> = {}): SignInBoard => ({
  today: '2024-03-05',
  timeZone: 'Asia/Manila',
  signedToday: false,
  streak: 3,
  nextDay: 4,
  days: AMOUNTS.map((amount, i) => ({ day: i + 1, amount })),
  recent: ['2024-03-04', '2024-03-03', '2024-03-02'],
  ...patch,
});
const signInResult = (patch: Partial<SignInResult> = {}): SignInResult => ({
  date: '2024-03-05',
  day: 4,
  amount: 5,
  streak: 4,
  balance: 1239.5,
  currency: 'PHP',
  ...patch,
});

describe('SignIn', () => {
  beforeEach(() => {
    member();
    phoneZone('Asia/Manila');
  });

  function signInBackend(boards: SignInBoard[], signIn: Route = () => ok(signInResult())) {
    let reads = 0;
    return backend({
      'GET /wps/mc/signIn': () => ok(boards[Math.min(reads++, boards.length - 1)]),
      'GET /wps/mc/overview': () => ok(OVERVIEW),
      'POST /wps/mc/signIn': signIn,
    });
  }
  async function show() {
    render(<SignIn />);
    await waitFor(() => expect($$('li.mc-day')).to.have.length(7));
  }
  const doneNames = () => $$('li.mc-day-done').map((li) => li.querySelector('.mc-day-name')!.textContent);
  const today = () => $$('li.mc-day[aria-current="date"]');

  it('read in the phone’s zone: seven days with their amounts, the done ones, today marked with aria-current, the streak', async () => {
    signInBackend([board()]);
    await show();
    const read = gets('/wps/mc/signIn');
    expect(read).to.have.length(1);
    expect(read[0]!.url.searchParams.get('timeZone')).to.equal('Asia/Manila');
    expect(gets('/wps/mc/overview')).to.have.length(1);
    expect(texts('.mc-day-amount')).to.deep.equal(['₱1.00', '₱2.00', '₱3.00', '₱5.00', '₱8.00', '₱10.00', '₱20.00']);
    expect(texts('.mc-day-name')).to.deep.equal(['Day 1', 'Day 2', 'Day 3', mc('mc.signin.today'), 'Day 5', 'Day 6', 'Day 7']);
    expect(today()).to.have.length(1);
    expect(today()[0]!.querySelector('.mc-day-amount')!.textContent).to.equal('₱5.00');
    expect(doneNames()).to.deep.equal(['Day 1', 'Day 2', 'Day 3']);
    expect(texts('.mc-day-done .mc-day-state')).to.deep.equal(Array(3).fill(mc('mc.signin.done_day')));
    expect($('.mc-streak')!.textContent).to.equal(mc('mc.signin.streak', { count: 3 }));
    expect($('.mc-lead')!.textContent).to.equal(mc('mc.signin.rule'));
  });

  it('the sign-in button offers the next day’s amount', async () => {
    signInBackend([board({ nextDay: 6, streak: 5 })]);
    await show();
    expect(button(mc('mc.signin.button', { amount: '₱10.00' }))).to.not.equal(undefined);
  });

  it('signing in sends the phone’s zone, then “Signed in today”, the result text and the new streak', async () => {
    signInBackend([board()]);
    await show();
    button(mc('mc.signin.button', { amount: '₱5.00' }))!.click();
    await waitFor(() => expect(button(mc('mc.signin.done'))).to.not.equal(undefined));
    expect(posts('/wps/mc/signIn').map(body)).to.deep.equal([{ timeZone: 'Asia/Manila' }]);
    expect(button(mc('mc.signin.done'))!.disabled).to.equal(true);
    expect(statusLine().textContent).to.equal(mc('mc.signin.result', { day: 4, amount: '₱5.00' }));
    expect($('.mc-streak')!.textContent).to.equal(mc('mc.signin.streak', { count: 4 }));
    expect(doneNames()).to.deep.equal(['Day 1', 'Day 2', 'Day 3', mc('mc.signin.today')]);
    expect(today()[0]!.querySelector('.mc-day-amount')!.textContent).to.equal('₱5.00');
    expect($('.mc-signin .mc-note')!.textContent).to.equal(mc('mc.signin.tomorrow', { day: 5 }));
    expect(gets('/wps/mc/signIn'), 'no reload').to.have.length(1);
  });

  it('signing in on day 7 completes the cycle: tomorrow is day 1', async () => {
    signInBackend([board({ streak: 6, nextDay: 7 })], () => ok(signInResult({ day: 7, amount: 20, streak: 7 })));
    await show();
    button(mc('mc.signin.button', { amount: '₱20.00' }))!.click();
    await waitFor(() => expect($('.mc-signin .mc-note')?.textContent).to.equal(mc('mc.signin.tomorrow', { day: 1 })));
    expect(doneNames()).to.have.length(7);
    expect(today()[0]!.querySelector('.mc-day-amount')!.textContent).to.equal('₱20.00');
  });

  it('already signed today: the disabled button and tomorrow’s day, no sign-in button', async () => {
    signInBackend([board({ signedToday: true, streak: 4, nextDay: 5 })]);
    await show();
    expect(button(mc('mc.signin.done'))!.disabled).to.equal(true);
    expect($$('button')).to.have.length(1);
    expect($('.mc-signin .mc-note')!.textContent).to.equal(mc('mc.signin.tomorrow', { day: 5 }));
    expect(today()[0]!.querySelector('.mc-day-name')!.textContent).to.equal(mc('mc.signin.today'));
    expect(doneNames()).to.deep.equal(['Day 1', 'Day 2', 'Day 3', mc('mc.signin.today')]);
  });

  it('409 signin.already.today: the text, and the board as the server has it (reloaded)', async () => {
    signInBackend([board(), board({ signedToday: true, streak: 4, nextDay: 5 })], () => fail('signin.already.today', 409));
    await show();
    button(mc('mc.signin.button', { amount: '₱5.00' }))!.click();
    await waitFor(() => expect(button(mc('mc.signin.done'))).to.not.equal(undefined));
    expect(statusLine().textContent).to.equal(mc('mc.err.signed_today'));
    expect(gets('/wps/mc/signIn')).to.have.length(2);
    expect(notices.value).to.deep.equal([]);
  });

  it('another failure: its text, no reload, the button back', async () => {
    signInBackend([board()], () => fail('TOO_MANY_REQUEST_signIn', 429));
    await show();
    button(mc('mc.signin.button', { amount: '₱5.00' }))!.click();
    await waitFor(() => expect(statusLine().textContent).to.equal(mc('mc.err.too_many')));
    expect(button(mc('mc.signin.button', { amount: '₱5.00' }))).to.not.equal(undefined);
    expect(gets('/wps/mc/signIn')).to.have.length(1);
  });

  it('axe-core: the board before and after signing in', async () => {
    signInBackend([board()]);
    await show();
    await expectAccessible(holder!);
    button(mc('mc.signin.button', { amount: '₱5.00' }))!.click();
    await waitFor(() => expect(button(mc('mc.signin.done'))).to.not.equal(undefined));
    await expectAccessible(holder!);
  });
});

// ---------------------------------------------------------------------------------------------
// Novice tasks
// ---------------------------------------------------------------------------------------------

const TASKS: NoviceTask[] = [
  { id: 't1', kind: 'PROFILE', goal: 1, progress: 1, amount: 2, state: 'claimed', link: '/m/member/home' },
  { id: 't2', kind: 'SIGN_IN', goal: 3, progress: 5, amount: 10, state: 'claimable', link: '/m/activity/signIn' },
  { id: 't3', kind: 'PLAY', goal: 5, progress: 2, amount: 20, state: 'open', link: '/m/game' },
  { id: 't4', kind: 'DEPOSIT', goal: 1, progress: 0, amount: 50, state: 'open' },
  { id: 't5', kind: 'INVITE', goal: 1, progress: 0, amount: 30, state: 'open', link: '/m/inviteFriends' },
];

describe('NoviceTasks', () => {
  const links: [string, string, string][] = [];
  const goLink = (to: string, label: string, describedBy: string) => {
    links.push([to, label, describedBy]);
    return (
      <a href={to} className="btn btn-secondary" aria-describedby={describedBy}>
        {label}
      </a>
    );
  };
  beforeEach(() => {
    links.length = 0;
    member();
  });

  function tasksBackend(tasks = TASKS, claim: Route = () => ok(claimResult({ id: 't2', amount: 10 }))) {
    return backend({
      'GET /wps/mc/tasks': () => ok(tasks),
      'GET /wps/mc/overview': () => ok(OVERVIEW),
      'POST /wps/mc/tasks/claim': claim,
    });
  }
  async function show() {
    render(<NoviceTasks goLink={goLink} />);
    await waitFor(() => expect($$('li.mc-item')).to.not.be.empty);
  }
  const bars = () => $$('[role="progressbar"]');

  it('each task’s title, reward and progress; the progress clamped to the goal', async () => {
    tasksBackend();
    await show();
    expect(texts('li.mc-item h3')).to.deep.equal([
      mc('mc.task.PROFILE'),
      mc('mc.task.SIGN_IN', { goal: 3 }),
      mc('mc.task.PLAY', { goal: 5 }),
      mc('mc.task.DEPOSIT'),
      mc('mc.task.INVITE'),
    ]);
    expect(texts('li.mc-item .mc-amount')).to.deep.equal(
      ['₱2.00', '₱10.00', '₱20.00', '₱50.00', '₱30.00'].map((amount) => mc('mc.task.reward', { amount })),
    );
    expect(bars().map((b) => b.getAttribute('aria-valuenow'))).to.deep.equal(['1', '3', '2', '0', '0']);
    expect(bars().map((b) => b.getAttribute('aria-valuemax'))).to.deep.equal(['1', '3', '5', '1', '1']);
    expect(bars().map((b) => b.getAttribute('aria-valuemin'))).to.deep.equal(['0', '0', '0', '0', '0']);
    expect(bars()[1]!.getAttribute('aria-valuetext')).to.equal(mc('mc.task.progress', { progress: 3, goal: 3 }));
    expect(bars().map((b) => b.querySelector('span')!.style.width)).to.deep.equal(['100%', '100%', '40%', '0%', '0%']);
    expect(bars()[2]!.getAttribute('aria-labelledby')).to.equal('mc-task-t3');
    expect($('.mc-lead')!.textContent).to.equal(mc('mc.task.intro'));
  });

  it('Go only for open tasks with a link (goLink gets the link), Claim for the claimable, a tag for the claimed', async () => {
    tasksBackend();
    await show();
    expect(links).to.deep.include(['/m/game', mc('mc.task.go'), 'mc-task-t3']);
    expect(links).to.deep.include(['/m/inviteFriends', mc('mc.task.go'), 'mc-task-t5']);
    expect([...new Set(links.map(([to]) => to))]).to.deep.equal(['/m/game', '/m/inviteFriends']);
    expect($$('li.mc-item a').map((a) => a.getAttribute('href'))).to.deep.equal(['/m/game', '/m/inviteFriends']);
    const row = (id: string) => $(`#mc-task-${id}`)!.closest('li')!;
    expect(row('t4').querySelector('a, button')).to.equal(null);
    expect(row('t2').querySelector('button')!.textContent).to.equal(mc('mc.claim'));
    expect(row('t1').querySelector('.mc-tag')!.textContent).to.equal(mc('mc.claimed'));
    expect(buttons(mc('mc.claim'))).to.have.length(1);
  });

  it('claim: POST /wps/mc/tasks/claim {id}, the credited amount, then the Claimed tag', async () => {
    tasksBackend();
    await show();
    button(mc('mc.claim'))!.click();
    await waitFor(() => expect(statusLine().textContent).to.equal(mc('mc.credited', { amount: '₱10.00' })));
    expect(posts('/wps/mc/tasks/claim').map(body)).to.deep.equal([{ id: 't2' }]);
    expect(buttons(mc('mc.claim'))).to.have.length(0);
    expect(texts('.mc-tag')).to.deep.equal([mc('mc.claimed'), mc('mc.claimed')]);
  });

  it('claim refused (task.not.done): its text, the Claim stays', async () => {
    tasksBackend(TASKS, () => fail('task.not.done', 400));
    await show();
    button(mc('mc.claim'))!.click();
    await waitFor(() => expect(statusLine().textContent).to.equal(mc('mc.err.not_done')));
    expect(buttons(mc('mc.claim'))).to.have.length(1);
  });

  it('the last claim makes every task claimed: “all done”', async () => {
    const two = [TASKS[0]!, TASKS[1]!];
    tasksBackend(two);
    await show();
    expect($('.mc-lead')!.textContent).to.equal(mc('mc.task.intro'));
    button(mc('mc.claim'))!.click();
    await waitFor(() => expect($('.mc-lead')!.textContent).to.equal(mc('mc.tasks.done')));
  });

  it('all claimed from the start: “all done”; no tasks: the empty text', async () => {
    tasksBackend(TASKS.map((task) => ({ ...task, state: 'claimed' as const })));
    await show();
    expect($('.mc-lead')!.textContent).to.equal(mc('mc.tasks.done'));
    root!.unmount();
    holder!.remove();
    tasksBackend([]);
    render(<NoviceTasks goLink={goLink} />);
    await waitFor(() => expect(texts('.mc-empty p')).to.deep.equal([mc('mc.tasks.empty')]));
    expect($('.mc-lead')!.textContent).to.equal(mc('mc.task.intro'));
  });

  it('axe-core: the loaded tasks', async () => {
    tasksBackend();
    await show();
    await expectAccessible(holder!);
  });
});

// ---------------------------------------------------------------------------------------------
// Rescue
// ---------------------------------------------------------------------------------------------

const UNTIL = Date.UTC(2024, 2, 5, 15, 59, 0);
const rescue = (patch: Partial<RescueState> = {}): RescueState => ({
  currency: 'PHP',
  period: '2024-03-04',
  loss: 2000,
  minLoss: 100,
  rate: 10,
  cap: 500,
  amount: 200,
  state: 'available',
  claimableUntil: UNTIL,
  ...patch,
});

describe('Rescue', () => {
  beforeEach(() => {
    member();
    phoneZone('Asia/Manila');
  });

  function rescueBackend(states: RescueState[], claim: Route = () => ok(claimResult({ id: 'rescue', amount: 200 }))) {
    let reads = 0;
    return backend({
      'GET /wps/mc/rescue': () => ok(states[Math.min(reads++, states.length - 1)]),
      'POST /wps/mc/rescue/claim': claim,
    });
  }
  async function show() {
    render(<Rescue />);
    await waitFor(() => expect($('.mc-rescue')).to.not.equal(null));
  }
  const until = () =>
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' }).format(UNTIL);

  it('available: the rule with rate, minimum and cap, yesterday’s loss, the amount, Claim and its deadline', async () => {
    rescueBackend([rescue()]);
    await show();
    expect($('.mc-lead')!.textContent).to.equal(mc('mc.rescue.intro'));
    expect($('.mc-rescue > .mc-note')!.textContent).to.equal(mc('mc.rescue.rule', { rate: 10, min: '₱100.00', cap: '₱500.00' }));
    expect(texts('.mc-figures dt')).to.deep.equal([mc('mc.rescue.loss', { date: 'Mar 4, 2024' }), mc('mc.rescue.amount')]);
    expect(texts('.mc-figures dd')).to.deep.equal(['₱2,000.00', '₱200.00']);
    expect(buttons(mc('mc.claim'))).to.have.length(1);
    expect(texts('.mc-rescue > .mc-note')[1]).to.equal(mc('mc.rescue.until', { time: until() }));
  });

  it('claim sends {period}, then the credited amount and the claimed state', async () => {
    rescueBackend([rescue()]);
    await show();
    button(mc('mc.claim'))!.click();
    await waitFor(() => expect($('.mc-state')?.textContent).to.equal(mc('mc.rescue.claimed')));
    expect(posts('/wps/mc/rescue/claim').map(body)).to.deep.equal([{ period: '2024-03-04' }]);
    expect(statusLine().textContent).to.equal(mc('mc.credited', { amount: '₱200.00' }));
    expect(buttons(mc('mc.claim'))).to.have.length(0);
  });

  it('claim refused (rescue.not.eligible): its text, and the rescue read again', async () => {
    rescueBackend([rescue(), rescue({ state: 'ineligible', amount: 0, loss: 50 })], () => fail('rescue.not.eligible', 400));
    await show();
    button(mc('mc.claim'))!.click();
    await waitFor(() => expect($('.mc-state')?.textContent).to.equal(mc('mc.rescue.ineligible', { min: '₱100.00' })));
    expect(statusLine().textContent).to.equal(mc('mc.err.not_eligible'));
    expect(gets('/wps/mc/rescue')).to.have.length(2);
  });

  const states: [RescueState['state'], () => string][] = [
    ['ineligible', () => mc('mc.rescue.ineligible', { min: '₱100.00' })],
    ['claimed', () => mc('mc.rescue.claimed')],
    ['expired', () => mc('mc.rescue.expired')],
  ];
  for (const [state, expected] of states) {
    it(`${state}: says why, no Claim`, async () => {
      rescueBackend([rescue({ state, ...(state === 'ineligible' ? { loss: 40, amount: 0 } : {}) })]);
      await show();
      expect($('.mc-state')!.textContent).to.equal(expected());
      expect($$('button')).to.have.length(0);
      expect(texts('.mc-rescue > .mc-note')).to.have.length(1);
    });
  }

  it('axe-core: available and claimed', async () => {
    rescueBackend([rescue()]);
    await show();
    await expectAccessible(holder!);
    button(mc('mc.claim'))!.click();
    await waitFor(() => expect($('.mc-state')).to.not.equal(null));
    await expectAccessible(holder!);
  });
});

// ---------------------------------------------------------------------------------------------
// Leaderboard
// ---------------------------------------------------------------------------------------------

const leaderboard = (patch: Partial<LeaderboardValue> = {}): LeaderboardValue => ({
  period: 'day',
  currency: 'PHP',
  startsAt: T0 - DAY_MS,
  endsAt: T0 + DAY_MS,
  entries: [
    { rank: 1, name: 'pl***01', score: 12000, prize: 1000 },
    { rank: 2, name: 'player1', score: 8000, prize: 500, me: true },
    { rank: 3, name: 'jo***77', score: 5000, prize: 200 },
    { rank: 4, name: 'an***42', score: 1500 },
  ],
  me: { rank: 2, score: 8000, name: 'player1' },
  ...patch,
});

describe('Leaderboard', () => {
  beforeEach(() => member());

  function boardBackend(answer: (period: string | null) => Response | Promise<Response>) {
    return backend({ 'GET /wps/mc/leaderboard': (c) => answer(c.url.searchParams.get('period')) });
  }
  const rows = () => $$('tbody tr');
  const players = () => rows().map((tr) => tr.children[1]!.firstChild!.textContent);

  it('today first: ranks, masked names, the own row marked “You”, prizes, scores and the own rank', async () => {
    boardBackend(() => ok(leaderboard()));
    render(<Leaderboard />);
    await waitFor(() => expect(rows()).to.have.length(4));
    expect(gets('/wps/mc/leaderboard').map((c) => c.url.search)).to.deep.equal(['?period=day']);
    expect(tab('day').getAttribute('aria-selected')).to.equal('true');
    expect(texts('tbody .mc-rank')).to.deep.equal(['1', '2', '3', '4']);
    expect(players()).to.deep.equal(['pl***01', mc('mc.board.you'), 'jo***77', 'an***42']);
    expect($$('tr.mc-me')).to.have.length(1);
    expect($('tr.mc-me strong')!.textContent).to.equal(mc('mc.board.you'));
    expect(texts('.mc-prize')).to.deep.equal(
      ['₱1,000.00', '₱500.00', '₱200.00'].map((amount) => mc('mc.board.prize', { amount })),
    );
    expect(texts('.mc-score')).to.deep.equal(['₱12,000.00', '₱8,000.00', '₱5,000.00', '₱1,500.00']);
    expect($('.mc-mine')!.textContent).to.equal(`${mc('mc.board.your_rank', { rank: '2' })} · ₱8,000.00`);
    expect(texts('thead th')).to.deep.equal([mc('mc.board.rank'), mc('mc.board.player'), mc('mc.board.score')]);
  });

  it('switching tabs loads ?period=week, then ?period=month, and shows each board', async () => {
    boardBackend((period) =>
      ok(
        leaderboard({
          period: period as LeaderboardValue['period'],
          entries: [{ rank: 1, name: `${period}***1`, score: 100 }],
          me: { score: 0, name: 'player1' },
        }),
      ),
    );
    render(<Leaderboard />);
    await waitFor(() => expect(players()).to.deep.equal(['day***1']));
    tab('week').click();
    await waitFor(() => expect(players()).to.deep.equal(['week***1']));
    expect(tab('week').getAttribute('aria-selected')).to.equal('true');
    tab('month').click();
    await waitFor(() => expect(players()).to.deep.equal(['month***1']));
    expect(gets('/wps/mc/leaderboard').map((c) => c.url.searchParams.get('period'))).to.deep.equal(['day', 'week', 'month']);
  });

  it('an answer for a tab left behind is dropped', async () => {
    const slowDay = deferred<Response>();
    boardBackend((period) =>
      period === 'day' ? slowDay.promise : ok(leaderboard({ entries: [{ rank: 1, name: 'we***1', score: 1 }] })),
    );
    render(<Leaderboard />);
    await waitFor(() => expect(gets('/wps/mc/leaderboard')).to.have.length(1));
    tab('week').click();
    await waitFor(() => expect(players()).to.deep.equal(['we***1']));
    slowDay.resolve(ok(leaderboard()));
    await sleep(30);
    expect(players()).to.deep.equal(['we***1']);
  });

  it('no rank this period: “not on the board yet”', async () => {
    boardBackend(() =>
      ok(leaderboard({ entries: leaderboard().entries.filter((e) => !e.me), me: { score: 0, name: 'player1' } })),
    );
    render(<Leaderboard />);
    await waitFor(() => expect(rows()).to.have.length(3));
    expect($('.mc-mine')!.textContent).to.equal(mc('mc.board.unranked'));
    expect($$('tr.mc-me')).to.have.length(0);
  });

  it('an empty board: its text, no table, and the own line', async () => {
    boardBackend(() => ok(leaderboard({ entries: [], me: { score: 0, name: 'player1' } })));
    render(<Leaderboard />);
    await waitFor(() => expect(texts('.mc-empty p')).to.deep.equal([mc('mc.board.empty')]));
    expect($('table')).to.equal(null);
    expect($('.mc-mine')!.textContent).to.equal(mc('mc.board.unranked'));
  });

  it('a failed load: the error with Retry inside the tabs; Retry loads the same period again', async () => {
    let n = 0;
    boardBackend(() => (++n === 1 ? fail('server.error', 500) : ok(leaderboard())));
    render(<Leaderboard />);
    await waitFor(() => expect(button(core('retry'))).to.not.equal(undefined));
    expect($('[role="tablist"]')).to.not.equal(null);
    button(core('retry'))!.click();
    await waitFor(() => expect(rows()).to.have.length(4));
    expect(gets('/wps/mc/leaderboard').map((c) => c.url.search)).to.deep.equal(['?period=day', '?period=day']);
  });

  it('axe-core: the loaded board', async () => {
    boardBackend(() => ok(leaderboard()));
    render(<Leaderboard />);
    await waitFor(() => expect(rows()).to.have.length(4));
    await expectAccessible(holder!);
  });
});

// ---------------------------------------------------------------------------------------------
// VIP benefits
// ---------------------------------------------------------------------------------------------

const LEVELS: VipLevel[] = [
  { id: 1, name: 'Bronze', type: 'AUTO', rankLevel: 1, expectedConditions: 0, benefits: [] },
  {
    id: 2,
    name: 'Silver',
    type: 'AUTO',
    rankLevel: 2,
    expectedConditions: 100,
    benefits: [
      { kind: 'UPGRADE_BONUS', value: 50 },
      { kind: 'WEEKLY_CASHBACK', value: 1.5 },
    ],
  },
  {
    id: 3,
    name: 'Gold',
    type: 'AUTO',
    rankLevel: 3,
    expectedConditions: 500,
    benefits: [
      { kind: 'BIRTHDAY_BONUS', value: 200 },
      { kind: 'DAILY_WITHDRAWALS', value: 5 },
      { kind: 'WITHDRAWAL_LIMIT', value: 100000 },
      { kind: 'PRIORITY_SUPPORT', value: 1 },
    ],
  },
  {
    id: 4,
    name: 'Diamond',
    type: 'MANUAL',
    rankLevel: 4,
    expectedConditions: 0,
    benefits: [{ kind: 'PRIORITY_SUPPORT', value: 1 }],
  },
];
type Label = MemberInfo['clubLabel'];

describe('Benefits', () => {
  beforeEach(() => member());

  function levelsBackend(levels = LEVELS) {
    return backend({ 'GET /wps/mc/vip/levels': () => ok(levels), 'GET /wps/mc/overview': () => ok(OVERVIEW) });
  }
  const info = (clubLabel: Label): MemberInfo => ({ type: 0, id: 7, userName: 'demo', language: 'EN', clubLabel });
  async function show(label: Label) {
    render(<Benefits info={info(label)} />);
    await waitFor(() => expect($('.mc-vip-me')).to.not.equal(null));
  }
  const names = () => $$('li.mc-level h2').map((h) => h.firstChild!.textContent);
  const level = (name: string) => $$('li.mc-level').find((li) => li.querySelector('h2')!.firstChild!.textContent === name)!;
  const benefits = (name: string) => Array.from(level(name).querySelectorAll('.mc-benefits li'), (li) => li.textContent);

  it('the levels in the server’s order (lowest first), the member’s level marked by its name', async () => {
    levelsBackend();
    await show({ labelName: 'Silver', type: 'AUTO', rankLevel: 2 });
    expect(names()).to.deep.equal(['Bronze', 'Silver', 'Gold', 'Diamond']);
    expect($$('li.mc-level').map((li) => li.getAttribute('aria-current'))).to.deep.equal([null, 'true', null, null]);
    expect(level('Silver').querySelector('.mc-tag')!.textContent).to.equal(mc('mc.vip.yours'));
    expect($$('li.mc-level .mc-tag')).to.have.length(1);
    expect($('.mc-vip-me p')!.textContent).to.equal(`${mc('mc.vip.yours')}: Silver`);
  });

  it('the benefits in words, each kind its own way', async () => {
    levelsBackend();
    await show({ labelName: 'Silver', type: 'AUTO', rankLevel: 2 });
    expect(benefits('Silver')).to.deep.equal([
      mc('mc.vip.UPGRADE_BONUS', { value: '₱50.00' }),
      mc('mc.vip.WEEKLY_CASHBACK', { value: '1.5' }),
    ]);
    expect(benefits('Gold')).to.deep.equal([
      mc('mc.vip.BIRTHDAY_BONUS', { value: '₱200.00' }),
      mc('mc.vip.DAILY_WITHDRAWALS', { value: '5' }),
      mc('mc.vip.WITHDRAWAL_LIMIT', { value: '₱100,000.00' }),
      mc('mc.vip.PRIORITY_SUPPORT'),
    ]);
    expect(level('Bronze').querySelector('.mc-benefits')).to.equal(null);
    expect(level('Bronze').querySelector('p.mc-note:last-child')!.textContent).to.equal(mc('mc.vip.no_benefits'));
  });

  it('what each level takes: points for AUTO, the operator for MANUAL', async () => {
    levelsBackend();
    await show(null);
    expect($$('li.mc-level > p.mc-note:first-of-type').map((p) => p.textContent)).to.deep.equal([
      mc('mc.vip.needs_other', { count: 0 }),
      mc('mc.vip.needs_other', { count: 100 }),
      mc('mc.vip.needs_other', { count: 500 }),
      mc('mc.vip.manual'),
    ]);
  });

  it('one point is singular ("Qualify with 1 point", issue 32), two are plural', async () => {
    levelsBackend([
      { ...LEVELS[0]!, expectedConditions: 1 },
      { ...LEVELS[1]!, expectedConditions: 2 },
    ]);
    await show(null);
    expect($$('li.mc-level > p.mc-note:first-of-type').map((p) => p.textContent)).to.deep.equal([
      'Qualify with 1 point',
      'Qualify with 2 points',
    ]);
  });

  it('a MANUAL level of the member: marked, with the note that it does not follow points', async () => {
    levelsBackend();
    await show({ labelName: 'Diamond', type: 'MANUAL', rankLevel: 4 });
    expect(level('Diamond').getAttribute('aria-current')).to.equal('true');
    expect($('.mc-vip-me .mc-note')!.textContent).to.equal(mc('mc.vip.your_manual'));
  });

  it('member info not loaded yet: loading, not “no VIP level”', async () => {
    levelsBackend();
    render(<Benefits info={undefined} />);
    await sleep(20);
    expect($('.mc-vip-me')).to.equal(null);
    expect($('[aria-busy="true"]')).to.not.equal(null);
  });

  it('no label, or a label the levels do not list: “no VIP level yet”, nothing marked', async () => {
    levelsBackend();
    await show(null);
    expect($('.mc-vip-me p')!.textContent).to.equal(mc('mc.vip.none'));
    expect($$('[aria-current]')).to.have.length(0);
    root!.render(<Benefits info={info({ labelName: 'Platinum', type: 'AUTO', rankLevel: 9 })} />);
    await sleep(20);
    expect($('.mc-vip-me p')!.textContent).to.equal(mc('mc.vip.none'));
    expect($$('[aria-current]')).to.have.length(0);
    root!.render(<Benefits info={info({ labelName: 'Bronze', type: 'AUTO', rankLevel: 1 })} />);
    await waitFor(() => expect($$('[aria-current]')).to.have.length(1));
  });

  it('no levels at all: the empty text', async () => {
    levelsBackend([]);
    await show(null);
    expect(texts('.mc-empty p')).to.deep.equal([mc('mc.vip.empty')]);
  });

  it('axe-core: the levels with the member’s marked', async () => {
    levelsBackend();
    await show({ labelName: 'Gold', type: 'AUTO', rankLevel: 3 });
    await expectAccessible(holder!);
  });
});

// ---------------------------------------------------------------------------------------------
// Feedback
// ---------------------------------------------------------------------------------------------

const HISTORY: FeedbackEntry[] = [
  {
    id: 7,
    category: 'payment',
    content: 'My deposit is late',
    hasImage: true,
    createdAt: T0 - DAY_MS,
    status: 'answered',
    reply: 'It has arrived now.',
  },
  { id: 5, category: 'game', content: 'Please add more slots', hasImage: false, createdAt: T0 - 3 * DAY_MS, status: 'received' },
];
const entry = (patch: Partial<FeedbackEntry> = {}): FeedbackEntry => ({
  id: 42,
  category: 'bug',
  content: 'The page froze twice',
  hasImage: false,
  createdAt: T0,
  status: 'received',
  ...patch,
});

/** Types into the message field and waits for the form to have it (preact renders after the event, not in it). */
async function typeInto(el: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  await waitFor(() => expect($('.mc-count')!.textContent).to.equal(mc('mc.fb.count', { count: value.trim().length, max: 1000 })));
}
function pick(input: HTMLInputElement, file: File) {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
/** A real small PNG, drawn on a canvas. */
async function png(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 40;
  canvas.height = 20;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#c00';
  ctx.fillRect(0, 0, 40, 20);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/png'),
  );
  return new File([blob], 'shot.png', { type: 'image/png' });
}

describe('Feedback', () => {
  beforeEach(() => member());

  function feedbackBackend(submit: Route = () => ok(entry()), history = HISTORY) {
    return backend({ 'GET /wps/mc/feedback': () => ok(history), 'POST /wps/mc/feedback': submit });
  }
  async function show() {
    render(<Feedback />);
    await waitFor(() => expect($$('li.mc-feedback, .mc-empty')).to.not.be.empty);
  }
  const textarea = () => $<HTMLTextAreaElement>('textarea')!;
  const fileInput = () => $<HTMLInputElement>('input[type="file"]')!;
  const send = () => $<HTMLButtonElement>('button[type="submit"]')!;
  const alerts = () => texts('.mc-field-error[role="alert"]');

  it('too short after trimming: the error, the field marked and focused, nothing sent', async () => {
    feedbackBackend();
    await show();
    await typeInto(textarea(), '   short one   '); // 9 characters once trimmed
    send().click();
    await waitFor(() => expect(alerts()).to.deep.equal([mc('mc.fb.too_short', { min: 10 })]));
    expect(textarea().getAttribute('aria-invalid')).to.equal('true');
    expect(textarea().getAttribute('aria-describedby')).to.contain($('.mc-field-error')!.id);
    expect(document.activeElement === textarea(), 'the textarea has the focus').to.equal(true);
    await sleep(20);
    expect(posts('/wps/mc/feedback')).to.have.length(0);
  });

  it('the error goes once the message is long enough; the count is of trimmed characters', async () => {
    feedbackBackend();
    await show();
    send().click();
    await waitFor(() => expect(alerts()).to.have.length(1));
    await typeInto(textarea(), '  0123456789  ');
    await waitFor(() => expect(alerts()).to.have.length(0));
    expect(textarea().hasAttribute('aria-invalid')).to.equal(false);
    expect($('.mc-count')!.textContent).to.equal(mc('mc.fb.count', { count: 10, max: 1000 }));
  });

  it('sending posts the topic and the trimmed message, then clears the form and lists the new entry first', async () => {
    const held = deferred<Response>();
    feedbackBackend(() => held.promise);
    await show();
    $$<HTMLInputElement>('input[type="radio"]')
      .find((r) => r.value === 'bug')!
      .click();
    await typeInto(textarea(), '  The page froze twice  ');
    send().click();
    await waitFor(() => expect(send().textContent).to.equal(mc('mc.fb.sending')));
    expect(send().getAttribute('aria-disabled')).to.equal('true');
    expect(posts('/wps/mc/feedback').map(body)).to.deep.equal([{ category: 'bug', content: 'The page froze twice' }]);
    held.resolve(ok(entry()));
    await waitFor(() => expect(statusLine().textContent).to.equal(mc('mc.fb.sent', { id: 42 })));
    expect(textarea().value).to.equal('');
    expect(send().textContent).to.equal(mc('mc.fb.send'));
    expect(texts('li.mc-feedback h3')).to.deep.equal([
      `${mc('mc.fb.cat.bug')} · #42`,
      `${mc('mc.fb.cat.payment')} · #7`,
      `${mc('mc.fb.cat.game')} · #5`,
    ]);
  });

  it('a second Send while the first is on its way sends nothing more', async () => {
    const held = deferred<Response>();
    feedbackBackend(() => held.promise);
    await show();
    await typeInto(textarea(), 'Something is not right here');
    send().click();
    await waitFor(() => expect(send().textContent).to.equal(mc('mc.fb.sending')));
    send().click();
    await sleep(20);
    expect(posts('/wps/mc/feedback')).to.have.length(1);
    held.resolve(ok(entry()));
    await waitFor(() => expect(statusLine().textContent).to.equal(mc('mc.fb.sent', { id: 42 })));
  });

  it('sending fails: the text stays, the failure is said', async () => {
    feedbackBackend(() => fail('TOO_MANY_REQUEST_feedback', 429));
    await show();
    await typeInto(textarea(), 'Something is not right here');
    send().click();
    await waitFor(() => expect(statusLine().textContent).to.equal(mc('mc.err.too_many')));
    expect(textarea().value).to.equal('Something is not right here');
    expect(texts('li.mc-feedback h3')).to.have.length(2);
    expect(notices.value).to.deep.equal([]);
  });

  it('a file that is no picture: the bad-image text, no preview', async () => {
    feedbackBackend();
    await show();
    pick(fileInput(), new File(['hello'], 'x.txt', { type: 'text/plain' }));
    await waitFor(() => expect(alerts()).to.deep.equal([mc('mc.fb.image_bad')]));
    expect(fileInput().getAttribute('aria-describedby')!.split(' ')).to.include($('.mc-field-error')!.id);
    expect($('.mc-file-name')!.textContent).to.equal(mc('mc.fb.image_none'));
    expect(fileInput().value).to.equal('');
    expect($('.mc-preview')).to.equal(null);
  });

  it('a PNG that cannot be decoded: the bad-image text', async () => {
    feedbackBackend();
    await show();
    pick(fileInput(), new File([new Uint8Array([1, 2, 3, 4])], 'broken.png', { type: 'image/png' }));
    await waitFor(() => expect(alerts()).to.deep.equal([mc('mc.fb.image_bad')]));
  });

  it('a real PNG: a preview, and the payload carries it as a JPEG data: URL', async () => {
    feedbackBackend();
    await show();
    pick(fileInput(), await png());
    await waitFor(() => expect($('.mc-preview img')).to.not.equal(null));
    const img = $<HTMLImageElement>('.mc-preview img')!;
    expect(img.alt).to.equal(mc('mc.fb.image_preview'));
    expect(img.getAttribute('src')).to.match(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
    expect(alerts()).to.deep.equal([]);
    await typeInto(textarea(), 'Look at this screenshot');
    send().click();
    await waitFor(() => expect(posts('/wps/mc/feedback')).to.have.length(1));
    const sent = body(posts('/wps/mc/feedback')[0]!) as { category: string; content: string; image: string };
    expect(sent.category).to.equal('suggestion');
    expect(sent.content).to.equal('Look at this screenshot');
    expect(sent.image.startsWith('data:image/jpeg;base64,')).to.equal(true);
    expect(sent.image).to.equal(img.getAttribute('src'));
    await waitFor(() => expect($('.mc-preview')).to.equal(null));
    expect(fileInput().value).to.equal('');
  });

  it('the picker (issue 32: a bare native input): a 44 px button in the app’s words, the file’s name, keyboard and screen reader', async () => {
    const sheets = document.adoptedStyleSheets;
    undo.push(() => (document.adoptedStyleSheets = sheets));
    adoptStyles(document, hostCss, mcCss);
    feedbackBackend();
    await show();
    const face = $<HTMLLabelElement>('label.mc-file-button')!;
    expect(face.htmlFor).to.equal(fileInput().id);
    expect(face.textContent).to.equal('Choose a picture');
    const box = face.getBoundingClientRect();
    expect([box.width >= 44, box.height >= 44], `${box.width}x${box.height}`).to.deep.equal([true, true]);
    expect($('.mc-file-name')!.textContent).to.equal('No picture chosen');
    // Out of sight, still in the tab order and named by the field's label and the button's words.
    expect(fileInput().tabIndex).to.equal(0);
    expect(getComputedStyle(fileInput()).display).to.not.equal('none');
    const named = fileInput()
      .getAttribute('aria-labelledby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent)
      .join(' ');
    expect(named).to.equal(`${mc('mc.fb.image')} Choose a picture`);
    expect(fileInput().getAttribute('aria-describedby')).to.equal($('.mc-file-name')!.id);
    fileInput().focus();
    expect(document.activeElement).to.equal(fileInput());
    await expectAccessible($('form')!);
    const picture = await png();
    pick(fileInput(), picture);
    await waitFor(() => expect($('.mc-preview img')).to.not.equal(null));
    expect($('.mc-file-name')!.textContent).to.equal(picture.name);
    expect(face.textContent).to.equal(mc('mc.fb.image_change'));
    button(mc('mc.fb.image_remove'))!.click();
    await waitFor(() => expect($('.mc-file-name')!.textContent).to.equal('No picture chosen'));
    expect(document.activeElement, 'focus back on the picker').to.equal(fileInput());
  });

  it('Remove the screenshot: no preview, nothing sent with the message', async () => {
    feedbackBackend();
    await show();
    pick(fileInput(), await png());
    await waitFor(() => expect($('.mc-preview')).to.not.equal(null));
    button(mc('mc.fb.image_remove'))!.click();
    await waitFor(() => expect($('.mc-preview')).to.equal(null));
    await typeInto(textarea(), 'Look at this screenshot');
    send().click();
    await waitFor(() => expect(posts('/wps/mc/feedback')).to.have.length(1));
    expect(body(posts('/wps/mc/feedback')[0]!)).to.deep.equal({ category: 'suggestion', content: 'Look at this screenshot' });
  });

  it('the history: topic and number, date, screenshot mark, message, the reply and the status', async () => {
    feedbackBackend();
    await show();
    const [answered, received] = $$('li.mc-feedback');
    expect(answered!.querySelector('h3')!.textContent).to.equal(`${mc('mc.fb.cat.payment')} · #7`);
    expect(answered!.querySelector('.mc-note')!.textContent).to.contain(` · ${mc('mc.fb.with_image')}`);
    expect(answered!.querySelector('.mc-quote')!.textContent).to.equal('My deposit is late');
    expect(answered!.querySelector('.mc-reply')!.textContent).to.equal(`${mc('mc.fb.reply')}: It has arrived now.`);
    expect(answered!.querySelector('.mc-tag')!.textContent).to.equal(mc('mc.fb.answered'));
    expect(received!.querySelector('.mc-reply')).to.equal(null);
    expect(received!.querySelector('.mc-note')!.textContent).to.not.contain(mc('mc.fb.with_image'));
    expect(received!.querySelector('.mc-tag')!.textContent).to.equal(mc('mc.fb.received'));
  });

  it('no earlier feedback: its text', async () => {
    feedbackBackend(undefined, []);
    await show();
    expect(texts('.mc-empty p')).to.deep.equal([mc('mc.fb.none')]);
  });

  it('axe-core: the form with the history, and with the too-short error', async () => {
    feedbackBackend();
    await show();
    await expectAccessible(holder!);
    send().click();
    await waitFor(() => expect(alerts()).to.have.length(1));
    await expectAccessible(holder!);
  });
});

// ---------------------------------------------------------------------------------------------
// Invite friends
// ---------------------------------------------------------------------------------------------

const RULES: ReferralRules = { enabled: true, currency: 'PHP', rewardPerFriend: 50, minDeposit: 200, maxFriends: 20 };
const REFERRAL: Referral = { code: 'ABC123', invited: 12, qualified: 5, earned: 250, currency: 'PHP' };

describe('inviteLink and QrCode', () => {
  it('inviteLink: /m/register with the code on this origin, the code encoded', () => {
    expect(inviteLink('ABC123')).to.equal(`${location.origin}/m/register?referralCode=ABC123`);
    expect(inviteLink('A B&c', 'https://lucky.example.test')).to.equal(
      'https://lucky.example.test/m/register?referralCode=A+B%26c',
    );
  });

  it('QrCode: an svg with role img, its label and a path of the dark modules; another text, another path', async () => {
    render(<QrCode text="https://a.example.test/m/register?referralCode=ONE" label="The QR" />);
    await waitFor(() => expect($('svg')).to.not.equal(null));
    const svg = $('svg')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('The QR');
    const d = svg.querySelector('path')!.getAttribute('d')!;
    expect(d).to.match(/^(M\d+ \d+h1v1h-1z)+$/);
    const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    expect(size).to.be.greaterThan(20);
    root!.render(<QrCode text="https://a.example.test/m/register?referralCode=TWO" label="The QR" />);
    await waitFor(() => expect($('svg path')!.getAttribute('d')).to.not.equal(d));
  });
});

describe('InviteFriends', () => {
  const loginLink = <a href="/m/login">{core('login')}</a>;
  function inviteBackend(rules: ReferralRules = RULES) {
    return backend({ 'GET /wps/mc/referral/rules': () => ok(rules), 'GET /wps/mc/referral': () => ok(REFERRAL) });
  }
  function clipboard(writeText: (text: string) => Promise<void>) {
    undo.push(fakeProperty(navigator, 'clipboard', () => ({ writeText })));
  }
  function share(fn: ((data: ShareData) => Promise<void>) | undefined) {
    undo.push(fakeProperty(navigator, 'share', () => fn));
  }
  async function showMember() {
    member();
    render(<InviteFriends member loginLink={loginLink} />);
    await waitFor(() => expect($('#mc-inv-link')).to.not.equal(null));
  }
  const link = `${location.origin}/m/register?referralCode=ABC123`;

  it('a visitor: no /wps/mc/referral call, the login slot and the rules', async () => {
    inviteBackend();
    render(<InviteFriends member={false} loginLink={loginLink} />);
    await waitFor(() => expect($('.mc-steps')).to.not.equal(null));
    expect(stub!.calls.map((c) => c.url.pathname)).to.deep.equal(['/wps/mc/referral/rules']);
    expect($('.empty-state p')!.textContent).to.equal(mc('mc.inv.login'));
    expect($('.empty-state a')!.getAttribute('href')).to.equal('/m/login');
    expect($('#mc-inv-link')).to.equal(null);
    expect($('.mc-lead')!.textContent).to.equal(mc('mc.inv.intro', { amount: '₱50.00', min: '₱200.00' }));
    expect(texts('.mc-steps li')).to.deep.equal([
      mc('mc.inv.rule1'),
      mc('mc.inv.rule2', { min: '₱200.00' }),
      mc('mc.inv.rule3', { amount: '₱50.00', max: '20' }),
    ]);
  });

  it('a member: the link with the code on this origin, the code, the figures; no Share without navigator.share', async () => {
    inviteBackend();
    share(undefined);
    await showMember();
    expect(gets('/wps/mc/referral')).to.have.length(1);
    expect($<HTMLInputElement>('#mc-inv-link')!.value).to.equal(link);
    expect($<HTMLInputElement>('#mc-inv-code')!.value).to.equal('ABC123');
    expect($<HTMLInputElement>('#mc-inv-link')!.readOnly).to.equal(true);
    expect(buttons(mc('mc.inv.copy_link'))).to.have.length(1);
    expect(buttons(mc('mc.inv.copy_code'))).to.have.length(1);
    expect(texts('.mc-figures dd')).to.deep.equal(['12', '5', '₱250.00']);
    expect($('.empty-state')).to.equal(null);
    expect(buttons(mc('mc.inv.share'))).to.have.length(0);
  });

  it('Copy puts the link on the clipboard and says “Copied”', async () => {
    const written: string[] = [];
    clipboard(async (text) => {
      written.push(text);
    });
    inviteBackend();
    await showMember();
    button(mc('mc.inv.copy_link'))!.click();
    await waitFor(() => expect(button(mc('mc.inv.copied'))).to.not.equal(undefined));
    expect(written).to.deep.equal([link]);
    button(mc('mc.inv.copy_code'))!.click();
    await waitFor(() => expect(buttons(mc('mc.inv.copied'))).to.have.length(2));
    expect(written).to.deep.equal([link, 'ABC123']);
    expect(texts('.mc-copy [role="status"]')).to.deep.equal(['', '']);
  });

  it('“Copied” is said in the success green with a tick, not the brand red of an error (issue 32)', async () => {
    const sheets = document.adoptedStyleSheets;
    undo.push(() => (document.adoptedStyleSheets = sheets));
    adoptStyles(document, hostCss, mcCss);
    clipboard(async () => {});
    inviteBackend();
    await showMember();
    const copy = button(mc('mc.inv.copy_link'))!;
    const red = getComputedStyle(copy).color;
    copy.click();
    await waitFor(() => expect(button(mc('mc.inv.copied'))).to.not.equal(undefined));
    const copied = button(mc('mc.inv.copied'))!;
    expect(getComputedStyle(copied).color).to.equal('rgb(23, 117, 58)');
    expect(getComputedStyle(copied).color).to.not.equal(red);
    expect(copied.querySelector('svg[aria-hidden="true"]'), 'the tick').to.not.equal(null);
    expect(copied.getBoundingClientRect().height).to.be.at.least(44);
  });

  it('a refused clipboard: the copy-failed text, the button unchanged', async () => {
    clipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    inviteBackend();
    await showMember();
    button(mc('mc.inv.copy_code'))!.click();
    await waitFor(() => expect(texts('.mc-copy [role="status"]')).to.deep.equal(['', mc('mc.inv.copy_failed')]));
    expect(buttons(mc('mc.inv.copied'))).to.have.length(0);
  });

  it('Share hands the link and the text to navigator.share; a cancelled share is silent', async () => {
    const shared: ShareData[] = [];
    share((data) => {
      shared.push(data);
      return Promise.reject(new DOMException('cancelled', 'AbortError'));
    });
    inviteBackend();
    await showMember();
    button(mc('mc.inv.share'))!.click();
    await waitFor(() => expect(shared).to.have.length(1));
    expect(shared[0]).to.deep.equal({ text: mc('mc.inv.share_text', { code: 'ABC123' }), url: link });
    await sleep(10);
    expect(notices.value).to.deep.equal([]);
  });

  it('the QR code of the link: role img, a label, a non-empty path', async () => {
    inviteBackend();
    await showMember();
    const svg = $('figure svg')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal(mc('mc.inv.qr'));
    expect(svg.querySelector('path')!.getAttribute('d')).to.match(/^M\d/);
    expect($('figcaption')!.textContent).to.equal(mc('mc.inv.qr_hint'));
  });

  it('the referral promotion off: “not running”, the rules still there', async () => {
    inviteBackend({ ...RULES, enabled: false });
    await showMember();
    expect($('.mc-lead')!.textContent).to.equal(mc('mc.inv.off'));
    expect($$('.mc-steps li')).to.have.length(3);
    expect($<HTMLInputElement>('#mc-inv-link')!.value).to.equal(link);
  });

  it('the rules failing: the error with Retry', async () => {
    let n = 0;
    backend({ 'GET /wps/mc/referral/rules': () => (++n === 1 ? fail('server.error', 500) : ok(RULES)) });
    render(<InviteFriends member={false} loginLink={loginLink} />);
    await waitFor(() => expect(button(core('retry'))).to.not.equal(undefined));
    button(core('retry'))!.click();
    await waitFor(() => expect($('.mc-steps')).to.not.equal(null));
  });

  it('axe-core: a member’s page, and a visitor’s', async () => {
    inviteBackend();
    share(() => Promise.resolve());
    await showMember();
    await expectAccessible(holder!);
    root!.unmount();
    holder!.remove();
    render(<InviteFriends member={false} loginLink={loginLink} />);
    await waitFor(() => expect($('.mc-steps')).to.not.equal(null));
    await expectAccessible(holder!);
  });
});

// ---------------------------------------------------------------------------------------------
// Member home
// ---------------------------------------------------------------------------------------------

describe('MemberHome', () => {
  let logouts = 0;
  let serviceCalls = 0;
  beforeEach(() => {
    logouts = 0;
    serviceCalls = 0;
  });
  const link = (to: string, className: string, children: ReactNode) => (
    <a href={to} className={className}>
      {children}
    </a>
  );
  function show(props: { built?: (path: string) => boolean; customerService?: boolean } = {}) {
    render(
      <MemberHome
        link={link}
        built={props.built ?? (() => true)}
        vip={<span className="test-vip">VIP Gold</span>}
        language={
          <button type="button" className="test-language">
            English
          </button>
        }
        onCustomerService={props.customerService === false ? undefined : () => serviceCalls++}
        onLogout={() => logouts++}
      />,
    );
  }
  function homeBackend(overview: Route = () => ok(OVERVIEW)) {
    return backend({ 'GET /wps/mc/overview': overview });
  }
  const info = (clubLabel: MemberInfo['clubLabel'], type = 0): MemberInfo => ({
    type,
    id: 9,
    userName: 'player1',
    language: 'EN',
    clubLabel,
  });
  const rowLabels = () => texts('nav .mc-row-label');
  const badgeOf = (label: string) =>
    $$('nav a.mc-row')
      .find((a) => a.querySelector('.mc-row-label')!.textContent === label)!
      .querySelector('.mc-badge')?.textContent;
  const balance = () => $('.mc-balance strong');

  it('the greeting by name, the member type, the balance', async () => {
    member(0, 'lucky7');
    homeBackend();
    show();
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    expect($('#mc-profile-name')!.textContent).to.equal(mc('mc.home.hello', { name: 'lucky7' }));
    expect($('.mc-avatar')!.textContent).to.equal('L');
    expect($('.mc-type')!.textContent).to.equal(core('home.member'));
    expect(balance()!.hasAttribute('aria-busy')).to.equal(false);
    expect($('.test-vip')).to.not.equal(null);
  });

  it('member info’s name comes first; an agent is called an agent', async () => {
    member(1, 'fromSession');
    memberInfo.value = { ...info({ labelName: 'Gold', type: 'AUTO', rankLevel: 3 }, 1), userName: 'agentSmith' };
    homeBackend();
    show();
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    expect($('#mc-profile-name')!.textContent).to.equal(mc('mc.home.hello', { name: 'agentSmith' }));
    expect($('.mc-type')!.textContent).to.equal(core('home.agent'));
  });

  it('the balance is busy while the overview loads', async () => {
    member();
    backend({ 'GET /wps/mc/overview': hang });
    show();
    await waitFor(() => expect(balance()!.getAttribute('aria-busy')).to.equal('true'));
    expect(balance()!.textContent).to.equal('…');
  });

  it('badges from the overview: rewards, vouchers and tasks to claim, sign-in due, rescue waiting', async () => {
    member();
    homeBackend();
    show();
    await waitFor(() => expect(badgeOf(EN['page.rewards'])).to.equal(mc('mc.home.to_claim', { count: 2 })));
    expect(badgeOf(EN['page.vouchers'])).to.equal(mc('mc.home.to_claim', { count: 3 }));
    expect(badgeOf(EN['page.novice_tasks'])).to.equal(mc('mc.home.to_claim', { count: 1 }));
    expect(badgeOf(EN['page.sign_in'])).to.equal(mc('mc.home.sign_in_due'));
    expect(badgeOf(EN['page.rescue'])).to.equal(mc('mc.home.rescue_due'));
    expect(badgeOf(EN['page.leaderboard'])).to.equal(undefined);
  });

  it('nothing waiting: no badges', async () => {
    member();
    homeBackend(() => ok({ ...OVERVIEW, rewards: 0, vouchers: 0, tasks: 0, signedToday: true, rescue: false }));
    show();
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    expect($$('.mc-badge')).to.have.length(0);
  });

  it('VIP benefits only for an AUTO label', async () => {
    member();
    memberInfo.value = info({ labelName: 'Gold', type: 'AUTO', rankLevel: 3 });
    homeBackend();
    show();
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    expect(rowLabels()).to.deep.equal([
      EN['page.rewards'],
      EN['page.vouchers'],
      EN['page.sign_in'],
      EN['page.novice_tasks'],
      EN['page.rescue'],
      EN['page.leaderboard'],
      EN['vip.benefits'],
      EN['home.invite'],
      EN['page.feedback'],
    ]);
    expect($('a[href="/m/member/benefits"]')).to.not.equal(null);
    memberInfo.value = info({ labelName: 'Diamond', type: 'MANUAL', rankLevel: 4 });
    await waitFor(() => expect(rowLabels()).to.not.include(EN['vip.benefits']));
    expect($('.test-vip')).to.not.equal(null);
  });

  it('no label: no benefits row, and “No VIP level yet” instead of the badge', async () => {
    member();
    memberInfo.value = info(null);
    homeBackend();
    show();
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    expect(rowLabels()).to.not.include(EN['vip.benefits']);
    expect($('.mc-vip-slot')!.textContent).to.equal(mc('mc.home.no_vip'));
    expect($('.test-vip')).to.equal(null);
  });

  it('only the pages that are built; a group with none is left out', async () => {
    member();
    homeBackend();
    show({ built: (path) => !['/m/rewardCenter', '/m/voucherCenter', '/m/leaderBoard'].includes(path) });
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    expect(rowLabels()).to.deep.equal([
      EN['page.sign_in'],
      EN['page.novice_tasks'],
      EN['page.rescue'],
      EN['home.invite'],
      EN['page.feedback'],
    ]);
    expect(texts('nav h2')).to.deep.equal([mc('mc.home.activities'), mc('mc.home.account')]);
    expect($$('nav a').map((a) => a.getAttribute('href'))).to.deep.equal([
      '/m/activity/signIn',
      '/m/activity/noviceTask',
      '/m/activity/rescue',
      '/m/inviteFriends',
      '/m/feedback',
    ]);
  });

  it('member type 4: the language change is for this device only; other types: no such note', async () => {
    member(4);
    homeBackend();
    show();
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    expect(texts('.mc-note')).to.include(mc('mc.home.language_local'));
    expect($('.test-language')).to.not.equal(null);
    member(0);
    await waitFor(() => expect(texts('.mc-note')).to.not.include(mc('mc.home.language_local')));
  });

  it('customer service and logout call their callbacks; no customer service, no row', async () => {
    member();
    homeBackend();
    show();
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    $$<HTMLButtonElement>('button.mc-row')
      .find((b) => b.textContent === core('customer_service'))!
      .click();
    button(core('logout'))!.click();
    expect(serviceCalls).to.equal(1);
    expect(logouts).to.equal(1);
    root!.unmount();
    holder!.remove();
    show({ customerService: false });
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    expect($$('button.mc-row')).to.have.length(0);
    expect(button(core('logout'))).to.not.equal(undefined);
  });

  it('the overview failing: Retry in place of the balance (no popup); Retry loads again', async () => {
    member();
    let n = 0;
    homeBackend(() => (++n === 1 ? fail('server.error', 500) : ok(OVERVIEW)));
    show();
    await waitFor(() => expect($('.mc-balance button')?.textContent).to.equal(core('retry')));
    expect(balance()).to.equal(null);
    expect($$('.mc-badge')).to.have.length(0);
    expect(notices.value).to.deep.equal([]);
    $<HTMLButtonElement>('.mc-balance button')!.click();
    await waitFor(() => expect(balance()?.textContent).to.equal('₱1,234.50'));
    expect(gets('/wps/mc/overview')).to.have.length(2);
  });

  it('axe-core: the loaded member home', async () => {
    member();
    memberInfo.value = info({ labelName: 'Gold', type: 'AUTO', rankLevel: 3 });
    homeBackend();
    show();
    await waitFor(() => expect(balance()!.textContent).to.equal('₱1,234.50'));
    await expectAccessible(holder!);
  });
});
