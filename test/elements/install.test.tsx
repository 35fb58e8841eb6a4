/**
 * `<wps-install-prompt>`, `<wps-ios-guide>` and `<wps-inapp-guide>` (docs/install.md; docs/product.md
 * §2, §4, §9) through attributes, properties and events, with the phone's user agent faked: the
 * 2000 ms delay on a fake clock, the rules (install support, maintenance, the session skip), the
 * browser's own dialog, the written steps, the iOS modes, the in-app escapes, the funnel events,
 * one overlay at a time, and axe-core on each.
 */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/install-prompt.tsx';
import '../../elements/ios-guide.tsx';
import '../../elements/inapp-guide.tsx';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { siteStatus } from '../../src/core/config/siteStatus.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import {
  INSTALL_DELAY_MS,
  SKIP_KEY,
  installed,
  nativePrompt,
  skipped,
  type BeforeInstallPromptEvent,
} from '../../src/features/install/model.ts';
import { SHEET_TRANSITION_MS } from '../../src/ui/Sheet.tsx';
import { statusFixture } from '../browser-helpers/status.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { fakeUA, resetInstall, statusBackend } from '../browser-helpers/install-fixture.ts';
import { expectAccessible, has, mount, part, recordEvents, sleep, unmountAll, waitFor } from '../browser-helpers/helpers.ts';

const UA = {
  chrome: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Android 13; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
  ios: (v: string) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1`,
  tiktok:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_320203 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.2.3 ByteLocale/en BytedanceWebview/d8a21c6',
  whatsappAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.124 Mobile Safari/537.36 [WA4A/2.25.32.75;]',
  whatsappIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 26_0_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0.1 Mobile/15E148 Safari/604.1 [WAiOS/2.25.31]',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 26_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/23E254 Instagram 424.1.0.31.54 (iPhone18,4; iOS 26_4_1; en_GB; en-GB; scale=3.00; 1260x2736; IABMV/1; 933996394) NW/3 Safari/604.1',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.83 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/488.0.0.62.79;IABMV/1;]',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN',
  pinterestAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.83 Mobile Safari/537.36 [Pinterest/Android]',
  kwai: (v: string) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Kwai/11.8.30.1022 ISLP/0 KDT/PHONE WebViewType/WK`,
};

function status(over: { enabled?: boolean; maintenance?: boolean } = {}): SiteStatus {
  const base = statusFixture({ maintenance: over.maintenance ?? false });
  return {
    ...base,
    info: {
      ...base.info,
      appName: 'Lucky Lotto',
      appShortName: 'Lucky',
      resources: [{ resourceType: 'Android', url: 'https://dl.example.test/lucky.apk' }],
      install: { enabled: over.enabled ?? true },
    },
  };
}

const backend = (s = status()) => statusBackend(s);

/** A held install dialog that answers `outcome`. */
function holdDialog(outcome: 'accepted' | 'dismissed') {
  let prompted = 0;
  nativePrompt.value = Object.assign(new Event('beforeinstallprompt'), {
    prompt: () => {
      prompted += 1;
      return Promise.resolve();
    },
    userChoice: Promise.resolve({ outcome }),
  }) as unknown as BeforeInstallPromptEvent;
  return () => prompted;
}

/** axe-core once the 250 ms slide-in is over (half-transparent text mid-animation fails the contrast rule). */
async function accessibleOnceIn(el: Element) {
  await sleep(SHEET_TRANSITION_MS + 50);
  await expectAccessible(el);
}

const FUNNEL = ['wps-install-shown', 'wps-install-accepted', 'wps-install-dismissed', 'wps-installed'];
const button = (el: Element, name: string) => part<HTMLButtonElement>(el, name)!;
let clock: FakeClock | undefined;

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

