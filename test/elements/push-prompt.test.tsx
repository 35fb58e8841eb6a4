/**
 * `<wps-push-prompt>` (elements/push-prompt.tsx, src/features/push/PushPrompt.tsx; docs/push.md):
 * shown to a member when the merchant has push, the permission is undecided and it is not the
 * session's first page view, PROMPT_DELAY_MS after it may (fake clock); "Not now" closes it for the
 * session and records the back-off; "Turn on" asks the browser (Notification.requestPermission,
 * faked) and reports denied, undecided, errors and success as wps-push-* events; never for a
 * visitor, an already decided permission, a merchant without push or the first page view; the
 * `open` attribute shows it at once, and tells iOS Safari outside the home-screen app why not.
 * axe-core, in English and in Urdu (rtl).
 *
 * The push service is the server's stand-in (pushServiceUrl) and the service worker container a
 * plain fake, so no Firebase code loads and no worker is registered.
 */
import { expect } from 'chai';
import '../../elements/push-prompt.tsx';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { resetSiteData, siteStatus } from '../../src/core/config/siteStatus.ts';
import { language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { resetOverlays } from '../../src/core/overlay/queue.ts';
import { clearSession, saveSession } from '../../src/core/session/sessionInfo.ts';
import { PROMPT_DELAY_MS } from '../../src/features/push/prompt.ts';
import EN from '../../src/features/push/locales/EN.json';
import UR from '../../src/features/push/locales/UR.json';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
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
  type FetchCall,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { fakeProperty, statusFixture } from '../browser-helpers/status.ts';

const APP = 'Lucky';
const SERVICE = 'http://127.0.0.1:1/push-service/v1';
const EVENTS = ['wps-push-shown', 'wps-push-accept', 'wps-push-dismiss', 'wps-push-granted', 'wps-push-denied', 'wps-push-error'];
const withApp = (s: string) => s.replace('{{app}}', APP);

/** A real VAPID public key: a P-256 public point, raw (65 bytes), base64url. */
let vapidKey = '';
async function makeVapidKey() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  let s = '';
  for (const b of raw) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function status(push = true): SiteStatus {
  const base = statusFixture();
  if (!push) return base;
  return {
    ...base,
    info: {
      ...base.info,
      appName: APP,
      sms: {
        apiKey: 'api-key-1',
        appId: '1:123:web:abc',
        projectId: 'demo-proj',
        messagingSenderId: '123',
        vapidKey,
        pushServiceUrl: SERVICE,
      },
    },
  };
}

let stub: FetchStub | undefined;
let service: (c: FetchCall) => Response;
function backend(s: SiteStatus = status()) {
  stub = stubFetch((c) => {
    if (c.url.pathname === '/wps/system/status') return json({ success: true, value: s });
    if (c.url.pathname.startsWith('/push-service/')) return service(c);
    if (c.url.pathname.startsWith('/wps/relay/')) return json({ success: true });
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

// ---- Faked browser: the permission, its dialog, the service worker, the user agent ----
let permission: NotificationPermission = 'default';
/** What the browser's dialog answers. */
let answer: NotificationPermission = 'default';
let asked = 0;
const restores: (() => void)[] = [];
function fakeBrowser() {
  restores.push(fakeProperty(Notification, 'permission', () => permission));
  restores.push(
    fakeProperty(Notification, 'requestPermission', () => async () => {
      asked++;
      // The browser's permission is what the player chose (undecided stays undecided).
      permission = answer;
      return answer;
    }),
  );
  const subscription = {
    endpoint: 'https://push.example.test/send/1',
    options: { applicationServerKey: null },
    getKey: (name: string) => new Uint8Array(name === 'auth' ? 16 : 65).fill(7).buffer,
    unsubscribe: async () => true,
  };
  const registration = {
    scope: '/firebase-cloud-messaging-push-scope',
    pushManager: { getSubscription: async () => null, subscribe: async () => subscription },
  };
  const container = { register: async () => registration, getRegistration: async () => registration };
  restores.push(fakeProperty(navigator, 'serviceWorker', () => container));
}
const fakeUA = (ua: string) => restores.push(fakeProperty(navigator, 'userAgent', () => ua));
const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

let clock: FakeClock | undefined;
const member = () => saveSession({ token: 'tok-member', merchantCode: 'DEMO01', userName: 'player1', type: 0 });
const setPageViews = (n: number) => sessionStorage.setItem('wps:pageViews', JSON.stringify(n));

function reset() {
  clock?.uninstall();
  clock = undefined;
  unmountAll();
  // The status first: the page's session watcher then has nothing to unsubscribe against.
  resetSiteData();
  clearSession();
  stub?.restore();
  stub = undefined;
  resetOverlays();
  for (const restore of restores.splice(0).reverse()) restore();
  sessionStorage.clear();
  localStorage.clear();
  language.value = 'EN';
  permission = 'default';
  answer = 'default';
  asked = 0;
  service = (c) => json(c.method === 'DELETE' ? {} : { token: 'push-tok-1' });
}

before(async () => {
  vapidKey = await makeVapidKey();
  language.value = 'EN';
  await languageReady();
  // The first prompt on a page counts that page view and starts the session watcher, once per page:
  // done here, so each test sets the page views it needs.
  reset();
  backend(status(false));
  const el = mount('<wps-push-prompt></wps-push-prompt>');
  await waitFor(() => expect(sessionStorage.getItem('wps:pageViews')).to.equal('1'));
  void el;
  reset();
});
beforeEach(() => {
  reset();
  fakeBrowser();
});
afterEach(reset);

/** Mounts the prompt, lets PROMPT_DELAY_MS pass on the fake clock and waits for its title. */
async function mountShown(html = '<wps-push-prompt></wps-push-prompt>') {
  clock = installClock(1_700_000_000_000);
  const el = mount(html);
  const log = recordEvents(el, EVENTS);
  await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
  await waitFor(() => expect(clock!.countTimers()).to.be.greaterThan(0));
  await clock.tickAsync(PROMPT_DELAY_MS);
  await waitFor(() => expect(has(el, 'title')).to.equal(true));
  clock.uninstall();
  clock = undefined;
  return { el, log };
}

/** Mounts the prompt and lets far more than PROMPT_DELAY_MS pass: it must still be hidden. */
async function expectNeverShown(html = '<wps-push-prompt></wps-push-prompt>') {
  clock = installClock(1_700_000_000_000);
  const el = mount(html);
  const log = recordEvents(el, EVENTS);
  await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
  await sleep(50);
  await clock.tickAsync(PROMPT_DELAY_MS * 5);
  await sleep(50);
  expect(has(el, 'title'), 'the prompt is hidden').to.equal(false);
  expect(log.types()).to.deep.equal([]);
  return el;
}

const text = (el: Element, name: string) => part(el, name)?.textContent ?? null;
const click = (el: Element, name: string) => part<HTMLButtonElement>(el, name)!.click();

describe('<wps-push-prompt>: when it shows', () => {
  it(`a member, push configured, permission undecided, 2nd page view: after ${PROMPT_DELAY_MS} ms, not before`, async () => {
    backend();
    member();
    setPageViews(2);
    clock = installClock(1_700_000_000_000);
    const el = mount('<wps-push-prompt></wps-push-prompt>');
    const log = recordEvents(el, EVENTS);
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    await waitFor(() => expect(clock!.countTimers()).to.be.greaterThan(0));
    await clock.tickAsync(PROMPT_DELAY_MS - 1);
    expect(has(el, 'title'), `not before ${PROMPT_DELAY_MS} ms`).to.equal(false);
    await clock.tickAsync(1);
    await waitFor(() => expect(has(el, 'title')).to.equal(true));
    clock.uninstall();
    clock = undefined;
    expect(text(el, 'title')).to.equal(EN['push.title']);
    expect(text(el, 'message')).to.equal(withApp(EN['push.text']));
    expect(text(el, 'later')).to.equal(EN['push.later']);
    expect(text(el, 'allow')).to.equal(EN['push.allow']);
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-push-shown']));
  });

  it('not on the first page view', async () => {
    backend();
    member();
    setPageViews(1);
    await expectNeverShown();
  });
  it('not for a visitor', async () => {
    backend();
    setPageViews(2);
    await expectNeverShown();
  });
  for (const decided of ['granted', 'denied'] as const) {
    it(`not when the permission is already ${decided}`, async () => {
      permission = decided;
      backend();
      member();
      setPageViews(2);
      await expectNeverShown();
    });
  }
  it('not without push config', async () => {
    backend(status(false));
    member();
    setPageViews(2);
    await expectNeverShown();
  });
  it('not again in a session where it was dismissed', async () => {
    backend();
    member();
    setPageViews(5);
    sessionStorage.setItem('wps:pushPromptDismissed', 'true');
    await expectNeverShown();
  });
  it('`open` shows it at once, even on the first page view', async () => {
    backend();
    member();
    setPageViews(1);
    const el = mount('<wps-push-prompt open></wps-push-prompt>');
    const log = recordEvents(el, EVENTS);
    await waitFor(() => expect(has(el, 'title')).to.equal(true), 1000);
    expect(text(el, 'message')).to.equal(withApp(EN['push.text']));
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-push-shown']));
  });
  it('`open` on iOS Safari outside the home-screen app: tells how to get notifications there', async () => {
    fakeUA(IOS_SAFARI);
    backend();
    member();
    setPageViews(1);
    const el = mount('<wps-push-prompt open></wps-push-prompt>');
    await waitFor(() => expect(text(el, 'message')).to.equal(withApp(EN['push.error.ios-needs-install'])));
    expect(part(el, 'message')!.getAttribute('role')).to.equal('status');
    expect(has(el, 'allow'), 'nothing to turn on here').to.equal(false);
    expect(text(el, 'done')).to.equal(EN['push.done']);
  });
  it('iOS Safari outside the home-screen app without `open`: never asks', async () => {
    fakeUA(IOS_SAFARI);
    backend();
    member();
    setPageViews(2);
    await expectNeverShown();
  });
});

describe('<wps-push-prompt>: the answers', () => {
  beforeEach(() => {
    backend();
    member();
    setPageViews(2);
  });

  it('"Not now": wps-push-dismiss, closed, the dismissal recorded for the session and the back-off', async () => {
    const { el, log } = await mountShown();
    click(el, 'later');
    await waitFor(() => expect(has(el, 'title')).to.equal(false));
    expect(log.types()).to.deep.equal(['wps-push-shown', 'wps-push-dismiss']);
    expect(sessionStorage.getItem('wps:pushPromptDismissed')).to.equal('true');
    const record = JSON.parse(localStorage.getItem('wps:pushPrompt') ?? 'null') as { dismissals: number; last: number };
    expect(record.dismissals).to.equal(1);
    expect(record.last).to.be.within(1_700_000_000_000, 1_700_000_000_000 + 10 * PROMPT_DELAY_MS);
    expect(asked, 'the browser was not asked').to.equal(0);
  });

  it('"Turn on" → the browser blocks: wps-push-accept, wps-push-denied permission-blocked', async () => {
    answer = 'denied';
    const { el, log } = await mountShown();
    click(el, 'allow');
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-push-shown', 'wps-push-accept', 'wps-push-denied']));
    expect(asked).to.equal(1);
    expect(log.events[2]!.detail).to.deep.equal({ code: 'permission-blocked' });
  });

  it('"Turn on" → the browser blocks (opened by the page): the permission-blocked text as a status', async () => {
    answer = 'denied';
    const el = mount('<wps-push-prompt open></wps-push-prompt>');
    const log = recordEvents(el, EVENTS);
    await waitFor(() => expect(has(el, 'allow')).to.equal(true));
    click(el, 'allow');
    await waitFor(() => expect(text(el, 'message')).to.equal(EN['push.error.permission-blocked']));
    expect(part(el, 'message')!.getAttribute('role')).to.equal('status');
    expect(log.events.find((e) => e.type === 'wps-push-denied')!.detail).to.deep.equal({ code: 'permission-blocked' });
    await expectAccessible(el);
  });

  it('"Turn on" → the dialog closed undecided: wps-push-denied permission-default, the text shown, a dismissal recorded', async () => {
    answer = 'default';
    const { el, log } = await mountShown();
    click(el, 'allow');
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-push-shown', 'wps-push-accept', 'wps-push-denied']));
    expect(log.events[2]!.detail).to.deep.equal({ code: 'permission-default' });
    await waitFor(() => expect(text(el, 'message')).to.equal(EN['push.error.permission-default']));
    expect(part(el, 'message')!.getAttribute('role')).to.equal('status');
    expect(JSON.parse(localStorage.getItem('wps:pushPrompt') ?? 'null')).to.deep.include({ dismissals: 1 });
  });

  it('"Turn on" → granted, the push service failing: wps-push-error with its code', async () => {
    answer = 'granted';
    service = () => json({ error: 'down' }, 503);
    const { el, log } = await mountShown();
    click(el, 'allow');
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-push-shown', 'wps-push-accept', 'wps-push-error']));
    expect(log.events[2]!.detail).to.deep.equal({ code: 'token-subscribe-failed' });
    expect(stub!.calls.some((c) => c.method === 'POST' && c.url.href === `${SERVICE}/projects/demo-proj/registrations`)).to.equal(
      true,
    );
  });

  it('"Turn on" → granted (opened by the page): wps-push-granted with the token, bound to the member, "Notifications are on"', async () => {
    answer = 'granted';
    const el = mount('<wps-push-prompt open></wps-push-prompt>');
    const log = recordEvents(el, EVENTS);
    await waitFor(() => expect(has(el, 'allow')).to.equal(true));
    click(el, 'allow');
    await waitFor(() => expect(log.types()).to.include('wps-push-granted'));
    expect(log.events.find((e) => e.type === 'wps-push-granted')!.detail).to.deep.equal({ token: 'push-tok-1' });
    expect(stub!.to('/wps/relay/CSP_fcmBind').map((c) => JSON.parse(c.body!) as unknown)).to.deep.equal([
      { registrationToken: 'push-tok-1' },
    ]);
    await waitFor(() => expect(text(el, 'title')).to.equal(EN['push.on_title']));
    expect(text(el, 'message')).to.equal(withApp(EN['push.on']));
    click(el, 'done');
    await waitFor(() => expect(has(el, 'title')).to.equal(false));
  });

  // Shown on its own (no `open`): the browser's answer moves the permission away from 'default', and
  // the prompt must still stay to tell the outcome.
  it('"Turn on" → the browser blocks (shown on its own): the permission-blocked text stays on screen', async () => {
    answer = 'denied';
    const { el, log } = await mountShown();
    click(el, 'allow');
    await waitFor(() => expect(log.types()).to.include('wps-push-denied'));
    await sleep(100);
    expect(text(el, 'message')).to.equal(EN['push.error.permission-blocked']);
    expect(part(el, 'message')!.getAttribute('role')).to.equal('status');
  });
  it('"Turn on" → granted (shown on its own): "Notifications are on" stays on screen', async () => {
    answer = 'granted';
    const { el, log } = await mountShown();
    click(el, 'allow');
    await waitFor(() => expect(log.types()).to.include('wps-push-granted'));
    await sleep(100);
    expect(text(el, 'title')).to.equal(EN['push.on_title']);
  });
});

describe('<wps-push-prompt>: page changes', () => {
  // A prompt mounted on the session's first page of an app like /m must notice the second page.
  it('a page change to the second page view makes it due', async () => {
    backend();
    member();
    setPageViews(1);
    clock = installClock(1_700_000_000_000);
    const el = mount('<wps-push-prompt></wps-push-prompt>');
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    await sleep(50);
    const path = location.pathname + location.search;
    history.pushState(null, '', '/spa-second-page');
    dispatchEvent(new Event('pushState'));
    history.replaceState(null, '', path);
    dispatchEvent(new Event('replaceState'));
    await sleep(50);
    await clock.tickAsync(PROMPT_DELAY_MS * 3);
    await waitFor(() => expect(has(el, 'title')).to.equal(true));
  });
});

describe('<wps-push-prompt>: accessibility', () => {
  beforeEach(() => {
    backend();
    member();
    setPageViews(2);
  });
  it('axe-core finds nothing on the open prompt', async () => {
    const { el } = await mountShown();
    expect(part(el, 'dialog')!.getAttribute('role')).to.equal('dialog');
    await expectAccessible(el);
  });
  it('in Urdu: right to left, its own texts, axe-core clean', async () => {
    setLanguage('UR');
    const el = mount('<wps-push-prompt open></wps-push-prompt>');
    await waitFor(() => expect(text(el, 'title')).to.equal(UR['push.title']), 3000);
    expect(part(el, 'dialog')!.getAttribute('dir')).to.equal('rtl');
    expect(text(el, 'allow')).to.equal(UR['push.allow']);
    expect(text(el, 'message')).to.equal(UR['push.text'].replace('{{app}}', APP));
    await expectAccessible(el);
  });
});
