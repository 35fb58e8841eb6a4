/**
 * `<wps-network-notice>` and the network model (docs/product.md §7 ping and line speed test, §8 Offline and
 * Failed ping rows, §9 ping abort 5000 ms, speed test 10 s each, up to 10 candidates), on a fake
 * clock, with `navigator.onLine` faked and `window.fetch` stubbed.
 */
import { expect } from 'chai';
import '../../elements/network-notice.tsx';
import { call } from '../../src/core/api/client.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { cancelRequests } from '../../src/core/api/abort.ts';
import { apiBase, merchantCode } from '../../src/core/config/config.ts';
import { ensureI18n, language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import {
  FASTEST_LINE_KEY,
  OFFLINE_MESSAGE_MS,
  PING_ABORT_MS,
  SPEED_TEST_CANDIDATES,
  SPEED_TEST_TIMEOUT_MS,
  fastestLine,
  lineSpeedTest,
  lineUnstable,
  offlineMessage,
  online,
  pickRandom,
  watchNetwork,
} from '../../src/features/network/model.ts';
import CN from '../../src/core/i18n/locales/CN.json';
import EN from '../../src/core/i18n/locales/EN.json';
import UR from '../../src/core/i18n/locales/UR.json';
import {
  expectAccessible,
  has,
  hang,
  json,
  mount,
  part,
  recordEvents,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchCall,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { fakeProperty } from '../browser-helpers/status.ts';

const PING = '/wps/system/test/ping';
const ROUTE = '/wps/system/domainRoute';
const EVENTS = ['wps-offline', 'wps-online', 'wps-line-unstable', 'wps-line'];

/** Candidate domains of the domain route: line1.example.test:8001 … */
const candidates = (n: number) => Array.from({ length: n }, (_, i) => `line${i + 1}.example.test:${8001 + i}`);
const delayOf = (domain: string) => 100 * Number(/^line(\d+)\./.exec(domain)![1]);

interface Backend {
  /** The current line's ping: answers, fails (HTTP 500), or never answers. */
  line: 'ok' | 'fail' | 'hang';
  /** Candidate domains the route lists. */
  route: string[];
  /** Candidates answer after 100 ms × their number, or never. */
  candidates: 'delayed' | 'hang';
  /** Other calls: 'network' makes fetch reject like a dropped connection. */
  others: 'ok' | 'network';
}

let backend: Backend;
let stub: FetchStub | undefined;
const pong = () => json({ success: true, value: 'pong' });

function serve(patch: Partial<Backend> = {}) {
  backend = { line: 'ok', route: candidates(12), candidates: 'delayed', others: 'ok', ...patch };
  stub = stubFetch((c) => {
    const own = c.url.origin === location.origin;
    if (c.url.pathname === PING && own) {
      if (backend.line === 'ok') return pong();
      if (backend.line === 'fail') return json({ success: false, errorCode: 'server.error' }, 500);
      return hang(c);
    }
    if (c.url.pathname === PING) {
      if (backend.candidates === 'hang') return hang(c);
      // Answers later on the fake clock, unless aborted first.
      return new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(pong()), delayOf(c.url.host));
        c.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(c.signal!.reason);
        });
      });
    }
    if (c.url.pathname === ROUTE) return json({ success: true, value: backend.route.map((domainName) => ({ domainName })) });
    if (backend.others === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return json({ success: true, value: {} });
  });
  return stub;
}

const linePings = () => stub!.calls.filter((c) => c.url.pathname === PING && c.url.origin === location.origin);
const candidatePings = () => stub!.calls.filter((c) => c.url.pathname === PING && c.url.origin !== location.origin);

let clock: FakeClock | undefined;
let events: ReturnType<typeof recordEvents> | undefined;
let onLine = true;
let restoreOnLine: (() => void) | undefined;

/** Fake clock, backend, events, then the element. */
async function start(patch: Partial<Backend> = {}, html = '<wps-network-notice></wps-network-notice>') {
  clock = installClock();
  serve(patch);
  events = recordEvents(document, EVENTS);
  const el = mount(html);
  await waitFor(() => expect(has(el, 'banner') || linePings().length > 0 || !online.value, 'element started').to.equal(true));
  await settle();
  return el;
}

async function settle() {
  await clock!.tickAsync(0);
  await clock!.tickAsync(0);
}

function goOffline() {
  onLine = false;
  window.dispatchEvent(new Event('offline'));
}
function goOnline() {
  onLine = true;
  window.dispatchEvent(new Event('online'));
}