describe('<wps-install-prompt> on Android', () => {
  it(`waits ${INSTALL_DELAY_MS} ms, then offers the app, the web app and the browser; the web app opens the browser's dialog`, async () => {
    fakeUA(UA.chrome);
    backend();
    const prompted = holdDialog('accepted');
    clock = installClock();
    const el = mount('<wps-install-prompt></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    // The delay counts from the element's first render: wait until it is armed.
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    await waitFor(() => expect(clock!.countTimers()).to.be.greaterThan(0));
    await clock.tickAsync(INSTALL_DELAY_MS - 1);
    expect(has(el, 'sheet'), 'not before 2000 ms').to.equal(false);
    await clock.tickAsync(1);
    await waitFor(() => expect(has(el, 'sheet')).to.equal(true));
    clock.uninstall();
    clock = undefined;
    expect(part(el, 'title')!.textContent).to.equal('Install Lucky Lotto');
    expect(button(el, 'app').textContent).to.equal('Download the app');
    expect(button(el, 'web-app').textContent).to.equal('Add to home screen');
    expect(button(el, 'browser').textContent).to.equal('Continue in the browser');
    expect(log.events.map((e) => [e.type, e.detail])).to.deep.equal([
      ['wps-install-shown', { platform: 'android', path: 'android-native' }],
    ]);
    await accessibleOnceIn(el);

    button(el, 'web-app').click();
    await waitFor(() => expect(log.types()).to.include('wps-install-accepted'));
    expect(prompted()).to.equal(1);
    expect(log.events[1]!.detail).to.deep.equal({ platform: 'android', path: 'android-native' });
    await waitFor(() => expect(has(el, 'sheet')).to.equal(false));
  });

  it('"Continue in the browser" declines for the session: a later page shows nothing', async () => {
    fakeUA(UA.chrome);
    backend();
    holdDialog('accepted');
    const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'browser')).to.equal(true));
    button(el, 'browser').click();
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-install-shown', 'wps-install-dismissed']));
    expect(sessionStorage.getItem(SKIP_KEY)).to.equal('true');
    await waitFor(() => expect(has(el, 'sheet')).to.equal(false));

    unmountAll();
    const again = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    await sleep(300);
    expect(has(again, 'sheet'), 'not twice in a session').to.equal(false);
  });

  it("declining in the browser's dialog counts as declining", async () => {
    fakeUA(UA.chrome);
    backend();
    holdDialog('dismissed');
    const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'web-app')).to.equal(true));
    button(el, 'web-app').click();
    await waitFor(() => expect(log.types()).to.include('wps-install-dismissed'));
    expect(skipped.value).to.equal(true);
  });

  it('Firefox has no dialog: the web app shows the steps of its menu', async () => {
    fakeUA(UA.firefox);
    backend();
    const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'web-app')).to.equal(true));
    expect(log.events[0]!.detail).to.deep.equal({ platform: 'android', path: 'android-steps' });
    button(el, 'web-app').click();
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    expect(part(el, 'title')!.textContent).to.equal('Add Lucky Lotto to your home screen');
    expect(Array.from(part(el, 'steps')!.querySelectorAll('li')).map((li) => li.textContent)).to.deep.equal([
      "1Tap your browser's menu button (⋮ or ☰).",
      '2Choose “Add app to Home screen” or “Install”.',
      '3Confirm with “Install” or “Add”.',
    ]);
    await accessibleOnceIn(el);
    button(el, 'got-it').click();
    await waitFor(() => expect(log.types()).to.include('wps-install-accepted'));
    expect(log.events.at(-1)!.detail).to.deep.equal({ platform: 'android', path: 'android-steps' });
  });

  const offRows: [string, () => void][] = [
    ['install support off', () => backend(status({ enabled: false }))],
    ['maintenance', () => backend(status({ maintenance: true }))],
    [
      'declined earlier this session',
      () => {
        backend();
        sessionStorage.setItem(SKIP_KEY, 'true');
        skipped.value = true;
      },
    ],
    [
      'installed already',
      () => {
        backend();
        installed.value = true;
      },
    ],
  ];
  for (const [name, arrange] of offRows) {
    it(`nothing shows when ${name}`, async () => {
      fakeUA(UA.chrome);
      holdDialog('accepted');
      arrange();
      const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
      await sleep(300);
      expect(has(el, 'sheet')).to.equal(false);
    });
  }

  it('open shows it at once whatever the rules, and is removed when it closes', async () => {
    fakeUA(UA.chrome);
    backend(status({ enabled: false }));
    const el = mount('<wps-install-prompt open></wps-install-prompt>');
    await waitFor(() => expect(has(el, 'browser')).to.equal(true));
    button(el, 'browser').click();
    await waitFor(() => expect(el.hasAttribute('open')).to.equal(false));
  });

  it('the open and delay properties work as the attributes do', async () => {
    fakeUA(UA.chrome);
    backend();
    const el = mount<HTMLElement & { open?: boolean; delay?: number }>('<wps-install-prompt></wps-install-prompt>');
    el.delay = 0;
    el.open = true;
    await waitFor(() => expect(has(el, 'browser')).to.equal(true));
    button(el, 'browser').click();
    await waitFor(() => expect(el.hasAttribute('open') || el.open === true).to.equal(false));
  });

  it('appinstalled is reported as wps-installed', async () => {
    fakeUA(UA.chrome);
    backend();
    const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    const log = recordEvents(el, FUNNEL);
    await sleep(50);
    window.dispatchEvent(new Event('appinstalled'));
    await waitFor(() => expect(log.types()).to.include('wps-installed'));
    expect(log.events.find((e) => e.type === 'wps-installed')!.detail.platform).to.equal('android');
    expect(installed.value).to.equal(true);
  });
});

