/**
 * The install decision (src/features/install/model.ts), one row per rule of docs/product.md §2, §4
 * and §9: the home paths, maintenance and region restriction, app and home-screen mode, install
 * support, the session skip, the iOS versions of the guide, the tip and the footer, the other iOS
 * browsers, the in-app browsers and their escape; and the browser's own dialog.
 */
import { expect } from 'chai';
import {
  escapeUrl,
  funnelPath,
  inAppMenu,
  installOffer,
  pathAllows,
  promptInstall,
  nativePrompt,
  skipped,
  SKIP_KEY,
  type BeforeInstallPromptEvent,
  type Escape,
  type InstallContext,
} from '../../src/features/install/model.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 13; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0';
const ios = (v: string, tail = 'Version/17.0 Mobile/15E148 Safari/604.1') =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ${tail}`;
const TIKTOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_320203 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.2.3 ByteLocale/en BytedanceWebview/d8a21c6';
const KWAI_IOS_16 = ios('16_6', 'Mobile/15E148 Kwai/11.8.30.1022 ISLP/0 StatusHT/47 KDT/PHONE WebViewType/WK');
const KWAI_IOS_17 = ios('17_1_2', 'Mobile/15E148 Kwai/11.8.30.1022 ISLP/0 StatusHT/47 KDT/PHONE WebViewType/WK');
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const base: InstallContext = {
  ua: CHROME_ANDROID,
  path: '/m/home',
  standalone: false,
  nativeApp: false,
  maintenance: false,
  regionRestriction: false,
  enabled: true,
  skipped: false,
  installed: false,
  nativePrompt: true,
};
const offer = (over: Partial<InstallContext>) => installOffer({ ...base, ...over });

describe('installOffer: when nothing is offered', () => {
  const rows: [string, Partial<InstallContext>][] = [
    ['/m/login is no install path', { path: '/m/login' }],
    ['/m/index (without .html) is no install path', { path: '/m/index' }],
    ['maintenance', { maintenance: true }],
    ['region restriction', { regionRestriction: true }],
    ['install support off', { enabled: false }],
    ['skipped this session', { skipped: true }],
    ['already installed', { installed: true }],
    ['inside the native app', { nativeApp: true }],
    ['the installed home-screen app', { standalone: true }],
    ['a desktop browser without the install dialog', { ua: DESKTOP, nativePrompt: false }],
  ];
  for (const [name, over] of rows) {
    it(name, () => {
      expect(offer({}), 'the base row offers something').to.not.equal(undefined);
      expect(offer(over)).to.equal(undefined);
    });
  }
  it('/m/index.html and a merchant page qualify', () => {
    expect(offer({ path: '/m/index.html' })?.kind).to.equal('android');
    expect(offer({ path: '/casino/lobby' })?.kind).to.equal('android');
  });
  // docs/product.md §2: under /m only /m/home and /m/index.html; a merchant's own page decides itself.
  const paths: [string, boolean][] = [
    ['/m/home', true],
    ['/m/index.html', true],
    ['/m', false],
    ['/m/', false],
    ['/m/home/promotions', false],
    ['/mall/home', true],
    ['/', true],
  ];
  for (const [path, allowed] of paths) {
    it(`the path ${path} ${allowed ? 'may' : 'may not'} offer the install`, () => expect(pathAllows(path)).to.equal(allowed));
  }
  it('the skip and the rules hold for the in-app screen and the iOS guide too', () => {
    expect(offer({ ua: TIKTOK_ANDROID, skipped: true })).to.equal(undefined);
    expect(offer({ ua: ios('15_0'), maintenance: true })).to.equal(undefined);
  });
});

describe('installOffer: Android', () => {
  it("Chrome with the browser's dialog", () => {
    expect(offer({})).to.deep.equal({ kind: 'android', browser: 'chrome', native: true });
  });
  it('Firefox (no dialog): the prompt with written steps', () => {
    expect(offer({ ua: FIREFOX_ANDROID, nativePrompt: false })).to.deep.equal({
      kind: 'android',
      browser: 'firefox',
      native: false,
    });
  });
});

describe('installOffer: iOS Safari by version (docs/product.md §2)', () => {
  const rows: [string, string][] = [
    ['10_3_3', 'guide'],
    ['11_4', 'guide'],
    ['12_0', 'guide'],
    ['12_1', 'guide'],
    ['12_2', 'footer'],
    ['16_6', 'footer'],
    ['17_0', 'tip'],
    ['17_4_1', 'tip'],
    ['18_1', 'footer'],
  ];
  for (const [v, mode] of rows) {
    it(`iOS ${v.replace(/_/g, '.')}: ${mode}`, () => {
      expect(offer({ ua: ios(v), nativePrompt: false })).to.deep.equal({ kind: 'ios', mode, browser: 'safari' });
    });
  }
  it('Chrome on iOS 16.4+ has its own steps; on 16.3, only Safari can install', () => {
    expect(offer({ ua: ios('16_4', 'CriOS/120.0 Mobile/15E148 Safari/604.1') })).to.deep.equal({
      kind: 'ios',
      mode: 'browser',
      browser: 'chrome',
    });
    expect(offer({ ua: ios('16_3', 'CriOS/120.0 Mobile/15E148 Safari/604.1') })).to.deep.equal({
      kind: 'ios',
      mode: 'safari-only',
      browser: 'chrome',
    });
    expect(offer({ ua: ios('17_1', 'FxiOS/121.0 Mobile/15E148 Safari/605.1.15') })?.kind).to.equal('ios');
  });
});

describe('installOffer: in-app browsers and their escape', () => {
  it('TikTok on Android: the intent to the default browser', () => {
    expect(offer({ ua: TIKTOK_ANDROID, nativePrompt: false })).to.deep.equal({
      kind: 'inapp',
      app: 'TikTok',
      platform: 'android',
      escape: 'intent',
    });
  });
  it('Kwai on iOS 17: x-safari; on iOS 16: copy the link', () => {
    expect(offer({ ua: KWAI_IOS_17 })).to.deep.equal({ kind: 'inapp', app: 'Kwai', platform: 'ios', escape: 'x-safari' });
    expect(offer({ ua: KWAI_IOS_16 })).to.deep.equal({ kind: 'inapp', app: 'Kwai', platform: 'ios', escape: 'copy' });
  });
  it('escape addresses keep the whole page address, and refuse anything but http(s)', () => {
    const href = 'https://play.example.com/m/home?affiliateCode=A1&r=x#top';
    expect(escapeUrl('intent', href)).to.equal(
      `intent://play.example.com/m/home?affiliateCode=A1&r=x#Intent;scheme=https;S.browser_fallback_url=${encodeURIComponent(href)};end`,
    );
    expect(escapeUrl('x-safari', href)).to.equal('x-safari-https://play.example.com/m/home?affiliateCode=A1&r=x#top');
    expect(escapeUrl('x-safari', 'http://localhost:8080/m/home')).to.equal('x-safari-http://localhost:8080/m/home');
    expect(escapeUrl('copy', href)).to.equal(undefined);
    expect(escapeUrl('intent', 'javascript:alert(1)')).to.equal(undefined);
  });
});

