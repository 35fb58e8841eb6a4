/**
 * `<wps-chat-button>` (elements/chat-button.tsx, src/features/chat/ChatButton.tsx + model.ts):
 * shown only with the whitelabel flag CBS3; the member's unread count (badge, accessible name, 99+)
 * asked on mount, every UNREAD_REFRESH_MS while the page is visible, never while it is hidden and at
 * once when it becomes visible again (fake clock); a visitor goes to /m/login, a type-4 member sees
 * the no-permission text for exactly 2000 ms; a member's tap launches chat with the
 * documented query (CN and TW sent as CN, the header colour checked), fires the cancelable
 * `wps-chat-launch`, and a chat URL that is no web page never reaches location. axe-core.
 *
 * The test page never navigates away: an allowed launch goes to this page's own URL with a
 * fragment (a same-document navigation), so a launch that should have been stopped shows up as a
 * changed `location.hash`.
 */
import { expect } from 'chai';
import '../../elements/chat-button.tsx';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { resetSiteData, siteStatus } from '../../src/core/config/siteStatus.ts';
import { language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { PLEASE_LOGIN_NOTICE } from '../../src/core/api/errors.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { clearSession, saveSession } from '../../src/core/session/sessionInfo.ts';
import { CHAT_FLAG, UNREAD_REFRESH_MS, unreadCount } from '../../src/features/chat/model.ts';
import EN from '../../src/core/i18n/locales/EN.json';
import VI from '../../src/core/i18n/locales/VI.json';
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
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { fakeProperty, statusFixture } from '../browser-helpers/status.ts';

const UNREAD = '/wps/relay/CBS_unreadCount';
const LAUNCH = '/wps/relay/CBS_launchChat';

/** A site status whose whitelabel flags are `flags`. */
function status(flags: Record<string, boolean>): SiteStatus {
  const base = statusFixture();
  return { ...base, info: { ...base.info, whitelabelVal: flags } };
}

/** This page with a fragment: assigning it is a same-document navigation, visible in location.hash. */
const CHAT_HASH = '#wps-chat-test';
const chatUrl = () => location.href.split('#')[0] + CHAT_HASH;

let stub: FetchStub | undefined;
let unreadAnswer: unknown;
let launchAnswer: unknown;
/** When set, the launch answer waits for it. */
let launchGate: Promise<void> | undefined;
function backend(s: SiteStatus = status({ [CHAT_FLAG]: true })) {
  stub = stubFetch(async (c) => {
    if (c.url.pathname === '/wps/system/status') return json({ success: true, value: s });
    if (c.url.pathname === UNREAD) return json(unreadAnswer);
    if (c.url.pathname === LAUNCH) {
      await launchGate;
      return json(launchAnswer);
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}
const unreadCalls = () => stub!.to(UNREAD).length;

let clock: FakeClock | undefined;
let restoreVisibility: (() => void) | undefined;
let visibility: DocumentVisibilityState = 'visible';
/** Fakes document.visibilityState (headless Chromium never changes it) and tells the document. */
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  restoreVisibility ??= fakeProperty(document, 'visibilityState', () => visibility);
  document.dispatchEvent(new Event('visibilitychange'));
}
const navigations: string[] = [];

function member(type = 0, token = 'tok-member') {
  saveSession({ token, merchantCode: 'DEMO01', userName: 'player1', type });
}

function reset() {
  clock?.uninstall();
  clock = undefined;
  unmountAll();
  stub?.restore();
  stub = undefined;
  unreadAnswer = { success: true, value: { unReadCount: 3 } };
  launchAnswer = { success: true, value: { chatUrl: chatUrl() } };
  launchGate = undefined;
  clearSession();
  resetSiteData();
  unreadCount.value = 0;
  notices.value = [];
  navigations.length = 0;
  setNavigator(undefined);
  restoreVisibility?.();
  restoreVisibility = undefined;
  visibility = 'visible';
  sessionStorage.clear();
  localStorage.clear();
  language.value = 'EN';
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
}
before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(reset);
afterEach(reset);

/** Mounts the element and waits for its button. */
async function mountChat(html = '<wps-chat-button></wps-chat-button>') {
  const el = mount(html);
  await waitFor(() => expect(has(el, 'button'), 'the chat button shows').to.equal(true));
  return el;
}
const button = (el: Element) => part<HTMLButtonElement>(el, 'button')!;
const badge = (el: Element) => part(el, 'badge')?.textContent ?? null;
const label = (el: Element) => button(el).getAttribute('aria-label');
/** The query of the one launch call made so far. */
async function launchQuery() {
  await waitFor(() => expect(stub!.to(LAUNCH)).to.have.length(1));
  return stub!.to(LAUNCH)[0]!.url.searchParams;
}

describe('<wps-chat-button>: the CBS3 flag', () => {
  it('shows the button when CBS3 is on', async () => {
    backend(status({ [CHAT_FLAG]: true }));
    const el = await mountChat();
    expect(part(el, 'chat')!.contains(button(el))).to.equal(true);
    expect(label(el)).to.equal(EN['chat.label']);
    await expectAccessible(el);
  });

  const off: [string, Record<string, boolean>][] = [
    ['CBS3 false', { [CHAT_FLAG]: false }],
    ['CBS3 missing', {}],
    ['only other flags on', { CBS2: true, UPDATEMOBILEICC3: true }],
  ];
  for (const [name, flags] of off) {
    it(`nothing with ${name}`, async () => {
      backend(status(flags));
      member();
      const el = mount('<wps-chat-button></wps-chat-button>');
      await waitFor(() => expect(siteStatus.value, 'status loaded').to.not.equal(undefined));
      await sleep(100);
      expect(has(el, 'button')).to.equal(false);
      expect(has(el, 'chat')).to.equal(false);
      expect(unreadCalls(), 'no unread count for a hidden button').to.equal(0);
    });
  }
});

describe('<wps-chat-button>: the unread count', () => {
  it('a member: the count in the badge and in the accessible name, with Authorization', async () => {
    backend();
    member();
    const el = await mountChat();
    await waitFor(() => expect(badge(el)).to.equal('3'));
    expect(label(el)).to.equal('Live chat, 3 unread messages');
    expect(part(el, 'badge')!.getAttribute('aria-hidden'), 'the name says it already').to.equal('true');
    expect(stub!.to(UNREAD)[0]!.headers.get('Authorization')).to.equal('tok-member');
    await expectAccessible(el);
  });

  it('0: no badge, the plain name', async () => {
    unreadAnswer = { success: true, value: { unReadCount: 0 } };
    backend();
    member();
    const el = await mountChat();
    await waitFor(() => expect(unreadCalls()).to.equal(1));
    await sleep(50);
    expect(has(el, 'badge')).to.equal(false);
    expect(label(el)).to.equal(EN['chat.label']);
  });

  const counts: [number, string][] = [
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [250, '99+'],
  ];
  for (const [count, shown] of counts) {
    it(`${count} unread: the badge says ${shown}, the name the real number`, async () => {
      unreadAnswer = { success: true, value: { unReadCount: count } };
      backend();
      member();
      const el = await mountChat();
      await waitFor(() => expect(badge(el)).to.equal(shown));
      expect(label(el)).to.equal(`Live chat, ${count} unread messages`);
    });
  }

  it('a visitor: no unread call at all, not even after the refresh time', async () => {
    backend();
    clock = installClock();
    const el = await mountChat();
    await clock.tickAsync(UNREAD_REFRESH_MS * 2);
    await sleep(50);
    expect(unreadCalls()).to.equal(0);
    expect(has(el, 'badge')).to.equal(false);
    expect(label(el)).to.equal(EN['chat.label']);
  });

  it(`asked again every ${UNREAD_REFRESH_MS} ms while visible: not before, yes at`, async () => {
    backend();
    member();
    setVisibility('visible');
    clock = installClock();
    const el = await mountChat();
    await waitFor(() => expect(unreadCalls(), 'asked on mount').to.equal(1));
    await clock.tickAsync(UNREAD_REFRESH_MS - 1);
    expect(unreadCalls()).to.equal(1);
    unreadAnswer = { success: true, value: { unReadCount: 5 } };
    await clock.tickAsync(1);
    await waitFor(() => expect(unreadCalls()).to.equal(2));
    await waitFor(() => expect(badge(el)).to.equal('5'));
    await clock.tickAsync(UNREAD_REFRESH_MS - 1);
    expect(unreadCalls()).to.equal(2);
    await clock.tickAsync(1);
    await waitFor(() => expect(unreadCalls()).to.equal(3));
  });

  it('never while hidden; at once when visible again, then every minute from there', async () => {
    backend();
    member();
    setVisibility('visible');
    clock = installClock();
    await mountChat();
    await waitFor(() => expect(unreadCalls()).to.equal(1));
    await clock.tickAsync(UNREAD_REFRESH_MS / 2);
    setVisibility('hidden');
    await clock.tickAsync(UNREAD_REFRESH_MS * 3);
    await sleep(30);
    expect(unreadCalls(), 'nothing from a tab in the background').to.equal(1);
    setVisibility('visible');
    await waitFor(() => expect(unreadCalls(), 'at once when visible').to.equal(2));
    await clock.tickAsync(UNREAD_REFRESH_MS - 1);
    expect(unreadCalls()).to.equal(2);
    await clock.tickAsync(1);
    await waitFor(() => expect(unreadCalls()).to.equal(3));
  });

  it('mounted in a hidden page: no polling until the page is visible', async () => {
    backend();
    member();
    setVisibility('hidden');
    clock = installClock();
    await mountChat();
    await sleep(50);
    const atMount = unreadCalls();
    await clock.tickAsync(UNREAD_REFRESH_MS * 3);
    await sleep(30);
    expect(unreadCalls(), 'nothing while hidden').to.equal(atMount);
    setVisibility('visible');
    await waitFor(() => expect(unreadCalls()).to.equal(atMount + 1));
    await clock.tickAsync(UNREAD_REFRESH_MS);
    await waitFor(() => expect(unreadCalls()).to.equal(atMount + 2));
  });

  it('a logout takes the badge away and stops the polling', async () => {
    backend();
    member();
    clock = installClock();
    const el = await mountChat();
    await waitFor(() => expect(badge(el)).to.equal('3'));
    clearSession();
    await waitFor(() => expect(has(el, 'badge')).to.equal(false));
    await clock.tickAsync(UNREAD_REFRESH_MS * 2);
    await sleep(30);
    expect(unreadCalls()).to.equal(1);
  });
});

describe('<wps-chat-button>: a session found gone by the poll', () => {
  it('ends the session with the please-login notice (the poll may be first to find it)', async () => {
    unreadAnswer = { success: false, errorCode: 'CUSTOMER_NOT_LOGIN' };
    stub = stubFetch((c) =>
      c.url.pathname === '/wps/system/status'
        ? json({ success: true, value: status({ [CHAT_FLAG]: true }) })
        : json(unreadAnswer, c.url.pathname === UNREAD ? 401 : 404),
    );
    // A token of its own: the session clear repeats for 3 s (SESSION_CLEAR_REPEATS) and would sign
    // out a later test's member holding the same token, whose tap would then leave this page.
    member(0, 'tok-gone');
    mount('<wps-chat-button></wps-chat-button>');
    await waitFor(() => expect(unreadCalls()).to.equal(1));
    await waitFor(() => expect(notices.value.map((n) => n.id)).to.deep.equal([PLEASE_LOGIN_NOTICE]));
    expect(sessionStorage.getItem('wps:session')).to.equal(null);
  });
});

describe('<wps-chat-button>: who may chat', () => {
  it('a visitor (no session, type -1) is sent to /m/login; no launch call', async () => {
    backend();
    setNavigator((path) => navigations.push(path));
    const el = await mountChat();
    button(el).click();
    await sleep(50);
    expect(navigations).to.deep.equal(['/m/login']);
    expect(stub!.to(LAUNCH)).to.have.length(0);
    expect(has(el, 'denied')).to.equal(false);
  });

  it('a session of type -1 is a visitor too', async () => {
    backend();
    setNavigator((path) => navigations.push(path));
    member(-1);
    const el = await mountChat();
    button(el).click();
    await sleep(50);
    expect(navigations).to.deep.equal(['/m/login']);
    expect(stub!.to(LAUNCH)).to.have.length(0);
  });

  it('type 4: the no-permission text for exactly 2000 ms (docs/product.md §9), and no launch', async () => {
    backend();
    setNavigator((path) => navigations.push(path));
    member(4);
    const el = await mountChat();
    const log = recordEvents(el, ['wps-chat-launch']);
    clock = installClock();
    button(el).click();
    await waitFor(() => expect(has(el, 'denied')).to.equal(true));
    const denied = part(el, 'denied')!;
    expect(denied.getAttribute('role')).to.equal('status');
    expect(denied.textContent).to.equal(EN['chat.no_permission']);
    await clock.tickAsync(2000 - 1);
    expect(has(el, 'denied'), 'still shown at 1999 ms').to.equal(true);
    await clock.tickAsync(1);
    await waitFor(() => expect(has(el, 'denied'), 'gone at 2000 ms').to.equal(false));
    expect(stub!.to(LAUNCH)).to.have.length(0);
    expect(log.events).to.have.length(0);
    expect(navigations).to.deep.equal([]);
    expect(location.hash).to.equal('');
  });

  it('type 4: the no-permission text is accessible', async () => {
    // axe-core waits on timers: no fake clock here.
    backend();
    member(4);
    const el = await mountChat();
    button(el).click();
    await waitFor(() => expect(has(el, 'denied')).to.equal(true));
    await expectAccessible(el);
  });
});

describe('<wps-chat-button>: launching chat', () => {
  it('the query: b2c, the default title, backUrl (this page), language, no headerColor', async () => {
    backend();
    member();
    const el = await mountChat();
    document.addEventListener('wps-chat-launch', (e) => e.preventDefault(), { once: true });
    button(el).click();
    const q = await launchQuery();
    expect(q.get('b2c')).to.equal('true');
    expect(q.get('title')).to.equal(EN['chat.title']);
    expect(q.get('backUrl'), 'on a merchant page: the full URL').to.equal(location.href);
    expect(q.get('language')).to.equal('EN');
    expect(q.has('headerColor')).to.equal(false);
    expect(stub!.to(LAUNCH)[0]!.headers.get('Authorization')).to.equal('tok-member');
  });

  it('on the operator page (a router installed) backUrl is the path and query', async () => {
    backend();
    member();
    setNavigator((path) => navigations.push(path));
    const el = await mountChat();
    document.addEventListener('wps-chat-launch', (e) => e.preventDefault(), { once: true });
    button(el).click();
    expect((await launchQuery()).get('backUrl')).to.equal(location.pathname + location.search);
  });

  it('heading and header-color attributes become title and headerColor', async () => {
    backend();
    member();
    const el = await mountChat('<wps-chat-button heading="Support 24/7" header-color="#1A2b3c"></wps-chat-button>');
    document.addEventListener('wps-chat-launch', (e) => e.preventDefault(), { once: true });
    button(el).click();
    const q = await launchQuery();
    expect(q.get('title')).to.equal('Support 24/7');
    expect(q.get('headerColor')).to.equal('#1A2b3c');
  });

  const colours: [string, string | null][] = [
    ['#abc', '#abc'],
    ['#00ff7f', '#00ff7f'],
    ['red;x', null],
    ['red', null],
    ['#abcd', null],
    ['#12345g', null],
    ['#abc;background:url(x)', null],
  ];
  for (const [attr, sent] of colours) {
    it(`header-color="${attr}": ${sent ? 'sent' : 'not sent'}`, async () => {
      backend();
      member();
      const el = await mountChat(`<wps-chat-button header-color="${attr}"></wps-chat-button>`);
      document.addEventListener('wps-chat-launch', (e) => e.preventDefault(), { once: true });
      button(el).click();
      expect((await launchQuery()).get('headerColor')).to.equal(sent);
    });
  }

  const languages: [string, string][] = [
    ['CN', 'CN'],
    ['TW', 'CN'],
    ['VI', 'VI'],
    ['EN', 'EN'],
    ['TH', 'TH'],
  ];
  for (const [lang, sent] of languages) {
    it(`language ${lang} is sent as ${sent}`, async () => {
      backend();
      member();
      setLanguage(lang);
      const el = await mountChat('<wps-chat-button heading="Chat"></wps-chat-button>');
      document.addEventListener('wps-chat-launch', (e) => e.preventDefault(), { once: true });
      button(el).click();
      expect((await launchQuery()).get('language')).to.equal(sent);
    });
  }

  it('the default title follows the language (VI)', async () => {
    unreadAnswer = { success: true, value: { unReadCount: 0 } };
    backend();
    member();
    const el = await mountChat();
    setLanguage('VI');
    await waitFor(() => expect(label(el)).to.equal(VI['chat.label']));
    document.addEventListener('wps-chat-launch', (e) => e.preventDefault(), { once: true });
    button(el).click();
    const q = await launchQuery();
    expect(q.get('title')).to.equal(VI['chat.title']);
    expect(q.get('language')).to.equal('VI');
  });

  it('wps-chat-launch carries { url }, is cancelable, and unprevented the page goes to the URL', async () => {
    backend();
    member();
    const el = await mountChat();
    const log = recordEvents(document, ['wps-chat-launch']);
    button(el).click();
    await waitFor(() => expect(location.hash).to.equal(CHAT_HASH));
    log.stop();
    expect(log.events).to.have.length(1);
    const event = log.events[0]!;
    expect(event.detail).to.deep.equal({ url: chatUrl() });
    expect([event.cancelable, event.bubbles, event.composed]).to.deep.equal([true, true, true]);
  });

  it('prevented: the page stays where it is', async () => {
    backend();
    member();
    const el = await mountChat();
    const seen: string[] = [];
    const take = (e: Event) => {
      seen.push((e as CustomEvent<{ url: string }>).detail.url);
      e.preventDefault();
    };
    document.addEventListener('wps-chat-launch', take);
    try {
      button(el).click();
      await waitFor(() => expect(seen).to.deep.equal([chatUrl()]));
      await waitFor(() => expect(button(el).hasAttribute('aria-busy'), 'the launch is over').to.equal(false));
      await sleep(100);
      expect(location.hash, 'no navigation').to.equal('');
    } finally {
      document.removeEventListener('wps-chat-launch', take);
    }
  });

  it('busy while launching: a second tap makes no second call', async () => {
    let open!: () => void;
    launchGate = new Promise((resolve) => (open = resolve));
    backend();
    member();
    const el = await mountChat();
    el.addEventListener('wps-chat-launch', (e) => e.preventDefault());
    button(el).click();
    await waitFor(() => expect(button(el).getAttribute('aria-busy')).to.equal('true'));
    button(el).click();
    await sleep(50);
    expect(stub!.to(LAUNCH)).to.have.length(1);
    open();
    await waitFor(() => expect(button(el).hasAttribute('aria-busy')).to.equal(false));
    button(el).click();
    await waitFor(() => expect(stub!.to(LAUNCH)).to.have.length(2));
  });

  const unsafe: [string, unknown][] = [
    ['a javascript: chatUrl', 'javascript:alert(1)'],
    ['a tab-split java\\tscript: chatUrl', 'java\tscript:alert(1)'],
    ['a data: chatUrl', 'data:text/html,<script>alert(1)</script>'],
    ['no chatUrl', undefined],
  ];
  for (const [name, url] of unsafe) {
    it(`${name}: never reaches location; the 'url is null' notice instead`, async () => {
      launchAnswer = { success: true, value: { chatUrl: url } };
      backend();
      member();
      const el = await mountChat();
      const log = recordEvents(document, ['wps-chat-launch']);
      button(el).click();
      await waitFor(() => expect(notices.value.map((n) => [n.id, n.messageKey])).to.deep.equal([['url-is-null', 'url_is_null']]));
      await sleep(50);
      log.stop();
      expect(log.events, 'no event for a URL that is not opened').to.have.length(0);
      expect(location.hash).to.equal('');
      expect(location.protocol).to.match(/^https?:$/);
    });
  }
});