describe('<wps-ios-guide>', () => {
  it('iOS 12.1 Safari: the add-to-home-screen guide with the share-sheet steps and the notification hint', async () => {
    fakeUA(UA.ios('12_1'));
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    expect(part(el, 'steps')!.textContent).to.contain('Tap the Share button');
    expect(part(el, 'steps')!.textContent).to.contain('Add to Home Screen');
    expect(part(el, 'hint')!.textContent).to.equal('Installed, Lucky Lotto can also send you notifications.');
    expect(log.events[0]!.detail).to.deep.equal({ platform: 'ios', path: 'ios-guide' });
    await accessibleOnceIn(el);
    button(el, 'got-it').click();
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-install-shown', 'wps-install-accepted']));
    expect(skipped.value, 'read once, not shown again this session').to.equal(true);
  });

  it('iOS 17: the download tip alert', async () => {
    fakeUA(UA.ios('17_4'));
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'dialog')).to.equal(true));
    expect(part(el, 'dialog')!.getAttribute('role')).to.equal('alertdialog');
    expect(part(el, 'title')!.textContent).to.equal('Download tip');
    await accessibleOnceIn(el);
  });

  it('iOS 16 Safari: the footer guide, closed for the session', async () => {
    fakeUA(UA.ios('16_6'));
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    expect(part(el, 'footer')!.textContent).to.contain('tap Share, then “Add to Home Screen”');
    await accessibleOnceIn(el);
    button(el, 'close').click();
    await waitFor(() => expect(has(el, 'footer')).to.equal(false));
    expect(log.events.at(-1)!.type).to.equal('wps-install-dismissed');
    expect(sessionStorage.getItem(SKIP_KEY)).to.equal('true');
  });

  it('iOS 16 Safari: Escape closes the footer guide as its × does (dismissed for the session); focus stays where the player is', async () => {
    fakeUA(UA.ios('16_6'));
    backend();
    const outside = mount<HTMLButtonElement>('<button type="button">page button</button>');
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    outside.focus();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => expect(has(el, 'footer')).to.equal(false));
    expect(log.types()).to.deep.equal(['wps-install-shown', 'wps-install-dismissed']);
    expect(log.events[1]!.detail).to.deep.equal({ platform: 'ios', path: 'ios-footer' });
    expect(sessionStorage.getItem(SKIP_KEY)).to.equal('true');
    expect(document.activeElement).to.equal(outside);
  });

  it('the footer guide: Escape on its × closes it and focus goes back to where it came from', async () => {
    fakeUA(UA.ios('16_6'));
    backend();
    const outside = mount<HTMLButtonElement>('<button type="button">page button</button>');
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    outside.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement, 'Tab reaches the ×').to.equal(part(el, 'close'));
    await sendKeys({ press: 'Escape' });
    await waitFor(() => expect(has(el, 'footer')).to.equal(false));
    expect(document.activeElement, 'not lost to <body>').to.equal(outside);
  });

  it('the footer guide leaves an Escape alone that something else already answered', async () => {
    fakeUA(UA.ios('16_6'));
    backend();
    const field = mount<HTMLInputElement>('<input aria-label="search">');
    field.addEventListener('keydown', (e) => e.key === 'Escape' && e.preventDefault());
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    field.focus();
    await sendKeys({ press: 'Escape' });
    await sleep(100);
    expect(has(el, 'footer')).to.equal(true);
    expect(sessionStorage.getItem(SKIP_KEY)).to.equal(null);
  });

  it('an Android phone gets no iOS guide', async () => {
    fakeUA(UA.chrome);
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await sleep(300);
    expect(el.shadowRoot!.querySelector('[part]')).to.equal(null);
  });
});

