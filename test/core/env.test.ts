/** Browser, platform and app-mode detection (src/core/env/env.ts), one row per user agent. */
import { expect } from 'chai';
import {
  iosVersion,
  isAndroid,
  isIOS,
  isLegacyIosHomeScreen,
  isNativeApp,
  isStandalone,
  nativeAppVersion,
  registerMethod,
} from '../../src/core/env/env.ts';

const UA = {
  iphone10:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 10_3_3 like Mac OS X) AppleWebKit/603.3.8 (KHTML, like Gecko) Version/10.0 Mobile/14G60 Safari/602.1',
  iphone11:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.0 Mobile/15E148 Safari/604.1',
  iphone12_1:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
  iphone12_5:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  iphone13:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 13_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Mobile/15E148 Safari/604.1',
  iphone17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  // Safari 26 and later freeze the OS in the user agent at 18 (the real version is in Version/).
  iphone26:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.4 Mobile/15E148 Safari/604.1',
  iphone27:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/27.0 Mobile/15E148 Safari/604.1',
  iphone18:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1',
  iphoneChrome26:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/141.0.7390.41 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  ipad9:
    'Mozilla/5.0 (iPad; CPU OS 9_3_5 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13G36 Safari/601.1',
  ipadDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  iphoneApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WPSApp/2.4.39',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 10; SM-G973F Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36',
  androidApp:
    'Mozilla/5.0 (Linux; Android 12; SM-A525F; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.0.0 Mobile Safari/537.36 WPSApp/3.0',
  androidAppLong:
    'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 WPSApp/2.4.39.1',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  linuxHeadless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
  notTheApp:
    'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 XWPSApp/2.0',
  empty: '',
} as const;

type Row = {
  ua: keyof typeof UA;
  ios: boolean;
  android: boolean;
  version: [number, number] | undefined;
  app: string | undefined;
};

const rows: Row[] = [
  { ua: 'iphone10', ios: true, android: false, version: [10, 3], app: undefined },
  { ua: 'iphone11', ios: true, android: false, version: [11, 4], app: undefined },
  { ua: 'iphone12_1', ios: true, android: false, version: [12, 1], app: undefined },
  { ua: 'iphone12_5', ios: true, android: false, version: [12, 5], app: undefined },
  { ua: 'iphone13', ios: true, android: false, version: [13, 0], app: undefined },
  { ua: 'iphone17', ios: true, android: false, version: [17, 4], app: undefined },
  { ua: 'iphone26', ios: true, android: false, version: [26, 4], app: undefined },
  { ua: 'iphone27', ios: true, android: false, version: [27, 0], app: undefined },
  { ua: 'iphone18', ios: true, android: false, version: [18, 6], app: undefined },
  // No Version/ outside Safari: the frozen 18 is all there is.
  { ua: 'iphoneChrome26', ios: true, android: false, version: [18, 7], app: undefined },
  { ua: 'iphoneChrome', ios: true, android: false, version: [16, 6], app: undefined },
  { ua: 'ipad9', ios: true, android: false, version: [9, 3], app: undefined },
  // iPadOS asks for desktop pages and says Macintosh; only "Mobile/" gives it away, without a version.
  { ua: 'ipadDesktop', ios: true, android: false, version: undefined, app: undefined },
  { ua: 'ipod', ios: true, android: false, version: [12, 5], app: undefined },
  { ua: 'iphoneApp', ios: true, android: false, version: [17, 0], app: '2.4.39' },
  { ua: 'macSafari', ios: false, android: false, version: undefined, app: undefined },
  { ua: 'android', ios: false, android: true, version: undefined, app: undefined },
  { ua: 'androidWebView', ios: false, android: true, version: undefined, app: undefined },
  { ua: 'androidApp', ios: false, android: true, version: undefined, app: '3.0' },
  { ua: 'androidAppLong', ios: false, android: true, version: undefined, app: '2.4.39.1' },
  { ua: 'windows', ios: false, android: false, version: undefined, app: undefined },
  { ua: 'linuxHeadless', ios: false, android: false, version: undefined, app: undefined },
  { ua: 'notTheApp', ios: false, android: true, version: undefined, app: undefined },
  { ua: 'empty', ios: false, android: false, version: undefined, app: undefined },
];

