/**
 * `<wps-download-popup>` (docs/install.md, "Downloads"; docs/product.md §2, §5) through attributes
 * and events: a phone offered only its own platform's files (Android the APK, iOS the app and the
 * profile), a desktop all three, each row with its drawn icon (no letter marks), unsafe links left
 * out, the same-tab rule, 'Please use Safari for download App.' on iOS outside Safari, the home-screen install opening
 * the phone's install overlay, the inline list of /m/appDownload, close, and axe-core.
 */
import { expect } from 'chai';
import { fakeProperty, statusFixture } from '../browser-helpers/status.ts';
import '../../elements/download-popup.tsx';
import type { DownloadLink, SiteStatus } from '../../src/contract/endpoints.ts';
import { resetSiteData } from '../../src/core/config/siteStatus.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { resetOverlays } from '../../src/core/overlay/queue.ts';
import { downloadEntries } from '../../src/features/downloads/downloads.ts';
import { SHEET_TRANSITION_MS } from '../../src/ui/Sheet.tsx';
import {
  expectAccessible,
  has,
  json,
  mount,
  part,
  parts,
  recordEvents,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';

const UA = {
  android: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  safari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1',
  crios:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  tiktok:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_320203 BytedanceWebview/d8a21c6',
};
const LINKS: DownloadLink[] = [
  { resourceType: 'Android', url: 'https://dl.example.test/lucky.apk' },
  { resourceType: 'IOS', url: 'https://dl.example.test/lucky.ipa' },
  { resourceType: 'MOBILECONFIG', url: '/downloads/lucky.mobileconfig' },
];
let restoreUA: (() => void) | undefined;
const fakeUA = (ua: string) => {
  restoreUA?.();
  restoreUA = fakeProperty(navigator, 'userAgent', () => ua);
};

function status(resources: DownloadLink[] = LINKS): SiteStatus {
  const base = statusFixture();
  return { ...base, info: { ...base.info, appName: 'Lucky Lotto', appShortName: 'Lucky', resources } };
}

let stub: FetchStub | undefined;
const backend = (s = status()) =>
  (stub = stubFetch((c) =>
    c.url.pathname === '/wps/system/status' ? json({ success: true, value: s }) : json({ success: false }, 404),
  ));
const opened: unknown[][] = [];
const savedOpen = window.open;

function reset() {
  unmountAll();
  document.querySelectorAll('wps-ios-guide, wps-install-prompt, wps-inapp-guide').forEach((el) => el.remove());
  stub?.restore();
  stub = undefined;
  resetSiteData();
  resetOverlays();
  sessionStorage.clear();
  restoreUA?.();
  restoreUA = undefined;
  window.open = savedOpen;
  opened.length = 0;
  language.value = 'EN';
}

before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open;
});
afterEach(reset);

const rows = (el: Element) => parts(el, 'download').map((b) => b.getAttribute('part')!.split(' ')[1]);

describe('downloadEntries', () => {
  it("a phone gets only its own platform's files; a desktop all three; unsafe links are left out", () => {
    const kinds = (ua: string, homeScreen: boolean) => downloadEntries(LINKS, ua, homeScreen).map((e) => e.kind);
    expect(kinds(UA.safari, true)).to.deep.equal(['ios', 'profile', 'home-screen']);
    expect(kinds(UA.crios, false)).to.deep.equal(['ios', 'profile']);
    expect(kinds(UA.android, true)).to.deep.equal(['android', 'home-screen']);
    expect(kinds(UA.android, false)).to.deep.equal(['android']);
    expect(kinds(UA.desktop, false)).to.deep.equal(['android', 'ios', 'profile']);
    const unsafe: DownloadLink[] = [
      { resourceType: 'Android', url: 'javascript:alert(1)' },
      { resourceType: 'IOS', url: ' data:text/html,x' },
    ];
    expect(downloadEntries(unsafe, UA.desktop, false)).to.deep.equal([]);
  });
});

/** Each row's icon: an inline SVG path, the same for a kind wherever it shows; no text in it. */
function icons(el: Element) {
  return parts(el, 'download').map((b) => {
    const icon = b.querySelector('[part~="icon"]')!;
    expect(icon, 'every row has its icon').to.not.equal(null);
    expect(icon.textContent, 'no letter mark').to.equal('');
    expect(icon.getAttribute('aria-hidden')).to.equal('true');
    return icon.querySelector('svg path')!.getAttribute('d');
  });
}

describe('<wps-download-popup> by platform', () => {
  const cases: [string, string, string[], string[]][] = [
    ['Android', UA.android, ['download-android', 'download-home-screen'], ['Android app', 'Add to home screen']],
    [
      'iOS Safari',
      UA.safari,
      ['download-ios', 'download-profile', 'download-home-screen'],
      ['iOS app', 'iOS profile (installs the home-screen app)', 'Add to home screen'],
    ],
    [
      'a desktop',
      UA.desktop,
      ['download-android', 'download-ios', 'download-profile', 'download-home-screen'],
      ['Android app', 'iOS app', 'iOS profile (installs the home-screen app)', 'Add to home screen'],
    ],
  ];
  for (const [name, ua, expected, labels] of cases) {
    it(`${name}: ${expected.join(', ')}, each with its icon; axe-core`, async () => {
      fakeUA(ua);
      backend();
      const el = mount('<wps-download-popup open></wps-download-popup>');
      await waitFor(() => expect(rows(el)).to.deep.equal(expected));
      expect(parts(el, 'download').map((b) => b.textContent)).to.deep.equal(labels);
      const drawn = icons(el);
      expect(drawn.every((d) => d && d.length > 20)).to.equal(true);
      expect(new Set(drawn).size, 'a different icon per row').to.equal(drawn.length);
      await sleep(SHEET_TRANSITION_MS + 50);
      await expectAccessible(el);
    });
  }

  it('Android: tapping its only file downloads the APK, never the .ipa', async () => {
    fakeUA(UA.android);
    backend();
    const el = mount('<wps-download-popup inline></wps-download-popup>');
    const log = recordEvents(el, ['wps-download']);
    await waitFor(() => expect(has(el, 'download-android')).to.equal(true));
    expect(has(el, 'download-ios')).to.equal(false);
    expect(has(el, 'download-profile')).to.equal(false);
    el.addEventListener('wps-download', (e) => e.preventDefault());
    part<HTMLButtonElement>(el, 'download-android')!.click();
    expect(log.events[0]!.detail).to.deep.equal({ kind: 'android', url: 'https://dl.example.test/lucky.apk' });
  });

  it("a phone without its platform's file is not offered the other platform's instead", async () => {
    fakeUA(UA.android);
    backend(status(LINKS.filter((l) => l.resourceType !== 'Android')));
    const el = mount('<wps-download-popup inline></wps-download-popup>');
    await waitFor(() => expect(has(el, 'download-home-screen')).to.equal(true));
    await sleep(100);
    expect(rows(el)).to.deep.equal(['download-home-screen']);
  });
});