const textOf = (el: Element, name: string) => part(el, name)?.textContent ?? null;
const bannerKind = (el: Element) => part(el, 'banner')?.getAttribute('part') ?? null;

async function unstableAfterPing(el: Element) {
  await clock!.tickAsync(PING_ABORT_MS);
  await waitFor(() => expect(bannerKind(el)).to.equal('banner unstable'));
}

function reset() {
  unmountAll(); // stops watching (the element's effect cleanup)
  clock?.uninstall();
  clock = undefined;
  events?.stop();
  events = undefined;
  stub?.restore();
  stub = undefined;
  onLine = true;
  online.value = true;
  offlineMessage.value = false;
  lineUnstable.value = false;
  fastestLine.value = undefined;
  notices.value = [];
  sessionStorage.clear();
  localStorage.clear();
  merchantCode.value = '';
  apiBase.value = '';
  language.value = 'EN';
}

before(async () => {
  restoreOnLine = fakeProperty(navigator, 'onLine', () => onLine);
  language.value = 'EN';
  await languageReady();
});
after(() => restoreOnLine?.());
beforeEach(reset);
afterEach(reset);

describe('watchNetwork', () => {
  it('keeps watching until the last holder releases it (the host page outlives a notice element)', async () => {
    clock = installClock();
    serve();
    const host = watchNetwork();
    const element = watchNetwork();
    await settle();
    expect(linePings(), 'one start ping for both').to.have.length(1);
    element();
    element(); // a second release changes nothing
    goOffline();
    expect(online.value, 'still watched by the host').to.equal(false);
    goOnline();
    expect(online.value).to.equal(true);
    host();
    goOffline();
    expect(online.value, 'nobody watches any more').to.equal(true);
  });
});

describe('<wps-network-notice> offline and online', () => {
  it('starts quietly with one ping of the current line', async () => {
    const el = await start();
    await waitFor(() => expect(linePings()).to.have.length(1));
    const ping = linePings()[0]!;
    expect(ping.url.searchParams.get('speed')).to.equal(String(clock!.now));
    expect(ping.credentials, 'the ping sends no cookies').to.equal(undefined);
    expect(has(el, 'banner')).to.equal(false);
    expect(has(el, 'toast')).to.equal(false);
    expect(events!.types()).to.deep.equal([]);
  });

  it('offline: the no-connection banner (role alert) and the offline toast for exactly 1500 ms; wps-offline', async () => {
    const el = await start();
    goOffline();
    await waitFor(() => expect(bannerKind(el)).to.equal('banner offline'));
    expect(part(el, 'banner')!.getAttribute('role')).to.equal('alert');
    expect(textOf(el, 'banner')).to.equal(EN['network.no_connection']);
    expect(textOf(el, 'toast')).to.equal(EN['network.offline']);
    expect(part(el, 'toast')!.getAttribute('role')).to.equal('status');
    expect(events!.types()).to.deep.equal(['wps-offline']);
    const e = events!.events[0]!;
    expect([e.bubbles, e.composed]).to.deep.equal([true, true]);
    expect(OFFLINE_MESSAGE_MS).to.equal(1500);

    await clock!.tickAsync(OFFLINE_MESSAGE_MS - 1);
    expect(has(el, 'toast'), 'toast still there at 1499 ms').to.equal(true);
    await clock!.tickAsync(1);
    await waitFor(() => expect(has(el, 'toast'), 'toast gone at 1500 ms').to.equal(false));
    expect(bannerKind(el), 'the banner stays while offline').to.equal('banner offline');
  });

  it('CN: the banner is the Chinese no-connection text', async () => {
    setLanguage('CN');
    await ensureI18n();
    const el = await start();
    goOffline();
    await waitFor(() => expect(textOf(el, 'banner')).to.equal(CN['network.no_connection']));
    expect(textOf(el, 'toast')).to.equal(CN['network.offline']);
  });

  it('UR: banner and toast right to left in Urdu', async () => {
    setLanguage('UR');
    await ensureI18n();
    const el = await start();
    goOffline();
    await waitFor(() => expect(textOf(el, 'banner')).to.equal(UR['network.no_connection']));
    expect(part(el, 'banner')!.getAttribute('dir')).to.equal('rtl');
    expect(part(el, 'toast')!.getAttribute('dir')).to.equal('rtl');
  });

  it('online again: the banner goes, wps-online, and the line is pinged', async () => {
    const el = await start();
    await waitFor(() => expect(linePings()).to.have.length(1));
    goOffline();
    await waitFor(() => expect(has(el, 'banner')).to.equal(true));
    goOnline();
    await waitFor(() => expect(has(el, 'banner')).to.equal(false));
    expect(has(el, 'toast'), 'the toast goes too').to.equal(false);
    expect(events!.types()).to.deep.equal(['wps-offline', 'wps-online']);
    await waitFor(() => expect(linePings()).to.have.length(2));
  });

  it('a second drop restarts the 1500 ms of the toast', async () => {
    const el = await start();
    goOffline();
    await clock!.tickAsync(1000);
    goOnline();
    goOffline();
    await clock!.tickAsync(1000);
    expect(has(el, 'toast'), 'still shown 1000 ms after the second drop').to.equal(true);
    await clock!.tickAsync(500);
    await waitFor(() => expect(has(el, 'toast')).to.equal(false));
  });

  it('a page that loads offline shows the banner at once and pings nothing', async () => {
    onLine = false;
    const el = await start();
    await waitFor(() => expect(bannerKind(el)).to.equal('banner offline'));
    expect(linePings()).to.have.length(0);
  });

  it('going offline replaces the unstable-line banner', async () => {
    const el = await start({ line: 'hang' });
    await unstableAfterPing(el);
    goOffline();
    await waitFor(() => expect(bannerKind(el)).to.equal('banner offline'));
    expect(lineUnstable.value).to.equal(false);
  });
});

