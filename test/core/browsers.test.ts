/**
 * In-app browser and browser detection (src/core/env/browsers.ts): one row per app and platform,
 * with user agents as those apps send them. A row names what must be detected; a pattern change
 * that loses one app or mistakes a real browser for an app fails here.
 */
import { expect } from 'chai';
import {
  browserName,
  inAppBrowser,
  iosBrowserCanInstall,
  isIosSafari,
  type BrowserName,
  type InAppName,
} from '../../src/core/env/browsers.ts';

const ANDROID_WV = (tail: string) =>
  `Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 ${tail}`;
const IOS_WV = (tail: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ${tail}`;

/** [app, platform, user agent] */
const IN_APP_ROWS: [InAppName, 'android' | 'ios', string][] = [
  ['Facebook', 'android', ANDROID_WV('[FB_IAB/FB4A;FBAV/442.0.0.33.113;]')],
  [
    'Facebook',
    'ios',
    IOS_WV(
      '[FBAN/FBIOS;FBAV/441.0.0.23.105;FBBV/547254839;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/0]',
    ),
  ],
  ['Messenger', 'android', ANDROID_WV('[FB_IAB/Orca-Android;FBAV/435.0.0.28.112;]')],
  [
    'Messenger',
    'ios',
    IOS_WV(
      'LightSpeed [FBAN/MessengerLiteForiOS;FBAV/435.0.0.39.110;FBBV/533553296;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/0]',
    ),
  ],
  [
    'Instagram',
    'android',
    ANDROID_WV('Instagram 309.1.0.41.113 Android (33/13; 420dpi; 1080x2177; samsung; SM-A536B; a53x; s5e8825; en_US; 541635890)'),
  ],
  ['Instagram', 'ios', IOS_WV('Instagram 309.0.3.18.104 (iPhone14,5; iOS 17_1_2; en_US; en; scale=3.00; 1170x2532; 539474963)')],
  [
    'Threads',
    'android',
    ANDROID_WV('Barcelona 309.0.0.28.111 Android (33/13; 420dpi; 1080x2177; samsung; SM-A536B; a53x; s5e8825; en_US; 541627302)'),
  ],
  [
    'Threads',
    'ios',
    IOS_WV('Barcelona 310.0.0.18.106 (iPhone14,5; iOS 17_1_2; en_US; en; scale=3.00; 1170x2532; 543011012) NW/3'),
  ],
  [
    'TikTok',
    'android',
    ANDROID_WV(
      'trill_320203 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.2.3 ByteLocale/en ByteFullLocale/en Region/US AppId/1180 Spark/1.4.8.3-bugfix AppVersion/32.2.3 BytedanceWebview/d8a21c6',
    ),
  ],
  [
    'TikTok',
    'ios',
    IOS_WV(
      'musical_ly_32.3.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US ByteFullLocale/en isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6',
    ),
  ],
  [
    'Kwai',
    'android',
    ANDROID_WV(
      'Kwai/11.8.40.537201 ISLP/0 StatusHT/24 KDT/PHONE ISDM/0 TitleHT/43 NetType/WIFI ICFO/0 locale/pt-br CT/0 Yoda/2.13.4-rc3 ksNebula/11.8.40.537201 cold/0 ISLB/0 BHT/102 AZPREFIX/az3',
    ),
  ],
  [
    'Kwai',
    'ios',
    IOS_WV(
      'Kwai/11.8.30.1022 ISLP/0 StatusHT/47 KDT/PHONE ISDM/0 TitleHT/44 NetType/WIFI ICFO/0 locale/pt-BR CT/0 Yoda/2.13.3 ISLB/0 BHT/102 WebViewType/WK',
    ),
  ],
  ['X', 'android', ANDROID_WV('TwitterAndroid')],
  ['X', 'ios', IOS_WV('Twitter for iPhone/10.20')],
  ['LINE', 'android', ANDROID_WV('Line/13.20.1/IAB')],
  ['LINE', 'ios', IOS_WV('Safari Line/13.20.0')],
  [
    'WeChat',
    'android',
    ANDROID_WV(
      'XWEB/1160027 MMWEBSDK/20231105 MMWEBID/2307 MicroMessenger/8.0.44.2502(0x28002C51) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    ),
  ],
  ['WeChat', 'ios', IOS_WV('MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN')],
  ['Snapchat', 'android', ANDROID_WV('Snapchat/12.62.0.48 (SM-A536B; Android 13#A536BXXS7CWI1#33; gzip; )')],
  ['Snapchat', 'ios', IOS_WV('Snapchat/12.63.0.35 (like Safari/8617.2.4.10.8, panda)')],
  ['LinkedIn', 'android', ANDROID_WV('LinkedInApp/4.1.891')],
  ['LinkedIn', 'ios', IOS_WV('[LinkedInApp]/9.29.6917')],
  ['Telegram', 'android', ANDROID_WV('Telegram-Android/10.2.5 (Samsung SM-A536B; Android 13; SDK 33; AVERAGE)')],
  ['WhatsApp', 'android', ANDROID_WV('WhatsApp/2.23.24.82 A')],
  ['WhatsApp', 'ios', IOS_WV('WhatsApp/23.24.77 i')],
  ['Google', 'ios', IOS_WV('GSA/292.0.585469358 Mobile/15E148 Safari/604.1')],
  ['Google', 'android', ANDROID_WV('GSA/14.47.23.29.arm64')],
];

/** Real browsers: none of them is an in-app browser. [user agent, browser] */
const BROWSER_ROWS: [string, BrowserName][] = [
  ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', 'chrome'],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.2210.115',
    'edge',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    'samsung',
  ],
  ['Mozilla/5.0 (Android 13; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0', 'firefox'],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 OPR/79.0.4195.76880',
    'opera',
  ],
  [
    'Mozilla/5.0 (Linux; U; Android 13; zh-cn; 2201123C Build/TKQ1.220807.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.118 Mobile Safari/537.36 XiaoMi/MiuiBrowser/17.8.120802',
    'other',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1',
    'safari',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    'chrome',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) EdgiOS/120.0.2210.116 Version/17.0 Mobile/15E148 Safari/604.1',
    'edge',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15',
    'firefox',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 OPT/4.4.0',
    'opera',
  ],
  // The native wrapper app: a web view, and not somebody else's in-app browser.
  [
    'Mozilla/5.0 (Linux; Android 13; SM-A536B; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 WPSApp/2.4.40',
    'webview',
  ],
];

describe('inAppBrowser: one row per app and platform', () => {
  for (const [app, platform, ua] of IN_APP_ROWS) {
    it(`${app} on ${platform}`, () => {
      expect(inAppBrowser(ua)).to.equal(app);
      expect(browserName(ua), 'an in-app browser is never taken for Safari').to.not.equal('safari');
    });
  }
  it('every app of the list has a row on Android, and all but Telegram on iOS (it opens Safari View Controller)', () => {
    const apps = new Set(IN_APP_ROWS.map(([app]) => app));
    expect(apps.size).to.equal(14);
    const ios = new Set(IN_APP_ROWS.filter(([, p]) => p === 'ios').map(([app]) => app));
    expect([...apps].filter((app) => !ios.has(app))).to.deep.equal(['Telegram']);
  });
});

describe('browserName: real browsers', () => {
  for (const [ua, name] of BROWSER_ROWS) {
    it(`${name}: ${ua.slice(-48)}`, () => {
      expect(browserName(ua)).to.equal(name);
      expect(inAppBrowser(ua), 'a browser is not an in-app browser').to.equal(undefined);
    });
  }
  it('a page whose text merely names an app is not taken for it ("Lines", "Kwaitest", "Twitter")', () => {
    expect(inAppBrowser('Mozilla/5.0 (Linux; Android 10; K) Chrome/120.0.0.0 Mobile Safari/537.36 Lines')).to.equal(undefined);
    expect(inAppBrowser('Mozilla/5.0 (Linux; Android 10; K) Chrome/120.0.0.0 Mobile Safari/537.36 Kwaitest')).to.equal(undefined);
  });
});

describe('iOS browsers and the home screen', () => {
  const ios = (v: string, tail = 'Version/17.0 Mobile/15E148 Safari/604.1') =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ${tail}`;
  it('Safari is Safari only outside an app', () => {
    expect(isIosSafari(ios('17_1'))).to.equal(true);
    expect(isIosSafari(ios('17_1', 'CriOS/120.0 Mobile/15E148 Safari/604.1'))).to.equal(false);
    expect(isIosSafari(IOS_WV('Safari Line/13.20.0'))).to.equal(false);
  });
  it('other iOS browsers can add to the home screen from 16.4', () => {
    expect(iosBrowserCanInstall(ios('16_3'))).to.equal(false);
    expect(iosBrowserCanInstall(ios('16_4'))).to.equal(true);
    expect(iosBrowserCanInstall(ios('17_0'))).to.equal(true);
    expect(iosBrowserCanInstall(ios('15_8'))).to.equal(false);
    expect(iosBrowserCanInstall('Mozilla/5.0 (Linux; Android 10; K) Chrome/120.0.0.0 Mobile Safari/537.36')).to.equal(false);
  });
});