describe('isIOS / isAndroid / iosVersion / nativeAppVersion (one row per user agent)', () => {
  for (const row of rows) {
    it(`${row.ua}: iOS ${row.ios}, Android ${row.android}, iOS version ${row.version?.join('.') ?? '-'}, app ${row.app ?? '-'}`, () => {
      const ua = UA[row.ua];
      expect(isIOS(ua), 'isIOS').to.equal(row.ios);
      expect(isAndroid(ua), 'isAndroid').to.equal(row.android);
      expect(iosVersion(ua), 'iosVersion').to.deep.equal(row.version);
      expect(nativeAppVersion(ua), 'nativeAppVersion').to.equal(row.app);
    });
  }
});

describe('isNativeApp: WPSApp/<version> in the UA, or inApp=1', () => {
  const cases: [ua: keyof typeof UA, inApp: string | null | undefined, expected: boolean][] = [
    ['iphoneApp', undefined, true],
    ['androidApp', null, true],
    ['androidApp', '0', true],
    ['android', '1', true],
    ['iphone17', 'true', true],
    ['android', undefined, false],
    ['android', null, false],
    ['android', '0', false],
    ['android', '', false],
    ['android', 'yes', false],
    ['notTheApp', null, false],
    ['windows', '1', true],
  ];
  for (const [ua, inApp, expected] of cases) {
    it(`${ua} with inApp=${String(inApp)} → ${expected}`, () => expect(isNativeApp(UA[ua], inApp)).to.equal(expected));
  }
});

describe('isLegacyIosHomeScreen (session kept in localStorage)', () => {
  const cases: [ua: keyof typeof UA, standalone: boolean, expected: boolean][] = [
    ['iphone10', true, true],
    ['iphone11', true, true],
    ['iphone12_1', true, true],
    ['iphone12_5', true, true],
    ['ipad9', true, true],
    ['iphone13', true, false],
    ['iphone17', true, false],
    ['iphone11', false, false],
    ['iphone12_1', false, false],
    ['ipadDesktop', true, false],
    ['android', true, false],
    ['windows', true, false],
  ];
  for (const [ua, standalone, expected] of cases) {
    it(`${ua}, standalone ${standalone} → ${expected}`, () =>
      expect(isLegacyIosHomeScreen(UA[ua], standalone)).to.equal(expected));
  }
});

describe('registerMethod (docs/product.md §3: APP, H5, PWA or WEBCLIP)', () => {
  const cases: [ua: keyof typeof UA, standalone: boolean, inApp: string | null | undefined, expected: string][] = [
    ['iphoneApp', false, undefined, 'APP'],
    ['iphoneApp', true, undefined, 'APP'],
    ['androidApp', false, null, 'APP'],
    ['android', false, '1', 'APP'],
    ['iphone17', true, '1', 'APP'],
    ['iphone17', true, null, 'WEBCLIP'],
    ['iphone11', true, null, 'WEBCLIP'],
    ['ipadDesktop', true, null, 'WEBCLIP'],
    ['android', true, null, 'PWA'],
    ['windows', true, null, 'PWA'],
    ['macSafari', true, null, 'PWA'],
    ['android', false, null, 'H5'],
    ['iphone17', false, null, 'H5'],
    ['iphone17', false, '0', 'H5'],
    ['windows', false, undefined, 'H5'],
  ];
  for (const [ua, standalone, inApp, expected] of cases) {
    it(`${ua}, standalone ${standalone}, inApp=${String(inApp)} → ${expected}`, () => {
      expect(registerMethod(UA[ua], standalone, inApp)).to.equal(expected);
    });
  }
});

describe('isStandalone', () => {
  const win = (standalone: boolean | undefined, displayModeStandalone: boolean) =>
    ({
      navigator: { standalone } as unknown as Navigator,
      matchMedia: (query: string) =>
        ({ matches: query === '(display-mode: standalone)' && displayModeStandalone }) as MediaQueryList,
    }) satisfies Pick<Window, 'matchMedia' | 'navigator'>;
  const cases: [standalone: boolean | undefined, displayMode: boolean, expected: boolean][] = [
    [true, false, true],
    [undefined, true, true],
    [false, true, true],
    [false, false, false],
    [undefined, false, false],
  ];
  for (const [standalone, displayMode, expected] of cases) {
    it(`navigator.standalone ${String(standalone)}, display-mode standalone ${displayMode} → ${expected}`, () => {
      expect(isStandalone(win(standalone, displayMode))).to.equal(expected);
    });
  }
  it('this test browser is not standalone', () => expect(isStandalone(window)).to.equal(false));
});