describe('<wps-network-notice> unstable line', () => {
  it('a ping that never answers: the unstable banner after 5000 ms (not 4999); wps-line-unstable', async () => {
    const el = await start({ line: 'hang' });
    await waitFor(() => expect(linePings()).to.have.length(1));
    expect(PING_ABORT_MS).to.equal(5000);
    await clock!.tickAsync(PING_ABORT_MS - 1);
    expect(has(el, 'banner'), 'nothing at 4999 ms').to.equal(false);
    expect(linePings()[0]!.signal!.aborted).to.equal(false);
    await clock!.tickAsync(1);
    await waitFor(() => expect(bannerKind(el)).to.equal('banner unstable'));
    expect(linePings()[0]!.signal!.aborted, 'the ping was aborted').to.equal(true);
    expect(part(el, 'banner')!.getAttribute('role')).to.equal('alert');
    expect(part(el, 'banner')!.querySelector('.text')?.textContent).to.equal(EN['network.unstable']);
    expect(textOf(el, 'retry')).to.equal(EN.retry);
    expect(events!.types()).to.deep.equal(['wps-line-unstable']);
    expect(notices.value, 'no alert for the quiet ping').to.deep.equal([]);
  });

  it('a ping cancelled because the session ended is not a bad line: asked again, no banner (issue 10, defect 3)', async () => {
    const el = await start({ line: 'hang' });
    await waitFor(() => expect(linePings()).to.have.length(1));
    // The session ends while the ping runs: the error catalogue cancels every request in flight.
    backend.line = 'ok';
    cancelRequests();
    await waitFor(() => expect(linePings()).to.have.length(2));
    await settle();
    await clock!.tickAsync(PING_ABORT_MS);
    expect(lineUnstable.value).to.equal(false);
    expect(has(el, 'banner'), 'no unstable-line banner').to.equal(false);
    expect(events!.types()).to.deep.equal([]);
  });

  it('a ping that fails at once (HTTP 500) marks the line unstable too', async () => {
    const el = await start({ line: 'fail' });
    await waitFor(() => expect(bannerKind(el)).to.equal('banner unstable'));
    expect(events!.types()).to.deep.equal(['wps-line-unstable']);
  });

  it('Retry runs the line speed test: at most 10 distinct candidates, the first to answer wins (wps-line), then the line is pinged again and the banner clears', async () => {
    const el = await start({ line: 'hang' });
    await unstableAfterPing(el);
    backend.line = 'ok';
    const linePingsBefore = linePings().length;

    part<HTMLButtonElement>(el, 'retry')!.click();
    await waitFor(() => expect(candidatePings().length).to.equal(SPEED_TEST_CANDIDATES));
    await settle();
    expect(stub!.to(ROUTE)).to.have.length(1);
    expect(SPEED_TEST_CANDIDATES).to.equal(10);
    expect(part<HTMLButtonElement>(el, 'retry')!.disabled, 'retry disabled while it runs').to.equal(true);

    const pinged = candidatePings().map((c) => c.url.host);
    expect(new Set(pinged).size, 'distinct candidates').to.equal(pinged.length);
    expect(pinged.every((d) => backend.route.includes(d))).to.equal(true);
    for (const c of candidatePings()) {
      const escaped = c.url.host.replace(/\./g, '\\.');
      expect(c.url.href).to.match(new RegExp(`^http://${escaped}/wps/system/test/ping\\?speed=\\d+$`));
      expect(c.credentials).to.equal(undefined);
    }
    expect(linePings().length, 'the current line waits for the speed test').to.equal(linePingsBefore);

    const winner = pinged.slice().sort((a, b) => delayOf(a) - delayOf(b))[0]!;
    await clock!.tickAsync(delayOf(winner));
    await waitFor(() => expect(events!.types()).to.include('wps-line'));
    const lineEvent = events!.events.find((e) => e.type === 'wps-line')!;
    expect(lineEvent.detail).to.deep.equal({ domain: winner });
    expect(fastestLine.value).to.equal(winner);
    expect(JSON.parse(sessionStorage.getItem(FASTEST_LINE_KEY)!)).to.equal(winner);

    await waitFor(() => expect(linePings().length).to.equal(linePingsBefore + 1));
    const lastLinePing = stub!.calls.indexOf(linePings().at(-1)!);
    const lastCandidate = Math.max(...candidatePings().map((c) => stub!.calls.indexOf(c)));
    expect(lastLinePing, 'the line is pinged after the speed test').to.be.greaterThan(lastCandidate);
    await waitFor(() => expect(has(el, 'banner')).to.equal(false));
    expect(events!.types()).to.deep.equal(['wps-line-unstable', 'wps-line']);
  });

  it('speed-test pings time out at 10 000 ms; with no winner the banner stays and no wps-line', async () => {
    const el = await start({ line: 'hang', candidates: 'hang' });
    await unstableAfterPing(el);
    part<HTMLButtonElement>(el, 'retry')!.click();
    await waitFor(() => expect(candidatePings().length).to.equal(10));
    await settle();
    expect(SPEED_TEST_TIMEOUT_MS).to.equal(10_000);
    const linePingsBefore = linePings().length;

    await clock!.tickAsync(SPEED_TEST_TIMEOUT_MS - 1);
    expect(
      candidatePings().filter((c) => c.signal!.aborted),
      'none aborted at 9999 ms',
    ).to.have.length(0);
    expect(linePings().length).to.equal(linePingsBefore);
    await clock!.tickAsync(1);
    await waitFor(() => expect(candidatePings().filter((c) => c.signal!.aborted)).to.have.length(10));
    // Then the current line is pinged again; it still does not answer.
    await waitFor(() => expect(linePings().length).to.equal(linePingsBefore + 1));
    await clock!.tickAsync(PING_ABORT_MS);
    await settle();
    expect(bannerKind(el)).to.equal('banner unstable');
    expect(events!.types()).to.not.include('wps-line');
    expect(fastestLine.value).to.equal(undefined);
    await waitFor(() => expect(part<HTMLButtonElement>(el, 'retry')!.disabled, 'retry usable again').to.equal(false));
  });

  it('axe-core finds no violation with the unstable banner and with the offline banner', async () => {
    const el = await start({ line: 'hang' });
    await unstableAfterPing(el);
    clock!.uninstall(); // axe-core schedules its work with setTimeout
    clock = undefined;
    await expectAccessible(el);
    goOffline();
    await waitFor(() => expect(bannerKind(el)).to.equal('banner offline'));
    await expectAccessible(el);
  });
});

