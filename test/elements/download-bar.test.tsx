/** `<wps-download-bar>` (docs/product.md §2, §4; docs/architecture.md, Elements) and the download-bar rules it renders. */
import { expect } from 'chai';
import { WpsDownloadBar } from '../../elements/download-bar.tsx';
import '../../elements/inapp-guide.tsx';
import { fakeProperty } from '../browser-helpers/status.ts';
import { defineElement } from '../../elements/define.tsx';
import type { DownloadLink, SiteStatus } from '../../src/contract/endpoints.ts';
import { apiBase, merchantCode } from '../../src/core/config/config.ts';
import { resetSiteData, siteStatus, promotions } from '../../src/core/config/siteStatus.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import {
  GRADE,
  HIDE_KEY,
  MAX_NAME_LENGTH,
  displayName,
  hiddenThisSession,
  isBarShown,
  opensInSameTab,
  pickDownloadLink,
  type BarContext,
} from '../../src/features/download-bar/model.ts';
import {
  expectAccessible,
  expectSameNode,
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

const ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const APK = 'https://dl.example.test/wps-app.apk';
const IPA = 'https://dl.example.test/wps-app.ipa';

function status(resources: DownloadLink[], names: { appName?: string; appShortName?: string } = {}): SiteStatus {
  return {
    info: {
      merchantCode: 'DEMO01',
      appName: names.appName ?? 'Lucky',
      appShortName: names.appShortName ?? 'L',
      customerService: [],
      register: { captcha: { enabled: false } },
      resources,
      whitelabelVal: {},
      imageCDNs: [],
      gw: { GEETEST_VERSION: 'v3', PROFILE_ICON_COUNT: 9 },
    },
    location: { ip: '203.0.113.9' },
    test: false,
    maintenance: false,
    maintenanceEnd: null,
    regionRestriction: false,
  };
}

const allLinks: DownloadLink[] = [
  { resourceType: 'Android', url: APK },
  { resourceType: 'IOS', url: IPA },
  { resourceType: 'AppDownloadIcon', url: ICON },
];

interface Backend {
  status?: SiteStatus;
  promotions?: unknown;
  promotionsFail?: boolean;
}

let stub: FetchStub | undefined;
function backend({
  status: s = status(allLinks),
  promotions: p = { APP_DOWNLOAD: { enabled: true, count: 1 } },
  promotionsFail,
}: Backend = {}) {
  stub = stubFetch((c) => {
    if (c.url.pathname === '/wps/system/status') return json({ success: true, value: s });
    if (c.url.pathname === '/wps/relay/MCSFE_getMerchantAvailablePromotions')
      return promotionsFail ? json({ success: false, errorCode: 'down' }, 500) : json({ success: true, value: p });
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

/** Mounts a bar and waits until both calls were answered and React rendered from them. */
async function mountBar(html = '<wps-download-bar></wps-download-bar>') {
  const el = mount(html);
  await waitFor(() => {
    expect(siteStatus.value, 'status loaded').to.not.equal(undefined);
    expect(promotions.value, 'promotions loaded').to.not.equal(undefined);
  });
  await sleep(30); // one more render
  return el;
}

const savedOpen = window.open;
const opened: unknown[][] = [];

function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetSiteData();
  hiddenThisSession.value = false;
  sessionStorage.clear();
  localStorage.clear();
  notices.value = [];
  merchantCode.value = '';
  apiBase.value = '';
  language.value = 'EN';
  window.open = savedOpen;
  opened.length = 0;
}

before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  // Never let a test open a window or leave the page.
  window.open = ((...args: unknown[]) => {
    opened.push(args);
    return null;
  }) as typeof window.open;
});
afterEach(reset);

describe('<wps-download-bar> rendering', () => {
  it('loads status and promotions of the merchant and shows icon, name, 5.0 grade, gift, download and close', async () => {
    const calls = backend();
    const el = await mountBar();
    expect(calls.to('/wps/system/status')).to.have.length(1);
    expect(calls.to('/wps/system/status')[0]!.url.searchParams.get('device')).to.equal('MOBILE');
    expect(calls.to('/wps/relay/MCSFE_getMerchantAvailablePromotions')).to.have.length(1);

    await waitFor(() => expect(has(el, 'bar')).to.equal(true));
    expect(el.shadowRoot!.mode).to.equal('open');
    const icon = part<HTMLImageElement>(el, 'icon')!;
    expect(icon.getAttribute('src')).to.equal(ICON);
    expect(icon.getAttribute('alt')).to.equal('');
    expect(part(el, 'name')!.textContent).to.equal('Lucky');
    expect(GRADE).to.equal('5.0');
    expect(part(el, 'grade')!.textContent).to.include('5.0');
    expect(has(el, 'gift')).to.equal(true);
    expect(part(el, 'download')!.textContent).to.equal('Download');
    expect(part(el, 'close')!.getAttribute('aria-label')).to.equal('Close the download bar');
  });

  const names: [appName: string, shortName: string, shown: string][] = [
    ['Lucky Star Casino', 'LuckyStar', 'LuckyStar'], // 17 characters
    ['ABCDEFGHIJKLM', 'Short', 'Short'], // 13
    ['ABCDEFGHIJKL', 'Short', 'ABCDEFGHIJKL'], // 12: the full name
    ['Lucky', 'L', 'Lucky'],
  ];
  for (const [appName, appShortName, shown] of names) {
    it(`name "${appName}" (${appName.length} characters) shows "${shown}"`, async () => {
      backend({ status: status(allLinks, { appName, appShortName }) });
      const el = await mountBar();
      await waitFor(() => expect(part(el, 'name')?.textContent).to.equal(shown));
    });
  }

  const gifts: [label: string, backend: Backend, gift: boolean][] = [
    ['APP_DOWNLOAD enabled', { promotions: { APP_DOWNLOAD: { enabled: true, count: 2 } } }, true],
    ['APP_DOWNLOAD disabled', { promotions: { APP_DOWNLOAD: { enabled: false, count: 0 } } }, false],
    ['only another promotion enabled', { promotions: { REGISTER: { enabled: true, count: 1 } } }, false],
    ['no promotions', { promotions: {} }, false],
  ];
  for (const [label, answers, gift] of gifts) {
    it(`gift icon ${gift ? 'shown' : 'absent'} with ${label}`, async () => {
      backend(answers);
      const el = await mountBar();
      await waitFor(() => expect(has(el, 'bar')).to.equal(true));
      expect(part(el, 'gift') !== null).to.equal(gift);
    });
  }

  it('gift absent and no notice when the promotions call fails', async () => {
    backend({ promotionsFail: true });
    const el = mount('<wps-download-bar></wps-download-bar>');
    await waitFor(() => expect(has(el, 'bar')).to.equal(true));
    await waitFor(() => expect(stub!.to('/wps/relay/MCSFE_getMerchantAvailablePromotions')).to.have.length(1));
    await sleep(30);
    expect(has(el, 'gift')).to.equal(false);
    expect(notices.value).to.deep.equal([]);
  });

  it('is hidden when the status has no download link', async () => {
    backend({
      status: status([
        { resourceType: 'AppDownloadIcon', url: ICON },
        { resourceType: 'Android', url: '' },
      ]),
    });
    const el = await mountBar();
    expect(has(el, 'bar')).to.equal(false);
  });

  it('is hidden inside the native app (inApp=1 remembered for the session)', async () => {
    sessionStorage.setItem('wps:inApp', '1');
    backend();
    const el = await mountBar();
    expect(has(el, 'bar')).to.equal(false);
  });

  it('is hidden when it was closed earlier in the session', async () => {
    hiddenThisSession.value = true;
    backend();
    const el = await mountBar();
    expect(has(el, 'bar')).to.equal(false);
  });

  it('follows the page language, right to left for UR', async () => {
    backend();
    const el = await mountBar();
    await waitFor(() => expect(part(el, 'bar')!.getAttribute('dir')).to.equal('ltr'));
    language.value = 'UR';
    await waitFor(() => expect(part(el, 'bar')!.getAttribute('dir')).to.equal('rtl'));
    language.value = 'CN';
    await waitFor(() => expect(part(el, 'download')!.textContent).to.equal('下载'));
  });
});

describe('<wps-download-bar> attributes: merchant and api-base', () => {
  it('merchant sets the Merchant header and api-base the origin of every request and link', async () => {
    backend({
      status: status([
        { resourceType: 'Android', url: '/files/app.apk' },
        { resourceType: 'AppDownloadIcon', url: '/files/icon.png' },
      ]),
    });
    const el = await mountBar('<wps-download-bar merchant="MERCHANT2" api-base="https://api.example.test/"></wps-download-bar>');
    expect(stub!.calls.length).to.be.greaterThan(1);
    for (const c of stub!.calls) {
      expect(c.url.origin).to.equal('https://api.example.test');
      expect(c.headers.get('Merchant')).to.equal('MERCHANT2');
    }
    expect(stub!.calls.map((c) => c.url.pathname).sort()).to.deep.equal([
      '/wps/relay/MCSFE_getMerchantAvailablePromotions',
      '/wps/system/status',
    ]);
    await waitFor(() => expect(has(el, 'bar')).to.equal(true));
    expect(part(el, 'icon')!.getAttribute('src')).to.equal('https://api.example.test/files/icon.png');

    const seen = recordEvents(document, ['wps-download']);
    document.addEventListener('wps-download', (e) => e.preventDefault(), { once: true });
    part(el, 'download')!.click();
    seen.stop();
    expect((seen.events[0]!.detail as { url: string }).url).to.equal('https://api.example.test/files/app.apk');
  });
});

describe('<wps-download-bar> events', () => {
  it('close emits wps-close (bubbles, composed), hides the bar and sets the session flag', async () => {
    backend();
    const el = await mountBar();
    await waitFor(() => expect(has(el, 'bar')).to.equal(true));
    const seen = recordEvents(document, ['wps-close']);
    part(el, 'close')!.click();
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-close']);
    expect(seen.events[0]!.bubbles).to.equal(true);
    expect(seen.events[0]!.composed).to.equal(true);
    expectSameNode(seen.events[0]!.target, el);
    await waitFor(() => expect(has(el, 'bar')).to.equal(false));
    expect(sessionStorage.getItem(HIDE_KEY)).to.equal('true');
    expect(HIDE_KEY).to.equal('wps:downloadBarHidden');

    // Another bar on the same page stays hidden too.
    const second = mount('<wps-download-bar></wps-download-bar>');
    await sleep(50);
    expect(has(second, 'bar')).to.equal(false);
  });

  it('download emits a cancelable wps-download with { url }; preventDefault stops opening it', async () => {
    backend();
    const el = await mountBar();
    await waitFor(() => expect(has(el, 'bar')).to.equal(true));
    const seen = recordEvents(document, ['wps-download']);
    const stop = (e: Event) => e.preventDefault();
    document.addEventListener('wps-download', stop);
    part(el, 'download')!.click();
    document.removeEventListener('wps-download', stop);
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-download']);
    const event = seen.events[0]!;
    expect(event.cancelable).to.equal(true);
    expect(event.bubbles).to.equal(true);
    expect(event.composed).to.equal(true);
    expect(event.defaultPrevented).to.equal(true);
    expect(event.detail).to.deep.equal({ url: APK });
    expect(opened).to.deep.equal([]);
    expect(has(el, 'bar'), 'the bar stays').to.equal(true);
  });

  it('without preventDefault a page link opens in a new tab (noopener)', async () => {
    const page = 'https://dl.example.test/download-page';
    backend({ status: status([{ resourceType: 'Android', url: page }]) });
    const el = await mountBar();
    await waitFor(() => expect(has(el, 'bar')).to.equal(true));
    part(el, 'download')!.click();
    expect(opened).to.deep.equal([[page, '_blank', 'noopener']]);
  });
});

describe('<wps-download-bar> inside an in-app browser (issue 27)', () => {
  const PAGE = 'https://dl.example.test/download-page';
  const UAS: [string, string][] = [
    [
      'WhatsApp on Android',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.124 Mobile Safari/537.36 [WA4A/2.25.32.75;]',
    ],
    [
      'Instagram on iOS 26',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 26_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/23E254 Instagram 424.1.0.31.54 (iPhone18,4; iOS 26_4_1; en_GB; en-GB; scale=3.00; 1260x2736; IABMV/1; 933996394) NW/3 Safari/604.1',
    ],
  ];
  for (const [what, ua] of UAS) {
    it(`${what}: "download" starts no download, the in-app guide opens instead`, async () => {
      const restore = fakeProperty(navigator, 'userAgent', () => ua);
      try {
        backend({
          status: status([
            { resourceType: 'Android', url: PAGE },
            { resourceType: 'IOS', url: PAGE },
          ]),
        });
        const el = await mountBar();
        await waitFor(() => expect(has(el, 'bar')).to.equal(true));
        const seen = recordEvents(document, ['wps-download']);
        part(el, 'download')!.click();
        seen.stop();
        expect(opened, 'nothing opened').to.deep.equal([]);
        expect(seen.types(), 'no download announced').to.deep.equal([]);
        const guide = document.querySelector('wps-inapp-guide');
        expect(guide?.hasAttribute('open'), 'the in-app guide is opened').to.equal(true);
        await waitFor(() => expect(has(guide!, 'sheet')).to.equal(true));
        await sleep(300); // the sheet's slide-in
        await expectAccessible(guide!);
      } finally {
        document.querySelector('wps-inapp-guide')?.remove();
        restore();
      }
    });
  }
});

describe('<wps-download-bar> server links are checked (docs/architecture.md, Security)', () => {
  for (const link of [
    'javascript:window.__pwned=1',
    ' JavaScript:window.__pwned=1',
    'data:text/html,<b>x</b>',
    '//evil.example/app.apk',
  ]) {
    it(`a download link "${link.trim().slice(0, 14)}…" from the status shows no bar and nothing runs`, async () => {
      backend({ status: status([{ resourceType: 'Android', url: link }]) });
      const el = await mountBar();
      await sleep(30);
      expect(has(el, 'bar')).to.equal(false);
      expect(opened).to.deep.equal([]);
      expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    });
  }
});

describe('<wps-download-bar> keeps its place while it may still show (docs/performance.md)', () => {
  const pending = (el: Element) => el.matches(':state(pending)');
  const height = (el: Element) => el.getBoundingClientRect().height;

  it('from its construction until the status arrives, then the bar takes that place without a frame in between', async () => {
    let answer!: () => void;
    const later = new Promise<void>((r) => (answer = r));
    stub = stubFetch(async (c) => {
      if (c.url.pathname === '/wps/system/status') {
        await later;
        return json({ success: true, value: status(allLinks) });
      }
      return json({ success: true, value: {} });
    });
    const el = mount('<wps-download-bar></wps-download-bar>');
    expect(pending(el), 'pending as soon as it is on the page').to.equal(true);
    expect(height(el)).to.equal(61);
    // Every frame until the bar is in: never without its place.
    const frames: number[] = [];
    let watching = true;
    const watch = () => {
      frames.push(height(el));
      if (watching) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    await sleep(100);
    expect(has(el, 'bar')).to.equal(false);
    answer();
    await waitFor(() => expect(has(el, 'bar')).to.equal(true));
    await sleep(50);
    watching = false;
    expect(pending(el)).to.equal(false);
    expect(Math.min(...frames), `heights per frame: ${frames.join(' ')}`).to.be.at.least(60);
    // Once there, nothing is kept beyond the bar itself.
    expect(height(el)).to.equal(part(el, 'bar')!.getBoundingClientRect().height);
  });

  it('keeps no place when it cannot show: closed this session, or inside the native app', async () => {
    backend();
    hiddenThisSession.value = true;
    const closed = mount('<wps-download-bar></wps-download-bar>');
    expect(pending(closed)).to.equal(false);
    expect(height(closed)).to.equal(0);
    hiddenThisSession.value = false;
    sessionStorage.setItem('wps:inApp', '1');
    const inApp = mount('<wps-download-bar></wps-download-bar>');
    expect(pending(inApp)).to.equal(false);
    expect(height(inApp)).to.equal(0);
  });

  it('gives the place back when the status has no link or does not come', async () => {
    backend({ status: status([{ resourceType: 'AppDownloadIcon', url: ICON }]) });
    const noLink = await mountBar();
    expect(pending(noLink)).to.equal(false);
    expect(height(noLink)).to.equal(0);
    unmountAll();
    resetSiteData();
    stub!.restore();
    stub = stubFetch(() => json({ success: false, errorCode: 'down' }, 500));
    const failed = mount('<wps-download-bar></wps-download-bar>');
    expect(pending(failed)).to.equal(true);
    await waitFor(() => expect(pending(failed)).to.equal(false));
    expect(height(failed)).to.equal(0);
  });
});

describe('<wps-download-bar> registration and accessibility', () => {
  it('registering twice does not throw and keeps the first definition', async () => {
    expect(customElements.get('wps-download-bar')).to.equal(WpsDownloadBar);
    const again = defineElement('wps-download-bar', { props: {}, render: () => null });
    expect(again).to.equal(WpsDownloadBar);
    const all = await import('../../elements/index.ts');
    expect(all.WpsDownloadBar).to.equal(WpsDownloadBar);
    expect(customElements.get('wps-download-bar')).to.equal(WpsDownloadBar);
  });

  it('is axe-core clean', async () => {
    backend();
    const el = await mountBar();
    await waitFor(() => expect(has(el, 'bar')).to.equal(true));
    await expectAccessible(el);
  });
});

describe('download-bar rules (src/features/download-bar/model.ts)', () => {
  const shown: [label: string, context: BarContext, expected: boolean][] = [
    ['a browser with a link', { nativeApp: false, standalone: false, hidden: false, link: APK }, true],
    ['inside the native app', { nativeApp: true, standalone: false, hidden: false, link: APK }, false],
    ['an installed home-screen app', { nativeApp: false, standalone: true, hidden: false, link: APK }, false],
    ['closed this session', { nativeApp: false, standalone: false, hidden: true, link: APK }, false],
    ['no download link', { nativeApp: false, standalone: false, hidden: false, link: undefined }, false],
    ['an empty link', { nativeApp: false, standalone: false, hidden: false, link: '' }, false],
  ];
  for (const [label, context, expected] of shown) {
    it(`isBarShown: ${label} → ${expected}`, () => expect(isBarShown(context)).to.equal(expected));
  }

  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const android =
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
  const desktop =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
  const cfg = 'https://dl.example.test/profile.mobileconfig';
  const links: [label: string, resources: DownloadLink[], ua: string, expected: string | undefined][] = [
    ['iOS picks the IOS link', allLinks, iphone, IPA],
    [
      'iOS without IOS picks MOBILECONFIG',
      [
        { resourceType: 'Android', url: APK },
        { resourceType: 'MOBILECONFIG', url: cfg },
      ],
      iphone,
      cfg,
    ],
    ['iOS never gets the APK', [{ resourceType: 'Android', url: APK }], iphone, undefined],
    ['Android picks the APK', allLinks, android, APK],
    ['Android never gets the IPA', [{ resourceType: 'IOS', url: IPA }], android, undefined],
    ['desktop prefers the APK', allLinks, desktop, APK],
    ['desktop falls back to IOS', [{ resourceType: 'IOS', url: IPA }], desktop, IPA],
    [
      'an empty url does not count',
      [
        { resourceType: 'IOS', url: '' },
        { resourceType: 'MOBILECONFIG', url: cfg },
      ],
      iphone,
      cfg,
    ],
    ['the icon is not a download link', [{ resourceType: 'AppDownloadIcon', url: ICON }], desktop, undefined],
    ['nothing', [], android, undefined],
  ];
  for (const [label, resources, ua, expected] of links) {
    it(`pickDownloadLink: ${label}`, () => expect(pickDownloadLink(resources, ua)).to.equal(expected));
  }

  const nameRows: [name: string, short: string, expected: string][] = [
    ['ABCDEFGHIJKL', 'S', 'ABCDEFGHIJKL'],
    ['ABCDEFGHIJKLM', 'S', 'S'],
    ['A very long application name', 'Short', 'Short'],
    ['A very long application name', '', 'A very long application name'],
    ['', 'S', ''],
  ];
  for (const [name, short, expected] of nameRows) {
    it(`displayName("${name}", "${short}") → "${expected}"`, () => expect(displayName(name, short)).to.equal(expected));
  }
  it('the name limit is 12 characters', () => expect(MAX_NAME_LENGTH).to.equal(12));

  const tabs: [url: string, same: boolean][] = [
    ['https://x.test/app.apk', true],
    ['https://x.test/app.ipa', true],
    ['https://x.test/p.mobileconfig', true],
    ['https://x.test/APP.APK', true],
    ['https://x.test/app.apk?v=2', true],
    ['https://x.test/app.ipa#top', true],
    ['https://x.test/download', false],
    ['https://x.test/app.apk.html', false],
    ['https://x.test/apk', false],
    ['itms-services://?action=download-manifest&url=https://x.test/m.plist', false],
  ];
  for (const [url, same] of tabs) {
    it(`opensInSameTab(${url}) → ${same}`, () => expect(opensInSameTab(url)).to.equal(same));
  }
});
