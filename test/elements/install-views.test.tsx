/**
 * The install elements' own rules beside the offer (docs/install.md; docs/product.md §2, §4, §9):
 * a page that opens one again after a close sees it again, from its first screen; the delay property
 * read when it changes; the attention budget (`install` answered only when it came by itself); the
 * prompt and the in-app screen opened on a phone the offer does not name; the iOS tip, share-sheet
 * and Safari-only guides' answers; the app icon; and the install texts in all 21 languages.
 * Written against the mutation run of 2026-11-28 (CONTRIBUTING.md, "Mutation scores").
 */
import { expect } from 'chai';
import '../../elements/install-prompt.tsx';
import '../../elements/ios-guide.tsx';
import '../../elements/inapp-guide.tsx';
import { LANGUAGES, type Language } from '../../src/contract/language-codes.ts';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { siteStatus } from '../../src/core/config/siteStatus.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { OVERLAY_PRIORITY, holdOverlays, overlayAnswered, resetOverlays } from '../../src/core/overlay/queue.ts';
import { SKIP_KEY, nativePrompt, skipped, type BeforeInstallPromptEvent } from '../../src/features/install/model.ts';
import { SHEET_TRANSITION_MS } from '../../src/ui/Sheet.tsx';
import { statusFixture } from '../browser-helpers/status.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { fakeUA, resetInstall, statusBackend } from '../browser-helpers/install-fixture.ts';
import { has, mount, part, recordEvents, sleep, unmountAll, waitFor } from '../browser-helpers/helpers.ts';
import CN from '../../src/features/install/locales/CN.json';
import TW from '../../src/features/install/locales/TW.json';
import HK from '../../src/features/install/locales/HK.json';
import EN from '../../src/features/install/locales/EN.json';
import ES from '../../src/features/install/locales/ES.json';
import HI from '../../src/features/install/locales/HI.json';
import ID from '../../src/features/install/locales/ID.json';
import JA from '../../src/features/install/locales/JA.json';
import KM from '../../src/features/install/locales/KM.json';
import KO from '../../src/features/install/locales/KO.json';
import MY from '../../src/features/install/locales/MY.json';
import TA from '../../src/features/install/locales/TA.json';
import TH from '../../src/features/install/locales/TH.json';
import VI from '../../src/features/install/locales/VI.json';
import TY from '../../src/features/install/locales/TY.json';
import UR from '../../src/features/install/locales/UR.json';
import PT from '../../src/features/install/locales/PT.json';
import PTBR from '../../src/features/install/locales/PT-BR.json';
import MS from '../../src/features/install/locales/MS.json';
import BN from '../../src/features/install/locales/BN.json';
import TR from '../../src/features/install/locales/TR.json';

const CATALOGUES: Record<Language, Record<string, string>> = {
  CN,
  TW,
  HK,
  EN,
  ES,
  HI,
  ID,
  JA,
  KM,
  KO,
  MY,
  TA,
  TH,
  VI,
  TY,
  UR,
  PT,
  'PT-BR': PTBR,
  MS,
  BN,
  TR,
};