describe('lineSpeedTest (model)', () => {
  it('fewer candidates than 10: each is pinged once', async () => {
    clock = installClock();
    serve({ route: candidates(3) });
    const result = lineSpeedTest();
    await waitFor(() => expect(candidatePings()).to.have.length(3));
    await clock.tickAsync(100);
    expect(await result).to.equal('line1.example.test:8001');
  });

  it('an empty route or a failed route call: no pings, undefined', async () => {
    clock = installClock();
    serve({ route: [] });
    expect(await lineSpeedTest()).to.equal(undefined);
    stub!.restore();
    stub = stubFetch(() => json({ success: false, errorCode: 'down' }, 500));
    expect(await lineSpeedTest()).to.equal(undefined);
    expect(stub.calls.filter((c) => c.url.pathname === PING)).to.have.length(0);
    expect(notices.value, 'the route call is quiet').to.deep.equal([]);
  });

  it('entries without a usable domainName are skipped', async () => {
    clock = installClock();
    stub = stubFetch((c: FetchCall) => {
      if (c.url.pathname === ROUTE)
        return json({ success: true, value: [{ domainName: '' }, {}, { domainName: 'line2.example.test:8002' }] });
      return pong();
    });
    expect(await lineSpeedTest()).to.equal('line2.example.test:8002');
    expect(stub.calls.filter((c) => c.url.pathname === PING).map((c) => c.url.host)).to.deep.equal(['line2.example.test:8002']);
  });
});