describe('<wps-inapp-guide>', () => {
  it('TikTok on Android: "open in browser" is an intent for this very page', async () => {
    fakeUA(UA.tiktok);
    backend();
    const el = mount('<wps-inapp-guide delay="0"></wps-inapp-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'open')).to.equal(true));
    expect(el.shadowRoot!.textContent).to.contain("You are in TikTok's built-in browser");
    const href = part<HTMLAnchorElement>(el, 'open')!.getAttribute('href')!;
    expect(href.startsWith(`intent://${location.host}${location.pathname}`)).to.equal(true);
    expect(href).to.contain(`;S.browser_fallback_url=${encodeURIComponent(location.href)};end`);
    expect(log.events[0]!.detail).to.deep.equal({ platform: 'android', path: 'inapp-intent' });
    await accessibleOnceIn(el);
  });

  it('Kwai on iOS 17: x-safari; on iOS 16: copy the link, shown when the clipboard refuses', async () => {
    fakeUA(UA.kwai('17_1'));
    backend();
    const el = mount('<wps-inapp-guide delay="0"></wps-inapp-guide>');
    await waitFor(() => expect(has(el, 'open')).to.equal(true));
    expect(part(el, 'open')!.getAttribute('href')).to.equal(`x-safari-${location.href}`);
    reset();

    fakeUA(UA.kwai('16_6'));
    backend();
    const saved = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      get: () => ({ writeText: () => Promise.reject(new Error('NotAllowedError')) }),
    });
    try {
      const el2 = mount('<wps-inapp-guide delay="0"></wps-inapp-guide>');
      await waitFor(() => expect(has(el2, 'copy')).to.equal(true));
      expect(has(el2, 'open'), 'no escape link on iOS 16').to.equal(false);
      button(el2, 'copy').click();
      await waitFor(() => expect(has(el2, 'link')).to.equal(true));
      expect(part<HTMLInputElement>(el2, 'link')!.value).to.equal(location.href);
      expect(part(el2, 'status')!.textContent).to.equal('Copy this link and paste it into your browser:');
      await accessibleOnceIn(el2);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
      if (saved) Object.defineProperty(Navigator.prototype, 'clipboard', saved);
    }
  });

  it('before the copy button is tapped the status line says nothing', async () => {
    fakeUA(UA.tiktok);
    backend();
    const el = mount('<wps-inapp-guide delay="0"></wps-inapp-guide>');
    await waitFor(() => expect(has(el, 'copy')).to.equal(true));
    expect(part(el, 'status')!.textContent).to.equal('');
    expect(has(el, 'link'), 'no link box before a failed copy').to.equal(false);
  });

  it('copying the link says so and counts as accepted', async () => {
    fakeUA(UA.tiktok);
    backend();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      get: () => ({ writeText: (text: string) => (copied.push(text), Promise.resolve()) }),
    });
    try {
      const el = mount('<wps-inapp-guide delay="0"></wps-inapp-guide>');
      const log = recordEvents(el, FUNNEL);
      await waitFor(() => expect(has(el, 'copy')).to.equal(true));
      button(el, 'copy').click();
      await waitFor(() =>
        expect(part(el, 'status')!.textContent).to.equal('Link copied. Open your browser and paste it into the address bar.'),
      );
      expect(copied).to.deep.equal([location.href]);
      expect(log.events.at(-1)!.detail).to.deep.equal({ platform: 'android', path: 'inapp-copy' });
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
  });
});