const ios = (v: string, tail = 'Version/17.0 Mobile/15E148 Safari/604.1') =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ${tail}`;
const UA = {
  chrome: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Android 13; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safari16: ios('16_6'),
  safari17: ios('17_4'),
  safari26: ios('18_7', 'Version/26.4 Mobile/15E148 Safari/604.1'),
  chromeIos163: ios('16_3', 'CriOS/120.0 Mobile/15E148 Safari/604.1'),
  chromeIos164: ios('16_4', 'CriOS/120.0 Mobile/15E148 Safari/604.1'),
  pinterest:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.83 Mobile Safari/537.36 [Pinterest/Android]',
};

type Resource = SiteStatus['info']['resources'][number];
function status(resources: Resource[] = [{ resourceType: 'Android', url: 'https://dl.example.test/lucky.apk' }]): SiteStatus {
  const base = statusFixture({ maintenance: false });
  return {
    ...base,
    info: { ...base.info, appName: 'Lucky Lotto', appShortName: 'Lucky', resources, install: { enabled: true } },
  };
}

const backend = (s = status()) => statusBackend(s);

const FUNNEL = ['wps-install-shown', 'wps-install-accepted', 'wps-install-dismissed'];
const button = (el: Element, name: string) => part<HTMLButtonElement>(el, name)!;
const stepTexts = (el: Element) => [...el.shadowRoot!.querySelectorAll('[part="step"]')].map((li) => li.textContent);
let clock: FakeClock | undefined;
/** The lite build runs effects after the paint: the shown event (and the view's own reset) may trail the first frame. */
const shownOnce = (log: ReturnType<typeof recordEvents>) => waitFor(() => expect(log.types()).to.include('wps-install-shown'));

function reset() {
  clock?.uninstall();
  clock = undefined;
  resetInstall();
}

before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(reset);
afterEach(reset);

describe('install overlays opened again, and their timing', () => {
  it('a page that opens the prompt again after a close sees it again, from its choices, told as a new showing', async () => {
    fakeUA(UA.firefox);
    backend();
    const el = mount('<wps-install-prompt open></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'web-app')).to.equal(true));
    await shownOnce(log);
    button(el, 'web-app').click(); // Firefox: no dialog, the written steps
    await waitFor(() => expect(has(el, 'got-it')).to.equal(true));
    button(el, 'got-it').click();
    await waitFor(() => expect(el.hasAttribute('open')).to.equal(false));
    await waitFor(() => expect(has(el, 'sheet')).to.equal(false));

    el.setAttribute('open', '');
    await waitFor(() => expect(has(el, 'sheet')).to.equal(true));
    await waitFor(() => expect(has(el, 'web-app'), 'the choices, not the steps read last time').to.equal(true));
    expect(has(el, 'steps')).to.equal(false);
    expect(log.types()).to.deep.equal(['wps-install-shown', 'wps-install-accepted', 'wps-install-shown']);
  });

  it('a delay set after mount counts (0: at once, no timer)', async () => {
    fakeUA(UA.chrome);
    backend();
    clock = installClock();
    const el = mount<HTMLElement & { delay?: number }>('<wps-install-prompt></wps-install-prompt>');
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    await waitFor(() => expect(clock!.countTimers()).to.be.greaterThan(0)); // the 2000 ms wait is armed
    el.delay = 0;
    await waitFor(() => expect(has(el, 'sheet')).to.equal(true));
    expect(clock.now, 'no fake time passed').to.equal(0);
  });

  it('the attention budget: an offer that came by itself is answered for the session; one the page opened is not', async () => {
    fakeUA(UA.chrome);
    backend();
    const forced = mount('<wps-install-prompt open></wps-install-prompt>');
    const forcedLog = recordEvents(forced, FUNNEL);
    await waitFor(() => expect(has(forced, 'browser')).to.equal(true));
    await shownOnce(forcedLog);
    button(forced, 'browser').click();
    await waitFor(() => expect(forced.hasAttribute('open')).to.equal(false));
    expect(overlayAnswered('install'), 'opened by the page').to.equal(false);
    unmountAll();
    resetOverlays();
    sessionStorage.clear();
    skipped.value = false;

    const auto = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    const autoLog = recordEvents(auto, FUNNEL);
    await waitFor(() => expect(has(auto, 'browser')).to.equal(true));
    await shownOnce(autoLog);
    button(auto, 'browser').click();
    await waitFor(() => expect(overlayAnswered('install')).to.equal(true));
  });
});

describe('<wps-install-prompt> beside the Android offer', () => {
  it('an iPhone gets no install prompt by itself', async () => {
    fakeUA(UA.safari16);
    backend();
    const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    await sleep(100);
    expect(has(el, 'sheet')).to.equal(false);
  });

  it('opened on a desktop without the browser dialog: the written steps at once, path android-steps', async () => {
    fakeUA(UA.desktop);
    backend();
    const el = mount('<wps-install-prompt open></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'web-app')).to.equal(true));
    await waitFor(() => expect(log.events[0]?.detail).to.deep.equal({ platform: 'other', path: 'android-steps' }));
    button(el, 'web-app').click();
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    expect(stepTexts(el)[1]).to.equal('2Choose “Install app”, “Add to Home screen” or “Install and create shortcut”.');
  });

  it('"Download the app" opens the merchant\'s Android link and accepts with path android-app', async () => {
    fakeUA(UA.chrome);
    backend(status([{ resourceType: 'Android', url: 'https://dl.example.test/get-lucky' }]));
    const opened: unknown[][] = [];
    const realOpen = window.open;
    window.open = (...args: unknown[]) => (opened.push(args), null);
    try {
      const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
      const log = recordEvents(el, FUNNEL);
      await waitFor(() => expect(has(el, 'app')).to.equal(true));
      await shownOnce(log);
      button(el, 'app').click();
      await waitFor(() => expect(log.types()).to.deep.equal(['wps-install-shown', 'wps-install-accepted']));
      expect(opened).to.deep.equal([['https://dl.example.test/get-lucky', '_blank', 'noopener']]);
      expect(log.events[1]!.detail).to.deep.equal({ platform: 'android', path: 'android-app' });
      expect(skipped.value).to.equal(true);
      await waitFor(() => expect(has(el, 'sheet')).to.equal(false));
    } finally {
      window.open = realOpen;
    }
  });

  it("the merchant's app icon shows beside the text; without one, no icon; without an app file, no app button", async () => {
    fakeUA(UA.chrome);
    backend(
      status([
        { resourceType: 'Android', url: 'https://dl.example.test/lucky.apk' },
        { resourceType: 'AppDownloadIcon', url: 'https://cdn.example.test/icon.png' },
      ]),
    );
    const el = mount('<wps-install-prompt open></wps-install-prompt>');
    await waitFor(() => expect(has(el, 'icon')).to.equal(true));
    expect(part<HTMLImageElement>(el, 'icon')!.getAttribute('src')).to.equal('https://cdn.example.test/icon.png');
    expect(has(el, 'app')).to.equal(true);
    reset();

    fakeUA(UA.chrome);
    backend(status([]));
    const bare = mount('<wps-install-prompt open></wps-install-prompt>');
    await waitFor(() => expect(part(bare, 'title')?.textContent).to.equal('Install Lucky Lotto'));
    expect(has(bare, 'icon')).to.equal(false);
    expect(has(bare, 'app')).to.equal(false);
    expect(has(bare, 'web-app')).to.equal(true);
  });
});

describe('<wps-ios-guide>: the answers of each mode', () => {
  it('a mode attribute counts only when the page opens it: by itself an iOS 16 Safari gets its footer', async () => {
    fakeUA(UA.safari16);
    backend();
    const el = mount('<wps-ios-guide delay="0" mode="tip"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    expect(has(el, 'dialog')).to.equal(false);
  });

  it('the footer hears Escape only while it is on screen, and no other key', async () => {
    fakeUA(UA.safari16);
    backend();
    clock = installClock();
    const el = mount('<wps-ios-guide></wps-ios-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    await waitFor(() => expect(clock!.countTimers()).to.be.greaterThan(0));
    const press = (key: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    press('Escape'); // before its 2000 ms: nothing to answer
    await clock.tickAsync(1999);
    expect(has(el, 'footer'), 'not before 2000 ms').to.equal(false);
    await clock.tickAsync(1);
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    await shownOnce(log);
    press('Enter');
    await clock.tickAsync(0);
    expect(has(el, 'footer')).to.equal(true);
    expect(log.types()).to.deep.equal(['wps-install-shown']);
    press('Escape');
    await waitFor(() => expect(has(el, 'footer')).to.equal(false));
    expect(log.types()).to.deep.equal(['wps-install-shown', 'wps-install-dismissed']);
  });

  it('iOS 17 tip: the text with the notification hint; "Got it" accepts (ios-tip) and skips the session', async () => {
    fakeUA(UA.safari17);
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'got-it')).to.equal(true));
    await shownOnce(log);
    expect(part(el, 'message')!.textContent).to.equal(
      'Add Lucky Lotto to your home screen: tap Share, then “Add to Home Screen”.\nInstalled, Lucky Lotto can also send you notifications.',
    );
    button(el, 'got-it').click();
    await waitFor(() => expect(has(el, 'dialog')).to.equal(false));
    expect(log.events.map((e) => [e.type, e.detail])).to.deep.equal([
      ['wps-install-shown', { platform: 'ios', path: 'ios-tip' }],
      ['wps-install-accepted', { platform: 'ios', path: 'ios-tip' }],
    ]);
    expect(sessionStorage.getItem(SKIP_KEY)).to.equal('true');
  });

  it('Chrome on iOS 16.3: only Safari can install, copy the link; "Not now" declines (ios-safari-only)', async () => {
    fakeUA(UA.chromeIos163);
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'copy')).to.equal(true));
    await shownOnce(log);
    expect(part(el, 'title')!.textContent).to.equal('Open in Safari to install');
    expect(part(el, 'body')!.textContent).to.contain(
      'On your iOS version only Safari can add Lucky Lotto to the home screen. Copy the link and open it in Safari.',
    );
    expect(has(el, 'steps')).to.equal(false);
    expect(button(el, 'got-it').textContent).to.equal('Not now');
    button(el, 'got-it').click();
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-install-shown', 'wps-install-dismissed']));
    expect(log.events[1]!.detail).to.deep.equal({ platform: 'ios', path: 'ios-safari-only' });
    expect(sessionStorage.getItem(SKIP_KEY)).to.equal('true');
  });

  it('Chrome on iOS 16.4: its share steps with the notification hint; "Got it" accepts (ios-browser)', async () => {
    fakeUA(UA.chromeIos164);
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    await shownOnce(log);
    expect(part(el, 'title')!.textContent).to.equal('Add Lucky Lotto to your home screen');
    expect(part(el, 'hint')!.textContent).to.equal('Installed, Lucky Lotto can also send you notifications.');
    expect(has(el, 'copy')).to.equal(false);
    expect(button(el, 'got-it').textContent).to.equal('Got it');
    button(el, 'got-it').click();
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-install-shown', 'wps-install-accepted']));
    expect(log.events[1]!.detail).to.deep.equal({ platform: 'ios', path: 'ios-browser' });
  });
});

describe('<wps-inapp-guide> opened outside an app', () => {
  it('an ordinary Android browser gets no in-app screen by itself', async () => {
    fakeUA(UA.chrome);
    backend();
    const el = mount('<wps-inapp-guide delay="0"></wps-inapp-guide>');
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    await sleep(100);
    expect(has(el, 'sheet')).to.equal(false);
  });

  it('opened on Android: "this app", the intent; taking it accepts (inapp-intent) and closes', async () => {
    fakeUA(UA.chrome);
    backend();
    const el = mount('<wps-inapp-guide open></wps-inapp-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'open')).to.equal(true));
    await shownOnce(log);
    expect(part(el, 'body')!.textContent).to.contain("You are in this app's built-in browser");
    expect(part<HTMLAnchorElement>(el, 'open')!.getAttribute('href')!.startsWith(`intent://${location.host}`)).to.equal(true);
    expect(stepTexts(el)).to.deep.equal(['1In this app, tap ⋮.', '2Choose “Open in browser”.']);
    // The link's own navigation is not this test's business.
    el.shadowRoot!.addEventListener('click', (e) => e.preventDefault(), { capture: true });
    part<HTMLAnchorElement>(el, 'open')!.click();
    await waitFor(() => expect(el.hasAttribute('open')).to.equal(false));
    expect(log.events.map((e) => [e.type, e.detail])).to.deep.equal([
      ['wps-install-shown', { platform: 'android', path: 'inapp-intent' }],
      ['wps-install-accepted', { platform: 'android', path: 'inapp-intent' }],
    ]);
    expect(skipped.value).to.equal(true);
  });

  it('opened on a desktop with the app named by the page: copy only; "Stay here" declines and closes', async () => {
    fakeUA(UA.desktop);
    backend();
    const el = mount('<wps-inapp-guide open app="LINE"></wps-inapp-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'copy')).to.equal(true));
    await shownOnce(log);
    expect(part(el, 'body')!.textContent).to.contain("You are in LINE's built-in browser");
    expect(has(el, 'open'), 'no escape link to try').to.equal(false);
    button(el, 'stay').click();
    await waitFor(() => expect(el.hasAttribute('open')).to.equal(false));
    expect(log.events.map((e) => [e.type, e.detail])).to.deep.equal([
      ['wps-install-shown', { platform: 'other', path: 'inapp-copy' }],
      ['wps-install-dismissed', { platform: 'other', path: 'inapp-copy' }],
    ]);
  });
});