describe('<wps-download-popup>', () => {
  it('open: a sheet titled "Get the app"; closing tells and removes open', async () => {
    fakeUA(UA.android);
    backend();
    const el = mount('<wps-download-popup open></wps-download-popup>');
    const log = recordEvents(el, ['wps-close', 'wps-download']);
    await waitFor(() => expect(rows(el)).to.deep.equal(['download-android', 'download-home-screen']));
    expect(part(el, 'title')!.textContent).to.equal('Get the app');
    await sleep(SHEET_TRANSITION_MS + 50);
    part<HTMLButtonElement>(el, 'close')!.click();
    await waitFor(() => expect(el.hasAttribute('open')).to.equal(false));
    expect(log.types()).to.deep.equal(['wps-close']);
  });

  it('a page link opens in a new tab; wps-download tells which, and preventDefault keeps it from opening', async () => {
    fakeUA(UA.android);
    backend(status([{ resourceType: 'Android', url: 'https://play.example.test/store/lucky' }]));
    const el = mount('<wps-download-popup open></wps-download-popup>');
    const log = recordEvents(el, ['wps-download']);
    await waitFor(() => expect(has(el, 'download-android')).to.equal(true));
    part<HTMLButtonElement>(el, 'download-android')!.click();
    expect(opened).to.deep.equal([['https://play.example.test/store/lucky', '_blank', 'noopener']]);
    expect(log.events[0]!.detail).to.deep.equal({ kind: 'android', url: 'https://play.example.test/store/lucky' });
    el.addEventListener('wps-download', (e) => e.preventDefault());
    part<HTMLButtonElement>(el, 'download-android')!.click();
    expect(opened, 'cancelled: not opened again').to.have.length(1);
  });

  it("iOS outside Safari: the iOS app and profile say 'Please use Safari for download App.' and open nothing", async () => {
    fakeUA(UA.crios);
    backend();
    const el = mount('<wps-download-popup open></wps-download-popup>');
    await waitFor(() => expect(rows(el)[0]).to.equal('download-ios'));
    part<HTMLButtonElement>(el, 'download-ios')!.click();
    await waitFor(() => expect(part(el, 'status')!.textContent).to.equal('Please use Safari for download App.'));
    expect(part(el, 'status')!.getAttribute('role')).to.equal('alert');
    expect(opened).to.deep.equal([]);
  });

  it("inside an app's built-in browser a file is not downloaded: the in-app guide opens instead (issue 27)", async () => {
    fakeUA(UA.tiktok);
    backend();
    const el = mount('<wps-download-popup inline></wps-download-popup>');
    await waitFor(() => expect(has(el, 'download-android')).to.equal(true));
    part<HTMLButtonElement>(el, 'download-android')!.click();
    expect(opened, 'nothing opened').to.deep.equal([]);
    const guide = document.querySelector('wps-inapp-guide');
    expect(guide, 'a <wps-inapp-guide> was added').to.not.equal(null);
    expect(guide!.hasAttribute('open')).to.equal(true);
    guide!.remove();
  });

  it("the home-screen install opens this phone's install overlay (iOS Safari: the guide)", async () => {
    fakeUA(UA.safari);
    backend();
    const el = mount('<wps-download-popup open></wps-download-popup>');
    await waitFor(() => expect(has(el, 'download-home-screen')).to.equal(true));
    part<HTMLButtonElement>(el, 'download-home-screen')!.click();
    const guide = document.querySelector('wps-ios-guide');
    expect(guide, 'a <wps-ios-guide> was added').to.not.equal(null);
    expect(guide!.hasAttribute('open')).to.equal(true);
  });

  it('inline: the list in the page, no sheet (the /m/appDownload page)', async () => {
    fakeUA(UA.android);
    backend();
    const el = mount('<wps-download-popup inline></wps-download-popup>');
    await waitFor(() => expect(rows(el)).to.deep.equal(['download-android', 'download-home-screen']));
    expect(has(el, 'sheet')).to.equal(false);
    await expectAccessible(el);
  });

  it('the open property opens it as the attribute does', async () => {
    fakeUA(UA.android);
    backend();
    const el = mount<HTMLElement & { open?: boolean }>('<wps-download-popup></wps-download-popup>');
    el.open = true;
    await waitFor(() => expect(has(el, 'sheet')).to.equal(true));
  });

  it('without open nothing shows', async () => {
    backend();
    const el = mount('<wps-download-popup></wps-download-popup>');
    await sleep(300);
    expect(has(el, 'sheet')).to.equal(false);
  });
});