describe('<wps-inapp-guide>: each app its own way out (issue 27)', () => {
  const steps = (el: Element) => [...el.shadowRoot!.querySelectorAll('[part="step"]')].map((li) => li.textContent);
  async function guide(ua: string) {
    fakeUA(ua);
    backend();
    const el = mount('<wps-inapp-guide delay="0"></wps-inapp-guide>');
    const log = recordEvents(el, FUNNEL);
    await waitFor(() => expect(has(el, 'copy')).to.equal(true));
    return { el, log, open: part<HTMLAnchorElement>(el, 'open')?.getAttribute('href') };
  }

  it("WhatsApp on Android: the intent, and WhatsApp's ⋮ menu", async () => {
    const { el, open } = await guide(UA.whatsappAndroid);
    expect(open!.startsWith(`intent://${location.host}`)).to.equal(true);
    expect(steps(el)).to.deep.equal(['1In WhatsApp, tap ⋮.', '2Choose “Open in browser”.']);
    await accessibleOnceIn(el);
  });

  it("WhatsApp on iOS 26 (Safari's agent plus WAiOS): x-safari, and “Open in Safari”", async () => {
    const { el, open, log } = await guide(UA.whatsappIos);
    expect(open).to.equal(`x-safari-${location.href}`);
    await waitFor(() => expect(log.events.length, 'the funnel event').to.be.greaterThan(0)); // sent after the paint
    expect(log.events[0]!.detail).to.deep.equal({ platform: 'ios', path: 'inapp-x-safari' });
    expect(steps(el)).to.deep.equal(['1In WhatsApp, tap ⋯.', '2Choose “Open in Safari”.']);
    await accessibleOnceIn(el);
  });

  it("Instagram on iOS 26: Instagram's extbrowser (x-safari no longer works there), and its menu's words", async () => {
    const { el, open, log } = await guide(UA.instagramIos);
    expect(open).to.equal(`instagram://extbrowser/?url=${encodeURIComponent(location.href)}`);
    await waitFor(() => expect(log.events.length, 'the funnel event').to.be.greaterThan(0)); // sent after the paint
    expect(log.events[0]!.detail).to.deep.equal({ platform: 'ios', path: 'inapp-instagram' });
    expect(steps(el)).to.deep.equal(['1In Instagram, tap ⋯.', '2Choose “Open in external browser”.']);
    await accessibleOnceIn(el);
  });

  it('Facebook on Android blocks intents: no "open" link, copy and the menu only', async () => {
    const { el, open } = await guide(UA.facebookAndroid);
    expect(open).to.equal(undefined);
    expect(steps(el)).to.deep.equal(['1In Facebook, tap ⋮.', '2Choose “Open in external browser”.']);
    await accessibleOnceIn(el);
  });

  it("WeChat on iOS 17: no x-safari, WeChat's ⋯ then “Open in Safari”", async () => {
    const { el, open } = await guide(UA.wechatIos);
    expect(open).to.equal(undefined);
    expect(steps(el)).to.deep.equal(['1In WeChat, tap ⋯.', '2Choose “Open in Safari”.']);
  });

  it('an app we cannot name (an Android web view) is "this app", with the intent', async () => {
    const { el, open } = await guide(UA.pinterestAndroid);
    expect(open!.startsWith('intent://')).to.equal(true);
    expect(el.shadowRoot!.textContent).to.contain("You are in this app's built-in browser");
    expect(steps(el)[0]).to.equal('1In this app, tap ⋮.');
  });
});

describe('one overlay at a time (core/overlay/queue.ts)', () => {
  it('two elements opened at once: never both on screen; the second follows when the first closes', async () => {
    fakeUA(UA.chrome);
    backend();
    const prompt = mount('<wps-install-prompt open></wps-install-prompt>');
    const inapp = mount('<wps-inapp-guide open></wps-inapp-guide>');
    // Both asked at once: whichever asked first holds the turn; the other waits.
    await waitFor(() => expect(has(prompt, 'sheet') || has(inapp, 'sheet')).to.equal(true));
    await sleep(100);
    expect(has(prompt, 'sheet') && has(inapp, 'sheet'), 'never two at once').to.equal(false);
    const first = has(inapp, 'sheet') ? inapp : prompt;
    const second = first === inapp ? prompt : inapp;
    button(first, first === inapp ? 'stay' : 'browser').click();
    await waitFor(() => expect(has(second, 'sheet')).to.equal(true), 2000);
  });
});