describe('pickRandom', () => {
  /** mulberry32: a small seeded generator. */
  function seeded(seed: number) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const letters = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i));

  const rows: [items: number, count: number, expectedLength: number][] = [
    [0, 10, 0],
    [1, 10, 1],
    [3, 10, 3],
    [10, 10, 10],
    [12, 10, 10],
    [26, 10, 10],
    [5, 0, 0],
    [5, 2, 2],
  ];
  for (const [n, count, expectedLength] of rows) {
    it(`${n} items, count ${count} → ${expectedLength} distinct items from the input`, () => {
      const items = letters(n);
      for (let seed = 1; seed <= 20; seed++) {
        const picked = pickRandom(items, count, seeded(seed));
        expect(picked).to.have.length(expectedLength);
        expect(new Set(picked).size).to.equal(picked.length);
        expect(picked.every((p) => items.includes(p))).to.equal(true);
      }
    });
  }

  it('deterministic with a seeded random; different seeds give different orders', () => {
    const items = letters(12);
    expect(pickRandom(items, 10, seeded(42))).to.deep.equal(pickRandom(items, 10, seeded(42)));
    const orders = new Set(Array.from({ length: 10 }, (_, s) => pickRandom(items, 10, seeded(s + 1)).join('')));
    expect(orders.size).to.be.greaterThan(1);
  });

  it('does not change the input', () => {
    const items = letters(12);
    pickRandom(items, 10, seeded(7));
    expect(items).to.deep.equal(letters(12));
  });

  it('over many seeds every item can come first (no bias to the front)', () => {
    const items = letters(12);
    const firsts = new Set(Array.from({ length: 200 }, (_, s) => pickRandom(items, 10, seeded(s + 100))[0]));
    expect(firsts.size).to.equal(12);
  });
});

describe('a request without an answer checks the line', () => {
  it('fetch rejecting (network error) through the client triggers a ping when online; no generic alert', async () => {
    const el = await start({ others: 'network' });
    await waitFor(() => expect(linePings()).to.have.length(1));
    const err = await call(endpoints.systemCountry).catch((e: unknown) => e);
    expect((err as { errorCode?: string }).errorCode).to.equal('network.error');
    await waitFor(() => expect(linePings()).to.have.length(2));
    expect(notices.value).to.deep.equal([]);
    expect(has(el, 'banner')).to.equal(false);
  });

  it('…and shows the offline banner when the browser says it is offline', async () => {
    const el = await start({ others: 'network' });
    await waitFor(() => expect(linePings()).to.have.length(1));
    onLine = false; // no offline event arrived yet
    await call(endpoints.systemCountry).catch(() => undefined);
    await waitFor(() => expect(bannerKind(el)).to.equal('banner offline'));
    expect(linePings()).to.have.length(1);
  });

  it('a network error with alert:false stays quiet (no line check)', async () => {
    await start({ others: 'network' });
    await waitFor(() => expect(linePings()).to.have.length(1));
    await call(endpoints.systemCountry, undefined, { alert: false }).catch(() => undefined);
    await settle();
    expect(linePings()).to.have.length(1);
  });

  it('without the element on the page the network error is a notice (unstable, or offline)', async () => {
    clock = installClock();
    serve({ others: 'network' });
    await call(endpoints.systemCountry).catch(() => undefined);
    expect(notices.value.map((n) => n.messageKey)).to.deep.equal(['network.unstable']);
    onLine = false;
    await call(endpoints.systemCountry).catch(() => undefined);
    expect(
      notices.value.map((n) => n.messageKey),
      'same notice id: replaced',
    ).to.deep.equal(['network.offline']);
    expect(stub!.calls.filter((c) => c.url.pathname === PING)).to.have.length(0);
  });
});