describe('the install texts in all 21 languages', () => {
  it('the open prompt follows a language change, each language its own catalogue', async () => {
    fakeUA(UA.chrome);
    backend();
    const el = mount('<wps-install-prompt open></wps-install-prompt>');
    await waitFor(() => expect(part(el, 'title')?.textContent).to.equal('Install Lucky Lotto'));
    expect(LANGUAGES).to.have.length(21);
    for (const lang of LANGUAGES) {
      const strings = CATALOGUES[lang];
      language.value = lang;
      await waitFor(() =>
        // install.web_app differs in every language (HK and TW, PT and PT-BR share the title).
        expect([part(el, 'title')!.textContent, button(el, 'web-app').textContent], lang).to.deep.equal([
          strings['install.title']!.replace('{{app}}', 'Lucky Lotto'),
          strings['install.web_app'],
        ]),
      );
    }
  });
});

describe('install overlays and the overlay queue, the close button, the slide-out', () => {
  // A notice on screen holds the queue at 0 (docs/install.md, "One overlay at a time"): nothing that comes by itself shows.
  const rows: [string, string, string, string][] = [
    ['<wps-install-prompt delay="0"></wps-install-prompt>', UA.chrome, 'sheet', 'install'],
    ['<wps-ios-guide delay="0"></wps-ios-guide>', UA.safari16, 'footer', 'install'],
    ['<wps-inapp-guide delay="0"></wps-inapp-guide>', UA.pinterest, 'sheet', 'inAppGuide'],
  ];
  for (const [html, ua, shownPart, priority] of rows) {
    it(`${html.slice(1, html.indexOf(' '))} waits while the queue is held below its priority ${OVERLAY_PRIORITY[priority as keyof typeof OVERLAY_PRIORITY]}`, async () => {
      fakeUA(ua);
      backend();
      const release = holdOverlays(0);
      const el = mount(html);
      await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
      await sleep(100);
      expect(has(el, shownPart), 'held').to.equal(false);
      release();
      await waitFor(() => expect(has(el, shownPart)).to.equal(true));
    });
  }

  it('the prompt\'s × is named Close and declines, as "Continue in the browser" does', async () => {
    fakeUA(UA.chrome);
    backend();
    const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'close')).to.equal(true));
    await shownOnce(log);
    expect(part(el, 'text') ?? el.shadowRoot!.querySelector('.text')!).to.have.property(
      'textContent',
      'Open Lucky Lotto from your home screen in one tap, full screen, without the address bar.',
    );
    expect(button(el, 'close').getAttribute('aria-label')).to.equal('Close');
    button(el, 'close').click();
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-install-shown', 'wps-install-dismissed']));
    expect(skipped.value).to.equal(true);
  });

  it("the guides' × is named Close too", async () => {
    fakeUA(UA.chromeIos164);
    backend();
    const guide = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await waitFor(() => expect(has(guide, 'close')).to.equal(true));
    expect(button(guide, 'close').getAttribute('aria-label')).to.equal('Close');
    reset();
    fakeUA(UA.pinterest);
    backend();
    const inapp = mount('<wps-inapp-guide delay="0"></wps-inapp-guide>');
    await waitFor(() => expect(has(inapp, 'close')).to.equal(true));
    expect(button(inapp, 'close').getAttribute('aria-label')).to.equal('Close');
  });

  it('the steps read stay in the sheet while it slides out', async () => {
    fakeUA(UA.firefox);
    backend();
    const el = mount('<wps-install-prompt open></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'web-app')).to.equal(true));
    await shownOnce(log);
    button(el, 'web-app').click();
    await waitFor(() => expect(has(el, 'got-it')).to.equal(true));
    clock = installClock();
    button(el, 'got-it').click();
    await waitFor(() => expect(el.hasAttribute('open')).to.equal(false));
    await clock.tickAsync(SHEET_TRANSITION_MS - 1);
    expect(has(el, 'sheet') && has(el, 'steps'), 'the steps, not the choices, slide out').to.equal(true);
  });

  it('a stale browser dialog: the written steps follow and the prompt stays', async () => {
    fakeUA(UA.chrome);
    backend();
    nativePrompt.value = Object.assign(new Event('beforeinstallprompt'), {
      prompt: () => Promise.reject(new Error('used')),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    }) as unknown as BeforeInstallPromptEvent;
    const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'web-app')).to.equal(true));
    await shownOnce(log);
    button(el, 'web-app').click();
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    expect(log.types()).to.deep.equal(['wps-install-shown']);
    expect(skipped.value).to.equal(false);
  });

  it('the iOS guide opened on an Android phone: the full guide', async () => {
    fakeUA(UA.chrome);
    backend();
    const el = mount('<wps-ios-guide open></wps-ios-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    await shownOnce(log);
    expect(log.events[0]!.detail).to.deep.equal({ platform: 'android', path: 'ios-guide' });
  });

  it('the iOS 17 tip waits its 2000 ms too', async () => {
    fakeUA(UA.safari17);
    backend();
    clock = installClock();
    const el = mount('<wps-ios-guide></wps-ios-guide>');
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    await waitFor(() => expect(clock!.countTimers()).to.be.greaterThan(0));
    await clock.tickAsync(1999);
    expect(has(el, 'dialog')).to.equal(false);
    await clock.tickAsync(1);
    await waitFor(() => expect(has(el, 'dialog')).to.equal(true));
  });

  it('the iOS 16 footer: named for what it says, its arrow at Share; focus that left its × is not pulled back', async () => {
    fakeUA(UA.safari16);
    backend();
    const [a, b] = [mount<HTMLButtonElement>('<button>a</button>'), mount<HTMLButtonElement>('<button>b</button>')];
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    expect(part(el, 'footer')!.getAttribute('aria-label')).to.equal('How to add Lucky Lotto to your home screen');
    expect(getComputedStyle(part(el, 'footer')!, '::after').content).to.not.equal('none');
    a.focus();
    button(el, 'close').focus(); // came from a
    b.focus(); // and left for b
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => expect(has(el, 'footer')).to.equal(false));
    expect(document.activeElement).to.equal(b);
  });
});

describe('<wps-ios-guide>: the footer card on iOS 26', () => {
  it('on iOS 26 the footer is still the card at the bottom of the screen, without its arrow', async () => {
    fakeUA(UA.safari26);
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    expect(getComputedStyle(part(el, 'footer')!).position).to.equal('fixed');
    expect(getComputedStyle(part(el, 'footer')!, '::after').content).to.equal('none');
  });
});
