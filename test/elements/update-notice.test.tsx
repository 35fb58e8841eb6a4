/**
 * `<wps-update-notice>` and the update check (docs/product.md §4 update check, §7 manifest row, §8 failed
 * manifest, §9 3 600 000 ms and the 300 ms visibility debounce), on a fake clock. Both manifests
 * and the status call are served by a `window.fetch` stub.
 */
import { expect } from 'chai';
import '../../elements/update-notice.tsx';
import { merchantCode, apiBase } from '../../src/core/config/config.ts';
import { resetSiteData } from '../../src/core/config/siteStatus.ts';
import { ensureI18n, language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { checkForUpdate, resetUpdateCheck, updateAvailable } from '../../src/features/update-check/model.ts';
import EN from '../../src/core/i18n/locales/EN.json';
import UR from '../../src/core/i18n/locales/UR.json';
import {
  expectAccessible,
  has,
  json,
  mount,
  part,
  recordEvents,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { fakeProperty, statusFixture } from '../browser-helpers/status.ts';

const M = '/m/asset-manifest.json';
const MC = '/mobile/mc/asset-manifest.json';
const STATUS = '/wps/system/status';
/** docs/product.md §9, written out: a changed constant must fail these tests, not move them. */
const HOUR = 3_600_000;

/** What each manifest answers: a JSON object, an HTTP error status, or 'network' (fetch rejects). */
type ManifestAnswer = Record<string, unknown> | number | 'network';
const manifests: Record<string, ManifestAnswer> = {};

let stub: FetchStub | undefined;
function serve() {
  manifests[M] = { files: { 'main.js': '/m/static/js/main.aaaa.js' }, entrypoints: ['static/js/main.aaaa.js'] };
  manifests[MC] = { files: { 'mc.js': '/mobile/mc/static/mc.1111.js' } };
  stub = stubFetch((c) => {
    const answer = manifests[c.url.pathname];
    if (answer !== undefined) {
      if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      if (typeof answer === 'number')
        return new Response('<html>Not Found</html>', { status: answer, headers: { 'Content-Type': 'text/html' } });
      return json(answer);
    }
    if (c.url.pathname === STATUS) return json({ success: true, value: statusFixture() });
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

const manifestCalls = () => [...stub!.to(M), ...stub!.to(MC)].length;

let clock: FakeClock | undefined;
let events: ReturnType<typeof recordEvents> | undefined;
let visibility: DocumentVisibilityState = 'visible';
let restoreVisibility: (() => void) | undefined;
const realWarn = console.warn;
let warnings: unknown[][] = [];

/** Never reload the test page, whatever a test does. */
const neverReload = (e: Event) => e.preventDefault();

/** Mounts the element on a fake clock and waits for the first check (baseline, no notice). */
async function start(html = '<wps-update-notice merchant="DEMO01"></wps-update-notice>') {
  clock = installClock();
  serve();
  events = recordEvents(document, ['wps-update-available', 'wps-refresh']);
  const el = mount(html);
  await waitFor(() => expect(manifestCalls(), 'first check fetched both manifests').to.equal(2));
  await settle();
  return el;
}

/** Lets fetch answers and renders land (real time; the fake clock does not move). */
async function settle() {
  await clock!.tickAsync(0);
  await clock!.tickAsync(0);
}

async function noticeShown(el: Element) {
  await waitFor(() => expect(has(el, 'dialog'), 'update notice shown').to.equal(true));
}

function visibilityChange(state: DocumentVisibilityState = 'visible') {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function reset() {
  unmountAll(); // stops the checks (the element's effect cleanup)
  clock?.uninstall();
  clock = undefined;
  events?.stop();
  events = undefined;
  stub?.restore();
  stub = undefined;
  resetUpdateCheck();
  resetSiteData();
  notices.value = [];
  sessionStorage.clear();
  localStorage.clear();
  merchantCode.value = '';
  apiBase.value = '';
  language.value = 'EN';
  console.warn = realWarn;
  warnings = [];
  visibility = 'visible';
}

before(async () => {
  language.value = 'EN';
  await languageReady();
  restoreVisibility = fakeProperty(document, 'visibilityState', () => visibility);
  document.addEventListener('wps-refresh', neverReload);
});
after(() => {
  restoreVisibility?.();
  document.removeEventListener('wps-refresh', neverReload);
});
beforeEach(() => {
  reset();
  console.warn = (...args: unknown[]) => void warnings.push(args);
});
afterEach(reset);

describe('update check: first load', () => {
  it('fetches both manifests and stores their hash; no notice', async () => {
    const el = await start();
    expect(updateAvailable.value).to.equal(false);
    expect(has(el, 'dialog')).to.equal(false);
    expect(events!.types()).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
  });

  it('both manifest requests carry the Merchant header and a `t` timestamp query, without cookies', async () => {
    await start();
    for (const c of [...stub!.to(M), ...stub!.to(MC)]) {
      expect(c.method).to.equal('GET');
      expect(c.headers.get('Merchant'), `${c.url.pathname} Merchant`).to.equal('DEMO01');
      expect(c.url.searchParams.get('t'), `${c.url.pathname} t`).to.match(/^\d+$/);
      expect(Number(c.url.searchParams.get('t'))).to.equal(clock!.now);
      expect(c.credentials).to.not.equal('include');
    }
  });

  it('the timestamp changes between checks (no cached manifest)', async () => {
    await start();
    await clock!.tickAsync(HOUR);
    await waitFor(() => expect(manifestCalls()).to.equal(4));
    const ts = stub!.to(M).map((c) => Number(c.url.searchParams.get('t')));
    expect(ts[1]! - ts[0]!).to.equal(HOUR);
  });
});

describe('update check: hourly', () => {
  it('a changed /m manifest seen by the hourly check shows the notice: not at 3 599 999 ms, at 3 600 000 ms', async () => {
    const el = await start();
    manifests[M] = { files: { 'main.js': '/m/static/js/main.bbbb.js' } };
    await clock!.tickAsync(HOUR - 1);
    expect(manifestCalls(), 'no check before the hour').to.equal(2);
    expect(has(el, 'dialog')).to.equal(false);
    await clock!.tickAsync(1);
    await waitFor(() => expect(manifestCalls()).to.equal(4));
    await noticeShown(el);
    expect(part(el, 'message')!.textContent).to.equal(EN['update.message']);
    expect(part(el, 'confirm')!.textContent).to.equal(EN['update.refresh']);
    expect(part(el, 'dialog')!.getAttribute('role')).to.equal('alertdialog');
    expect(events!.types()).to.deep.equal(['wps-update-available']);
  });

  it('a changed /mobile/mc manifest alone also shows it', async () => {
    const el = await start();
    manifests[MC] = { files: { 'mc.js': '/mobile/mc/static/mc.2222.js' } };
    await clock!.tickAsync(HOUR);
    await noticeShown(el);
    expect(events!.types()).to.deep.equal(['wps-update-available']);
  });

  it('unchanged manifests show nothing, hour after hour', async () => {
    const el = await start();
    for (let h = 1; h <= 3; h++) {
      await clock!.tickAsync(HOUR);
      await waitFor(() => expect(manifestCalls()).to.equal(2 + 2 * h));
      await settle();
    }
    expect(has(el, 'dialog')).to.equal(false);
    expect(updateAvailable.value).to.equal(false);
    expect(events!.types()).to.deep.equal([]);
  });

  it('shown once: later changes neither show it again after it was dismissed nor fire the event again', async () => {
    const el = await start();
    manifests[M] = { v: 2 };
    await clock!.tickAsync(HOUR);
    await noticeShown(el);
    // Dismiss it (Escape: the notice is not forced).
    part(el, 'dialog')!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }),
    );
    await waitFor(() => expect(has(el, 'dialog')).to.equal(false));
    for (const v of [3, 4]) {
      manifests[M] = { v };
      manifests[MC] = { v };
      await clock!.tickAsync(HOUR);
      await settle();
    }
    expect(manifestCalls()).to.equal(8);
    expect(has(el, 'dialog')).to.equal(false);
    expect(events!.types()).to.deep.equal(['wps-update-available']);
  });

  it('a change back to the first release after an update was seen still counts once', async () => {
    const el = await start();
    const first = manifests[M];
    manifests[M] = { v: 2 };
    await clock!.tickAsync(HOUR);
    await noticeShown(el);
    manifests[M] = first!;
    await clock!.tickAsync(HOUR);
    await settle();
    expect(updateAvailable.value).to.equal(true);
    expect(events!.types()).to.deep.equal(['wps-update-available']);
  });
});

describe('update check: page visible again', () => {
  it('visibilitychange while visible checks after the 300 ms debounce (not before) and re-fetches the site status', async () => {
    const el = await start();
    const statusBefore = stub!.to(STATUS).length;
    manifests[MC] = { v: 'new' };
    visibilityChange('visible');
    await clock!.tickAsync(300 - 1);
    expect(manifestCalls(), 'nothing before 300 ms').to.equal(2);
    expect(stub!.to(STATUS).length).to.equal(statusBefore);
    await clock!.tickAsync(1);
    await waitFor(() => expect(manifestCalls()).to.equal(4));
    await waitFor(() => expect(stub!.to(STATUS).length).to.equal(statusBefore + 1));
    await noticeShown(el);
  });

  it('several events within 300 ms give one check', async () => {
    await start();
    const statusBefore = stub!.to(STATUS).length;
    visibilityChange('visible');
    await clock!.tickAsync(100);
    visibilityChange('visible');
    await clock!.tickAsync(100);
    visibilityChange('hidden');
    visibilityChange('visible');
    await clock!.tickAsync(300 - 1);
    expect(manifestCalls()).to.equal(2);
    await clock!.tickAsync(1);
    await waitFor(() => expect(manifestCalls()).to.equal(4));
    await clock!.tickAsync(5000);
    await settle();
    expect(manifestCalls(), 'exactly one check').to.equal(4);
    expect(stub!.to(STATUS).length, 'one status re-fetch').to.equal(statusBefore + 1);
  });

  it('becoming hidden does not check', async () => {
    await start();
    visibilityChange('hidden');
    await clock!.tickAsync(1000);
    await settle();
    expect(manifestCalls()).to.equal(2);
    expect(stub!.to(STATUS)).to.have.length(0);
  });

  it('after the element is removed, neither visibility nor the hour checks any more', async () => {
    await start();
    unmountAll();
    visibilityChange('visible');
    await clock!.tickAsync(HOUR * 2);
    await settle();
    expect(manifestCalls()).to.equal(2);
  });
});

describe('update check: a manifest that fails', () => {
  for (const failure of [404, 500, 'network'] as const) {
    it(`${failure} on the first load: only a logged warning`, async () => {
      clock = installClock();
      serve();
      manifests[MC] = failure;
      events = recordEvents(document, ['wps-update-available']);
      const el = mount('<wps-update-notice></wps-update-notice>');
      await waitFor(() => expect(manifestCalls()).to.equal(2));
      await waitFor(() => expect(warnings.length, 'console.warn called').to.equal(1));
      expect(String(warnings[0]![0])).to.include('assetManifestMc');
      await settle();
      expect(has(el, 'dialog')).to.equal(false);
      expect(notices.value, 'no notice').to.deep.equal([]);
      expect(updateAvailable.value).to.equal(false);
    });

    it(`${failure} on a later check: only a logged warning, no update notice`, async () => {
      const el = await start();
      manifests[M] = failure;
      await clock!.tickAsync(HOUR);
      await waitFor(() => expect(manifestCalls()).to.equal(4));
      await waitFor(() => expect(warnings.length, 'console.warn called').to.equal(1));
      expect(String(warnings[0]![0])).to.include('assetManifest');
      await settle();
      expect(has(el, 'dialog'), 'a failed fetch is not a new release').to.equal(false);
      expect(updateAvailable.value).to.equal(false);
      expect(notices.value).to.deep.equal([]);
      expect(events!.types()).to.deep.equal([]);
    });
  }

  it('a manifest that comes back unchanged after failing is no update either', async () => {
    const el = await start();
    const saved = manifests[M]!;
    manifests[M] = 'network';
    await clock!.tickAsync(HOUR);
    await waitFor(() => expect(warnings.length).to.equal(1));
    manifests[M] = saved;
    await clock!.tickAsync(HOUR);
    await waitFor(() => expect(manifestCalls()).to.equal(6));
    await settle();
    expect(has(el, 'dialog')).to.equal(false);
    expect(updateAvailable.value).to.equal(false);
  });

  it('a manifest missing on the first load gets its baseline when it first answers: no notice then, a notice on a later change', async () => {
    clock = installClock();
    serve();
    manifests[MC] = 404;
    const el = mount('<wps-update-notice></wps-update-notice>');
    await waitFor(() => expect(warnings.length).to.equal(1));
    manifests[MC] = { files: { 'mc.js': 'first seen' } };
    await clock.tickAsync(HOUR);
    await waitFor(() => expect(manifestCalls()).to.equal(4));
    await settle();
    expect(has(el, 'dialog'), 'first answer is the baseline').to.equal(false);
    manifests[MC] = { files: { 'mc.js': 'changed' } };
    await clock.tickAsync(HOUR);
    await noticeShown(el);
  });

  it('a real change is still seen after a failed check', async () => {
    const el = await start();
    manifests[MC] = 503;
    await clock!.tickAsync(HOUR);
    await waitFor(() => expect(warnings.length).to.equal(1));
    manifests[MC] = { v: 'next' };
    await clock!.tickAsync(HOUR);
    await noticeShown(el);
  });
});

describe('checkForUpdate (model)', () => {
  it('the first call stores the baseline and answers false; a change answers true', async () => {
    serve();
    expect(await checkForUpdate()).to.equal(false);
    expect(await checkForUpdate()).to.equal(false);
    manifests[M] = { other: true };
    expect(await checkForUpdate()).to.equal(true);
    expect(updateAvailable.value).to.equal(true);
    expect(manifestCalls()).to.equal(6);
  });

  it('resetUpdateCheck forgets the baseline and the once-only flag', async () => {
    serve();
    await checkForUpdate();
    manifests[M] = { other: true };
    expect(await checkForUpdate()).to.equal(true);
    resetUpdateCheck();
    expect(updateAvailable.value).to.equal(false);
    expect(await checkForUpdate(), 'new baseline').to.equal(false);
    manifests[M] = { third: true };
    expect(await checkForUpdate()).to.equal(true);
  });
});

describe('<wps-update-notice> Refresh', () => {
  it('emits cancelable wps-refresh (the page keeps it from reloading); wps-update-available fired once', async () => {
    const el = await start();
    manifests[M] = { v: 2 };
    await clock!.tickAsync(HOUR);
    await noticeShown(el);
    part<HTMLButtonElement>(el, 'confirm')!.click();
    expect(events!.types()).to.deep.equal(['wps-update-available', 'wps-refresh']);
    const refresh = events!.events[1]!;
    expect([refresh.cancelable, refresh.defaultPrevented, refresh.bubbles, refresh.composed]).to.deep.equal([
      true,
      true,
      true,
      true,
    ]);
  });

  it('axe-core finds no violation with the notice showing (EN and UR)', async () => {
    const el = await start();
    manifests[M] = { v: 2 };
    await clock!.tickAsync(HOUR);
    await noticeShown(el);
    // axe-core schedules its work with setTimeout: back to real time.
    clock!.uninstall();
    clock = undefined;
    await expectAccessible(el);
    setLanguage('UR');
    await ensureI18n();
    await waitFor(() => expect(part(el, 'message')!.textContent).to.equal(UR['update.message']));
    expect(part(el, 'dialog')!.getAttribute('dir')).to.equal('rtl');
    expect(part(el, 'confirm')!.textContent).to.equal(UR['update.refresh']);
    await expectAccessible(el);
  });
});
