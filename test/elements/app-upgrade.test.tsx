/**
 * `<wps-app-upgrade>` and its rules (src/features/install/upgrade.ts; docs/product.md §2, §4, §9):
 * only inside the native app, when the merchant's app is newer and a link exists; "Later" for the
 * session unless mandatory; the 2.4.39 threshold between the wrapper's own download and the native
 * bridge's openExternal (Android interface and iOS message handler), and axe-core.
 */
import { expect } from 'chai';
import { fakeProperty, statusFixture } from '../browser-helpers/status.ts';
import '../../elements/app-upgrade.tsx';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { resetSiteData, siteStatus } from '../../src/core/config/siteStatus.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { activeOverlay, overlayAnswered, requestOverlay, resetOverlays } from '../../src/core/overlay/queue.ts';
import {
  DIRECT_DOWNLOAD_FROM,
  UPGRADE_HIDDEN_KEY,
  compareVersions,
  startUpgrade,
  upgradeHidden,
  upgradeOffer,
  type UpgradeContext,
} from '../../src/features/install/upgrade.ts';
import {
  expectAccessible,
  has,
  json,
  mount,
  part,
  recordEvents,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';

const APK = 'https://dl.example.test/lucky.apk';
const wrapperUA = (version: string) =>
  `Mozilla/5.0 (Linux; Android 13; SM-A536B; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 WPSApp/${version}`;
let restoreUA: (() => void) | undefined;
const fakeUA = (ua: string) => {
  restoreUA?.();
  restoreUA = fakeProperty(navigator, 'userAgent', () => ua);
};

function status(app: { version: string; mandatory?: boolean } | undefined): SiteStatus {
  const base = statusFixture();
  return {
    ...base,
    info: {
      ...base.info,
      appName: 'Lucky Lotto',
      appShortName: 'Lucky',
      resources: [{ resourceType: 'Android', url: APK }],
      app,
    },
  };
}
let stub: FetchStub | undefined;
const backend = (s: SiteStatus) =>
  (stub = stubFetch((c) =>
    c.url.pathname === '/wps/system/status' ? json({ success: true, value: s }) : json({ success: false }, 404),
  ));

function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetSiteData();
  resetOverlays();
  sessionStorage.clear();
  upgradeHidden.value = false;
  restoreUA?.();
  restoreUA = undefined;
  language.value = 'EN';
}
before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(reset);
afterEach(reset);

describe('the upgrade rules', () => {
  it('versions compare number by number', () => {
    expect(compareVersions('2.4.39', '2.4.4')).to.equal(1);
    expect(compareVersions('2.4', '2.4.0')).to.equal(0);
    expect(compareVersions('2.10.0', '2.9.9')).to.equal(1);
    expect(compareVersions('1.9', '2')).to.equal(-1);
  });

  it('a comparison answers only its sign, and a part that is no number counts as 0', () => {
    expect(compareVersions('3.0', '1.0')).to.equal(1);
    expect(compareVersions('1.0', '3.0')).to.equal(-1);
    expect(compareVersions('2.4', '2.4.1')).to.equal(-1);
    expect(compareVersions('2.4.1', '2.4')).to.equal(1);
    expect(compareVersions('2.x', '2.0')).to.equal(0);
    expect(compareVersions('2.4.39', '2.4.39')).to.equal(0);
  });
  it('2.4.38 is the last wrapper the bridge serves; from 2.4.39 the wrapper downloads itself', () => {
    const context = { latest: { version: '3.0.0' }, link: APK, hidden: false };
    expect(upgradeOffer({ ...context, appVersion: '2.4.38' })?.direct).to.equal(false);
    expect(upgradeOffer({ ...context, appVersion: '2.4.39' })?.direct).to.equal(true);
    expect(upgradeOffer({ ...context, appVersion: '2.5' })?.direct).to.equal(true);
  });

  const base: UpgradeContext = { appVersion: '2.4.10', latest: { version: '2.5.0' }, link: APK, hidden: false };
  const rows: [string, Partial<UpgradeContext>, ReturnType<typeof upgradeOffer>][] = [
    ['an older wrapper below 2.4.39: the bridge opens the browser', {}, { link: APK, mandatory: false, direct: false }],
    [
      `from ${DIRECT_DOWNLOAD_FROM} the wrapper downloads itself`,
      { appVersion: '2.4.39' },
      { link: APK, mandatory: false, direct: true },
    ],
    ['outside the native app', { appVersion: undefined }, undefined],
    ['the same version', { appVersion: '2.5.0' }, undefined],
    ['a newer wrapper', { appVersion: '2.6' }, undefined],
    ['no link for the platform', { link: undefined }, undefined],
    ['no app announced', { latest: undefined }, undefined],
    ['put off this session', { hidden: true }, undefined],
    [
      'mandatory: even when put off',
      { hidden: true, latest: { version: '2.5.0', mandatory: true } },
      { link: APK, mandatory: true, direct: false },
    ],
  ];
  for (const [name, over, expected] of rows) {
    it(name, () => expect(upgradeOffer({ ...base, ...over })).to.deep.equal(expected));
  }
});