describe('installOffer: each app gets the first escape that works there (issue 27)', () => {
  const wv = (tail: string) =>
    `Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.58 Mobile Safari/537.36 ${tail}`;
  // [what, user agent, app, escape]: Android intent, but not in WeChat nor Meta's apps (they block
  // it); Instagram's extbrowser; iOS 17+ x-safari (not WeChat, nor Instagram, which stopped it in
  // iOS 26.4); else copy the link and the app's menu.
  const ROWS: [string, string, string, Escape][] = [
    [
      'WhatsApp on Android',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.124 Mobile Safari/537.36 [WA4A/2.25.32.75;]',
      'WhatsApp',
      'intent',
    ],
    ['Reddit on Android', wv('Reddit/Version 2026.35.0/Build 2635090/Android 16'), 'Reddit', 'intent'],
    ['an unnamed app on Android', wv('[Pinterest/Android]'), 'WebView', 'intent'],
    ['WeChat on Android', wv('MicroMessenger/8.0.44.2502(0x28002C51) WeChat/arm64 Weixin NetType/WIFI'), 'WeChat', 'copy'],
    ['Facebook on Android', wv('[FB_IAB/FB4A;FBAV/488.0.0.62.79;IABMV/1;]'), 'Facebook', 'copy'],
    ['Messenger on Android', wv('[FB_IAB/Orca-Android;FBAV/435.0.0.28.112;]'), 'Messenger', 'copy'],
    [
      'Threads on Android',
      wv(
        'Barcelona 355.0.0.39.109 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 7; panther; panther; en_US; 657318936)',
      ),
      'Threads',
      'copy',
    ],
    [
      'Instagram on Android',
      wv(
        'Instagram 355.1.0.44.103 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 7; panther; panther; en_US; 658190016)',
      ),
      'Instagram',
      'instagram',
    ],
    [
      'Instagram on iOS 26',
      ios(
        '26_4_1',
        'Mobile/23E254 Instagram 424.1.0.31.54 (iPhone18,4; iOS 26_4_1; en_GB; en-GB; scale=3.00; 1260x2736; IABMV/1; 933996394) NW/3 Safari/604.1',
      ),
      'Instagram',
      'instagram',
    ],
    ['Facebook on iOS 18 (MetaIAB)', ios('18_6_2', 'Mobile/22G100 Safari/604.1 MetaIAB Facebook'), 'Facebook', 'x-safari'],
    ['WhatsApp on iOS 26', ios('26_0_1', 'Version/26.0.1 Mobile/15E148 Safari/604.1 [WAiOS/2.25.31]'), 'WhatsApp', 'x-safari'],
    [
      'WeChat on iOS 17',
      ios('17_1_2', 'Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN'),
      'WeChat',
      'copy',
    ],
    ['Facebook on iOS 16', ios('16_6', 'Mobile/15E148 [FBAN/FBIOS;FBAV/441.0.0.23.105;FBSV/16.6]'), 'Facebook', 'copy'],
  ];
  for (const [what, ua, app, escape] of ROWS) {
    it(`${what}: ${escape}`, () => {
      const got = offer({ ua, nativePrompt: false });
      expect(got?.kind === 'inapp' && [got.app, got.escape]).to.deep.equal([app, escape]);
    });
  }
  it("Instagram's extbrowser carries the whole page address", () => {
    const href = 'https://play.example.com/m/home?affiliateCode=A1&r=x#top';
    expect(escapeUrl('instagram', href)).to.equal(`instagram://extbrowser/?url=${encodeURIComponent(href)}`);
  });
});

describe("the in-app browsers' own way out (docs/install.md, “The way out, per app”)", () => {
  // The table's last column: the menu (iOS in brackets) and the item to choose there.
  const rows: [app: string, platform: 'android' | 'ios', menu: string, item: string][] = [
    ['Facebook', 'android', '⋮', 'inapp.item_external'],
    ['Facebook', 'ios', '⋯', 'inapp.item_external'],
    ['Messenger', 'android', '⋮', 'inapp.item_external'],
    ['Threads', 'ios', '⋯', 'inapp.item_external'],
    ['Instagram', 'android', '⋮', 'inapp.item_external'],
    ['Instagram', 'ios', '⋯', 'inapp.item_external'],
    ['WeChat', 'android', '⋯', 'inapp.item_browser'],
    ['WeChat', 'ios', '⋯', 'inapp.item_safari'],
    ['TikTok', 'android', '⋯', 'inapp.item_browser'],
    ['TikTok', 'ios', '⋯', 'inapp.item_browser'],
    ['WhatsApp', 'android', '⋮', 'inapp.item_browser'],
    ['WhatsApp', 'ios', '⋯', 'inapp.item_safari'],
    ['LINE', 'android', '⋮', 'inapp.item_browser'],
  ];
  for (const [app, platform, menu, item] of rows) {
    it(`${app} on ${platform}: ${menu}, ${item}`, () => expect(inAppMenu(app, platform)).to.deep.equal({ menu, item }));
  }
});