describe('the native bridge (docs/install.md)', () => {
  const fakeWindow = (extra: object) => {
    const assigned: string[] = [];
    return { win: { location: { assign: (u: string) => assigned.push(u) }, ...extra } as unknown as Window, assigned };
  };
  const old = { link: APK, mandatory: false, direct: false };
  it('Android: an older wrapper is asked to open the link in the browser (WPSNative.openExternal)', () => {
    const calls: string[] = [];
    const { win, assigned } = fakeWindow({ WPSNative: { openExternal: (u: string) => calls.push(u) } });
    expect(startUpgrade(old, win)).to.equal('bridge');
    expect(calls).to.deep.equal([APK]);
    expect(assigned).to.deep.equal([]);
  });
  it('iOS: the wpsNative message handler gets { action: openExternal, url }', () => {
    const messages: unknown[] = [];
    const { win } = fakeWindow({ webkit: { messageHandlers: { wpsNative: { postMessage: (m: unknown) => messages.push(m) } } } });
    expect(startUpgrade(old, win)).to.equal('bridge');
    expect(messages).to.deep.equal([{ action: 'openExternal', url: APK }]);
  });
  it('from 2.4.39 the page goes to the link and the wrapper downloads it, bridge or not', () => {
    const calls: string[] = [];
    const { win, assigned } = fakeWindow({ WPSNative: { openExternal: (u: string) => calls.push(u) } });
    expect(startUpgrade({ ...old, direct: true }, win)).to.equal('direct');
    expect(assigned).to.deep.equal([APK]);
    expect(calls).to.deep.equal([]);
  });
  it('an older wrapper without a bridge: the page goes to the link all the same', () => {
    const { win, assigned } = fakeWindow({});
    expect(startUpgrade(old, win)).to.equal('navigate');
    expect(assigned).to.deep.equal([APK]);
  });
});

describe('<wps-app-upgrade>', () => {
  it('inside an older wrapper: update now or later; later keeps it away for the session', async () => {
    fakeUA(wrapperUA('2.4.10'));
    backend(status({ version: '2.5.0' }));
    const el = mount('<wps-app-upgrade></wps-app-upgrade>');
    const log = recordEvents(el, ['wps-upgrade', 'wps-close']);
    await waitFor(() => expect(has(el, 'dialog')).to.equal(true));
    expect(part(el, 'dialog')!.getAttribute('role')).to.equal('alertdialog');
    expect(part(el, 'title')!.textContent).to.equal('Update available');
    expect(part(el, 'message')!.textContent).to.contain('A new version of Lucky Lotto is ready.');
    await expectAccessible(el);
    // The page may take over the update itself.
    el.addEventListener('wps-upgrade', (e) => e.preventDefault());
    part<HTMLButtonElement>(el, 'update')!.click();
    expect(log.events[0]!.detail).to.deep.equal({ url: APK, mandatory: false, direct: false });
    part<HTMLButtonElement>(el, 'later')!.click();
    await waitFor(() => expect(has(el, 'dialog')).to.equal(false));
    expect(log.types()).to.deep.equal(['wps-upgrade', 'wps-close']);
    expect(sessionStorage.getItem(UPGRADE_HIDDEN_KEY)).to.equal('true');
  });

  it('not prevented, "Update now" starts the update: an older wrapper\'s bridge gets the link', async () => {
    fakeUA(wrapperUA('2.4.10'));
    backend(status({ version: '2.5.0' }));
    const opened: string[] = [];
    const native = window as unknown as { WPSNative?: { openExternal: (url: string) => void } };
    native.WPSNative = { openExternal: (url) => opened.push(url) };
    try {
      const el = mount('<wps-app-upgrade></wps-app-upgrade>');
      await waitFor(() => expect(has(el, 'dialog')).to.equal(true));
      expect(part(el, 'message')!.textContent, 'not mandatory: no word of it').to.equal(
        'A new version of Lucky Lotto is ready. Update for the latest games and fixes.',
      );
      part<HTMLButtonElement>(el, 'update')!.click();
      expect(opened).to.deep.equal([APK]);
    } finally {
      delete native.WPSNative;
    }
  });

  it('mandatory: no "later", and Escape does not close it', async () => {
    fakeUA(wrapperUA('2.4.10'));
    backend(status({ version: '2.5.0', mandatory: true }));
    const el = mount('<wps-app-upgrade></wps-app-upgrade>');
    await waitFor(() => expect(has(el, 'dialog')).to.equal(true));
    expect(has(el, 'later')).to.equal(false);
    expect(part(el, 'message')!.textContent).to.contain('This update is required to keep playing.');
    part(el, 'dialog')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await sleep(100);
    expect(has(el, 'dialog')).to.equal(true);
  });

  it('"Later" is its answer for the session (docs/product.md §2: the key app-upgrade)', async () => {
    fakeUA(wrapperUA('2.4.10'));
    backend(status({ version: '2.5.0' }));
    const el = mount('<wps-app-upgrade></wps-app-upgrade>');
    await waitFor(() => expect(has(el, 'later')).to.equal(true));
    expect(overlayAnswered('app-upgrade')).to.equal(false);
    part<HTMLButtonElement>(el, 'later')!.click();
    await waitFor(() => expect(overlayAnswered('app-upgrade')).to.equal(true));
  });

  it('with nothing to offer it takes no turn: the next overlay is not held up', async () => {
    fakeUA(wrapperUA('2.5.0'));
    backend(status({ version: '2.5.0' }));
    mount('<wps-app-upgrade></wps-app-upgrade>');
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    requestOverlay('announcement-test', 40);
    expect(activeOverlay.value).to.equal('announcement-test');
  });

  it('nothing outside the native app, or when the wrapper is up to date', async () => {
    backend(status({ version: '2.5.0' }));
    const outside = mount('<wps-app-upgrade></wps-app-upgrade>');
    await sleep(300);
    expect(has(outside, 'dialog')).to.equal(false);
    unmountAll();
    fakeUA(wrapperUA('2.5.0'));
    const current = mount('<wps-app-upgrade></wps-app-upgrade>');
    await sleep(300);
    expect(has(current, 'dialog')).to.equal(false);
  });
});