describe('the funnel path names (docs/install.md, “Funnel events”)', () => {
  const rows: [Parameters<typeof funnelPath>[0], string][] = [
    [{ kind: 'android', browser: 'chrome', native: true }, 'android-native'],
    [{ kind: 'android', browser: 'firefox', native: false }, 'android-steps'],
    [{ kind: 'ios', mode: 'guide', browser: 'safari' }, 'ios-guide'],
    [{ kind: 'ios', mode: 'tip', browser: 'safari' }, 'ios-tip'],
    [{ kind: 'ios', mode: 'footer', browser: 'safari' }, 'ios-footer'],
    [{ kind: 'ios', mode: 'browser', browser: 'chrome' }, 'ios-browser'],
    [{ kind: 'ios', mode: 'safari-only', browser: 'other' }, 'ios-safari-only'],
    [{ kind: 'inapp', app: 'TikTok', platform: 'android', escape: 'intent' }, 'inapp-intent'],
    [{ kind: 'inapp', app: 'Instagram', platform: 'ios', escape: 'instagram' }, 'inapp-instagram'],
    [{ kind: 'inapp', app: 'Kwai', platform: 'ios', escape: 'x-safari' }, 'inapp-x-safari'],
    [{ kind: 'inapp', app: 'WeChat', platform: 'ios', escape: 'copy' }, 'inapp-copy'],
  ];
  for (const [offer, path] of rows) it(path, () => expect(funnelPath(offer)).to.equal(path));
});

describe("promptInstall: the browser's dialog", () => {
  const fakeEvent = (outcome: 'accepted' | 'dismissed') => {
    let prompted = 0;
    const event = Object.assign(new Event('beforeinstallprompt'), {
      prompt: () => {
        prompted += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome }),
    }) as unknown as BeforeInstallPromptEvent;
    return { event, prompted: () => prompted };
  };
  beforeEach(() => {
    sessionStorage.removeItem(SKIP_KEY);
    skipped.value = false;
  });

  it('accepted: the dialog opened once, the event is used up, nothing skipped', async () => {
    const { event, prompted } = fakeEvent('accepted');
    nativePrompt.value = event;
    expect(await promptInstall()).to.equal('accepted');
    expect(prompted()).to.equal(1);
    expect(nativePrompt.value).to.equal(undefined);
    expect(skipped.value).to.equal(false);
    expect(await promptInstall(), 'a used event is not opened again').to.equal(undefined);
  });
  it('dismissed in the dialog: skipped for the session', async () => {
    nativePrompt.value = fakeEvent('dismissed').event;
    expect(await promptInstall()).to.equal('dismissed');
    expect(skipped.value).to.equal(true);
    expect(sessionStorage.getItem(SKIP_KEY)).to.equal('true');
  });
  it('a used or stale event that throws: undefined (the written steps follow), not skipped, and the held event is gone', async () => {
    const event = Object.assign(new Event('beforeinstallprompt'), {
      prompt: () => Promise.reject(new Error('already used')),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    }) as unknown as BeforeInstallPromptEvent;
    nativePrompt.value = event;
    window.__wpsInstallPrompt = event;
    expect(await promptInstall()).to.equal(undefined);
    expect(nativePrompt.value).to.equal(undefined);
    expect(window.__wpsInstallPrompt).to.equal(undefined);
    expect(skipped.value).to.equal(false);
  });
  it('no event held: nothing opens', async () => {
    nativePrompt.value = undefined;
    expect(await promptInstall()).to.equal(undefined);
  });
});
