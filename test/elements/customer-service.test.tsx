/**
 * `<wps-customer-service>` (elements/customer-service.tsx, src/features/customer-service/
 * CustomerService.tsx + model.ts, src/core/config/customerService.ts): the entries of the site
 * status, their encoded paths (checked against fixed paths made outside the project, and an encoder
 * written here), one entry opening at once and several listed in a sheet, the `position` filter,
 * COMM100VIP for VIP members only (then instead of COMM100), the AI-chat (AICAN) link parameters,
 * the cancelable `wps-contact`, a path that is no web URL, and axe-core on the button and the sheet.
 */
import { expect } from 'chai';
import '../../elements/customer-service.tsx';
import type { MemberInfo, SiteStatus } from '../../src/contract/endpoints.ts';
import type { CsEntry } from '../../src/core/config/customerService.ts';
import { resetSiteData, siteStatus } from '../../src/core/config/siteStatus.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { memberInfo } from '../../src/core/session/member.ts';
import { clearSession, saveSession } from '../../src/core/session/sessionInfo.ts';
import { SHEET_TRANSITION_MS } from '../../src/ui/Sheet.tsx';
import EN from '../../src/core/i18n/locales/EN.json';
import {
  expectAccessible,
  expectSameNode,
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
import { statusFixture } from '../browser-helpers/status.ts';

/**
 * The documented encoding (docs/api.md): base64url without padding of the URL's UTF-8 bytes XOR-ed
 * with the 8-character key's bytes (repeated), followed by the key.
 */
function encodeBytes(bytes: Uint8Array, key = 'Cs7_kEy9'): string {
  const k = new TextEncoder().encode(key);
  let binary = '';
  bytes.forEach((b, i) => (binary += String.fromCharCode(b ^ k[i % k.length]!)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') + key;
}
const encode = (url: string, key?: string) => encodeBytes(new TextEncoder().encode(url), key);

/**
 * Made outside the project (Python's base64.urlsafe_b64encode of the XOR-ed bytes, '=' stripped, key
 * 'Zq9_xK2m' appended) and checked by hand for the first bytes: 'h' ^ 'Z' = 0x32, 't' ^ 'q' = 0x05,
 * 't' ^ '9' = 0x4d → 001100 100000 010101 001101 → 'MgVN'.
 */
const AI_URL = 'https://ai.example.test/chat?room=7';
const AI_PATH = 'MgVNLwtxHUI7GBc6ACpfHTYUFysdOEZCORlYK0c5XQI3TA4Zq9_xK2m';
const VIP_URL = 'https://help.example.test/vip';
const VIP_PATH = 'MgVNLwtxHUIyFFUvVi5KDDcBVTpWP1ceLl5PNggZq9_xK2m';
/** 'javascript:alert(1)' with the same key: it decodes, and must never open. */
const SCRIPT_PATH = 'MBBPPgsoQAQqBQM-FC5AGXJAEAZq9_xK2m';

const LIVE_URL = 'https://cs.example.test/live?merchant=DEMO01';
const COMM_URL = 'https://comm100.example.test/chat?site=9';
const MIDUOKE_URL = 'https://miduoke.example.test/c';

const entry = (title: string, csType: string, path: string, csPosition?: string): CsEntry =>
  csPosition === undefined ? { title, csType, path } : { title, csType, path, csPosition };

function status(entries: CsEntry[]): SiteStatus {
  const base = statusFixture();
  return { ...base, info: { ...base.info, customerService: entries } };
}

let stub: FetchStub | undefined;
function backend(entries: CsEntry[]) {
  stub = stubFetch((c) => {
    if (c.url.pathname === '/wps/system/status') return json({ success: true, value: status(entries) });
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

const savedOpen = window.open;
const opened: unknown[][] = [];

type Label = MemberInfo['clubLabel'];
const GOLD: Label = { labelName: 'Gold', type: 'AUTO', rankLevel: 3 };
/** A signed-in member with member info loaded (clubLabel: the VIP label, if any). */
function signIn(clubLabel: Label | undefined, userName = 'player1') {
  saveSession({ token: 'tok-cs', merchantCode: 'DEMO01', userName, type: 0 });
  memberInfo.value = { type: 0, id: 7, userName, language: 'EN', clubLabel };
}

function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetSiteData();
  clearSession();
  memberInfo.value = undefined;
  notices.value = [];
  window.open = savedOpen;
  opened.length = 0;
  sessionStorage.clear();
  language.value = 'EN';
}
before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  window.open = ((...args: unknown[]) => {
    opened.push(args);
    return null;
  }) as typeof window.open;
});
afterEach(reset);

/** Mounts the element once the status with `entries` is served, and waits for its button. */
async function mountCs(entries: CsEntry[], html = '<wps-customer-service></wps-customer-service>') {
  backend(entries);
  const el = mount(html);
  await waitFor(() => expect(siteStatus.value, 'status loaded').to.not.equal(undefined));
  await waitFor(() => expect(has(el, 'button')).to.equal(true));
  await sleep(20); // the render with the entries
  return el;
}
const button = (el: Element) => part<HTMLButtonElement>(el, 'button')!;
async function openSheet(el: Element) {
  expect(button(el).getAttribute('aria-haspopup'), 'several entries: the button opens a dialog').to.equal('dialog');
  button(el).click();
  await waitFor(() => expect(has(el, 'sheet')).to.equal(true));
}
const titles = (el: Element) => parts(el, 'entry').map((b) => b.querySelector('.cs-entry-title')?.textContent);
const entryButton = (el: Element, title: string) => {
  const found = parts<HTMLButtonElement>(el, 'entry').find((b) => b.querySelector('.cs-entry-title')?.textContent === title);
  expect(found, `an entry titled ${title}`).to.not.equal(undefined);
  return found!;
};
/** The URLs window.open was asked for. */
const openedUrls = () => opened.map((args) => args[0]);

/** What a tap on the button opens (one entry), or the titles the sheet lists (several). */
async function offered(el: Element): Promise<string[]> {
  if (button(el).getAttribute('aria-haspopup') === 'dialog') {
    await openSheet(el);
    return titles(el) as string[];
  }
  button(el).click();
  return openedUrls() as string[];
}

describe('customer-service paths', () => {
  it("the test's encoder gives the paths made outside the project", () => {
    expect(encode(AI_URL, 'Zq9_xK2m')).to.equal(AI_PATH);
    expect(encode(VIP_URL, 'Zq9_xK2m')).to.equal(VIP_PATH);
    expect(encode('javascript:alert(1)', 'Zq9_xK2m')).to.equal(SCRIPT_PATH);
  });

  it('a fixed path opens its known URL', async () => {
    const el = await mountCs([entry('Help', 'LIVECHAT', VIP_PATH)]);
    button(el).click();
    expect(opened).to.deep.equal([[VIP_URL, '_blank', 'noopener']]);
  });

  it('a non-ASCII URL survives the encoding (UTF-8)', async () => {
    const url = 'https://客服.example/聊天?名字=玩家';
    const el = await mountCs([entry('Help', 'LIVECHAT', encode(url, 'k3y-_~.!'))]);
    button(el).click();
    expect(openedUrls()).to.deep.equal([new URL(url).href]);
  });
});

describe('<wps-customer-service>: one entry', () => {
  it('the button opens it at once, with wps-contact { url, csType }', async () => {
    const el = await mountCs([entry('Live chat', 'LIVECHAT', encode(LIVE_URL))]);
    expect(button(el).hasAttribute('aria-haspopup'), 'no dialog for one entry').to.equal(false);
    expect(button(el).textContent).to.equal(EN.customer_service);
    await expectAccessible(el);
    const log = recordEvents(document, ['wps-contact']);
    button(el).click();
    log.stop();
    expect(opened).to.deep.equal([[LIVE_URL, '_blank', 'noopener']]);
    expect(log.events.map((e) => e.detail)).to.deep.equal([{ url: LIVE_URL, csType: 'LIVECHAT' }]);
    const e = log.events[0]!;
    expect([e.cancelable, e.bubbles, e.composed]).to.deep.equal([true, true, true]);
    expect(has(el, 'sheet')).to.equal(false);
  });

  it('prevented: nothing opens (the page opens it itself)', async () => {
    const el = await mountCs([entry('Live chat', 'LIVECHAT', encode(LIVE_URL))]);
    const urls: string[] = [];
    el.addEventListener('wps-contact', (e) => {
      urls.push((e as CustomEvent<{ url: string }>).detail.url);
      e.preventDefault();
    });
    button(el).click();
    await sleep(50);
    expect(urls).to.deep.equal([LIVE_URL]);
    expect(opened).to.deep.equal([]);
    expect(notices.value).to.deep.equal([]);
  });

  it('the label attribute names the button', async () => {
    const el = await mountCs(
      [entry('Live chat', 'LIVECHAT', encode(LIVE_URL))],
      '<wps-customer-service label="Help me"></wps-customer-service>',
    );
    expect(button(el).textContent).to.equal('Help me');
    el.removeAttribute('label');
    await waitFor(() => expect(button(el).textContent).to.equal(EN.customer_service));
  });
});

describe('<wps-customer-service>: several entries', () => {
  const ENTRIES = [entry('Live chat', 'LIVECHAT', encode(LIVE_URL)), entry('Comm100', 'COMM100', encode(COMM_URL))];

  it('a sheet lists them; choosing one opens it and closes the sheet', async () => {
    const el = await mountCs(ENTRIES);
    await expectAccessible(el);
    const log = recordEvents(el, ['wps-contact']);
    await openSheet(el);
    expect(opened, 'nothing opens before a choice').to.deep.equal([]);
    const sheet = part(el, 'sheet')!;
    expect(sheet.getAttribute('role')).to.equal('dialog');
    expect(part(el, 'title')!.textContent).to.equal(EN['cs.choose']);
    expect(titles(el)).to.deep.equal(['Live chat', 'Comm100']);
    expect(parts(el, 'entry').map((b) => b.querySelector('.cs-entry-kind')!.textContent)).to.deep.equal([
      EN['cs.type.live'],
      EN['cs.type.live'],
    ]);
    await sleep(SHEET_TRANSITION_MS + 50); // mid-slide colours are not the real contrast
    await expectAccessible(el);
    entryButton(el, 'Comm100').click();
    expect(opened).to.deep.equal([[COMM_URL, '_blank', 'noopener']]);
    expect(log.events.map((e) => e.detail)).to.deep.equal([{ url: COMM_URL, csType: 'COMM100' }]);
    await waitFor(() => expect(has(el, 'sheet')).to.equal(false));
    expectSameNode(el.shadowRoot!.activeElement, button(el), 'focus back on the button');
  });

  it('prevented: the sheet closes and nothing opens', async () => {
    const el = await mountCs(ENTRIES);
    el.addEventListener('wps-contact', (e) => e.preventDefault());
    await openSheet(el);
    entryButton(el, 'Live chat').click();
    await waitFor(() => expect(has(el, 'sheet')).to.equal(false));
    expect(opened).to.deep.equal([]);
  });

  it('Escape closes the sheet without opening anything', async () => {
    const el = await mountCs(ENTRIES);
    await openSheet(el);
    part(el, 'sheet')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitFor(() => expect(has(el, 'sheet')).to.equal(false));
    expect(opened).to.deep.equal([]);
  });
});

describe('<wps-customer-service>: the position attribute', () => {
  const ENTRIES = [
    entry('Home chat', 'LIVECHAT', encode(LIVE_URL), 'HOME'),
    entry('Login help', 'COMM100', encode(COMM_URL), 'LOGIN'),
    entry('Everywhere', 'MIDUOKE', encode(MIDUOKE_URL)),
  ];
  const rows: [position: string | undefined, offered: string[]][] = [
    [undefined, ['Home chat', 'Login help', 'Everywhere']],
    ['HOME', ['Home chat', 'Everywhere']],
    ['LOGIN', ['Login help', 'Everywhere']],
    // One left: it opens at once.
    ['DEPOSIT', [MIDUOKE_URL]],
  ];
  for (const [position, expected] of rows) {
    it(`position=${position ?? '(none)'}: ${expected.join(', ')}`, async () => {
      const attr = position === undefined ? '' : ` position="${position}"`;
      const el = await mountCs(ENTRIES, `<wps-customer-service${attr}></wps-customer-service>`);
      expect(await offered(el)).to.deep.equal(expected);
    });
  }

  it('a changed position attribute changes the offer', async () => {
    const el = await mountCs(ENTRIES, '<wps-customer-service position="HOME"></wps-customer-service>');
    el.setAttribute('position', 'DEPOSIT');
    await waitFor(() => expect(button(el).hasAttribute('aria-haspopup')).to.equal(false));
    button(el).click();
    expect(openedUrls()).to.deep.equal([MIDUOKE_URL]);
  });
});

describe('<wps-customer-service>: COMM100VIP', () => {
  const ENTRIES = [
    entry('Comm100', 'COMM100', encode(COMM_URL)),
    entry('VIP line', 'COMM100VIP', VIP_PATH),
    entry('Live chat', 'LIVECHAT', encode(LIVE_URL)),
  ];
  const rows: [name: string, setUp: () => void, offered: string[]][] = [
    ['a visitor', () => {}, ['Comm100', 'Live chat']],
    ['a member without a club label', () => signIn(null), ['Comm100', 'Live chat']],
    ['a member whose label has no name', () => signIn({ labelName: '', type: 'AUTO', rankLevel: 1 }), ['Comm100', 'Live chat']],
    [
      'a member whose info has not loaded',
      () => saveSession({ token: 't', merchantCode: 'DEMO01', type: 0 }),
      ['Comm100', 'Live chat'],
    ],
    [
      'stale VIP member info without a session',
      () => (memberInfo.value = { type: 0, id: 7, userName: 'player1', language: 'EN', clubLabel: GOLD }),
      ['Comm100', 'Live chat'],
    ],
    ['a VIP member: COMM100VIP instead of COMM100', () => signIn(GOLD), ['VIP line', 'Live chat']],
  ];
  for (const [name, setUp, expected] of rows) {
    it(`${name}: ${expected.join(', ')}`, async () => {
      setUp();
      const el = await mountCs(ENTRIES);
      expect(await offered(el)).to.deep.equal(expected);
    });
  }

  it('a VIP member keeps COMM100 when there is no COMM100VIP entry', async () => {
    signIn(GOLD);
    const el = await mountCs([ENTRIES[0]!, ENTRIES[2]!]);
    expect(await offered(el)).to.deep.equal(['Comm100', 'Live chat']);
  });

  it('follows member info: a visitor who signs in as VIP gets the VIP line', async () => {
    const el = await mountCs(ENTRIES);
    signIn(GOLD);
    await openSheet(el);
    expect(titles(el)).to.deep.equal(['VIP line', 'Live chat']);
    expect(entryButton(el, 'VIP line').querySelector('.cs-entry-kind')!.textContent).to.equal(EN['cs.type.vip']);
    entryButton(el, 'VIP line').click();
    expect(opened).to.deep.equal([[VIP_URL, '_blank', 'noopener']]);
  });
});

describe('<wps-customer-service>: AI chat (AICAN) links', () => {
  const ENTRIES = [entry('AI helper', 'AICAN', AI_PATH), entry('Live chat', 'LIVECHAT', encode(LIVE_URL))];
  /** The URLs the two entries open, AICAN first. */
  async function bothUrls(el: Element) {
    const log = recordEvents(el, ['wps-contact']);
    await openSheet(el);
    expect(parts(el, 'entry').map((b) => b.querySelector('.cs-entry-kind')!.textContent)).to.deep.equal([
      EN['cs.type.ai'],
      EN['cs.type.live'],
    ]);
    entryButton(el, 'AI helper').click();
    await waitFor(() => expect(has(el, 'sheet')).to.equal(false));
    await openSheet(el);
    entryButton(el, 'Live chat').click();
    expect(log.events.map((e) => e.detail.url)).to.deep.equal(openedUrls());
    return openedUrls() as string[];
  }

  it('a VIP member: userName and vipLabel on the AICAN link only', async () => {
    signIn(GOLD);
    const el = await mountCs(ENTRIES);
    expect(await bothUrls(el)).to.deep.equal([`${AI_URL}&userName=player1&vipLabel=Gold`, LIVE_URL]);
  });

  it('a member who is not VIP: only userName', async () => {
    signIn(null);
    const el = await mountCs(ENTRIES);
    expect(await bothUrls(el)).to.deep.equal([`${AI_URL}&userName=player1`, LIVE_URL]);
  });

  it('a visitor: neither', async () => {
    const el = await mountCs(ENTRIES);
    expect(await bothUrls(el)).to.deep.equal([AI_URL, LIVE_URL]);
  });

  it('member info not loaded yet: the session user name', async () => {
    saveSession({ token: 't', merchantCode: 'DEMO01', userName: 'fromSession', type: 0 });
    const el = await mountCs(ENTRIES);
    expect(await bothUrls(el)).to.deep.equal([`${AI_URL}&userName=fromSession`, LIVE_URL]);
  });

  it('names and labels are query-encoded', async () => {
    signIn({ labelName: 'VIP 金&x=1', type: 'MANUAL', rankLevel: 9 }, 'a b&c');
    const el = await mountCs([entry('AI helper', 'AICAN', AI_PATH)]);
    button(el).click();
    const url = new URL(openedUrls()[0] as string);
    expect([url.origin + url.pathname, url.searchParams.get('room')]).to.deep.equal(['https://ai.example.test/chat', '7']);
    expect([url.searchParams.get('userName'), url.searchParams.get('vipLabel'), url.searchParams.get('x')]).to.deep.equal([
      'a b&c',
      'VIP 金&x=1',
      null,
    ]);
  });

  it('other types never get them, VIP or not', async () => {
    signIn(GOLD);
    const el = await mountCs([
      entry('Comm100', 'COMM100', encode(COMM_URL)),
      entry('VIP line', 'COMM100VIP', VIP_PATH),
      entry('Miduoke', 'MIDUOKE', encode(MIDUOKE_URL)),
    ]);
    await openSheet(el);
    for (const title of ['VIP line', 'Miduoke']) {
      entryButton(el, title).click();
      await waitFor(() => expect(has(el, 'sheet')).to.equal(false));
      if (title !== 'Miduoke') await openSheet(el);
    }
    expect(openedUrls()).to.deep.equal([VIP_URL, MIDUOKE_URL]);
  });
});

describe('<wps-customer-service>: a path that is no web URL', () => {
  const bad: [name: string, path: string][] = [
    ['javascript: (made outside the project)', SCRIPT_PATH],
    ['javascript: with a tab', encode('java\tscript:alert(1)')],
    ['data:', encode('data:text/html,<script>alert(1)</script>')],
    ['a protocol-relative URL', encode('//evil.example/x')],
    ['tampered (not base64url)', 'not*base64!!Cs7_kEy9'],
    ['tampered (a byte changed)', 'A' + AI_PATH.slice(1)],
    ['invalid UTF-8 after decoding', encodeBytes(Uint8Array.of(...new TextEncoder().encode('https://x.example/'), 0xff, 0xfe))],
    ['nothing but a key', 'Cs7_kEy9'],
    ['empty', ''],
  ];
  for (const [name, path] of bad) {
    it(`${name}: the 'url is null' notice, no window.open`, async () => {
      const el = await mountCs([entry('Broken', 'LIVECHAT', path)]);
      button(el).click();
      await waitFor(() => expect(notices.value.map((n) => [n.id, n.messageKey])).to.deep.equal([['url-is-null', 'url_is_null']]));
      expect(opened).to.deep.equal([]);
    });
  }

  it('chosen from the sheet: the notice, no window.open, the sheet closes', async () => {
    const el = await mountCs([entry('Live chat', 'LIVECHAT', encode(LIVE_URL)), entry('Broken', 'AICAN', SCRIPT_PATH)]);
    await openSheet(el);
    entryButton(el, 'Broken').click();
    await waitFor(() => expect(notices.value.map((n) => n.id)).to.deep.equal(['url-is-null']));
    await waitFor(() => expect(has(el, 'sheet')).to.equal(false));
    expect(opened).to.deep.equal([]);
  });

  it('no entry at all: the notice', async () => {
    const el = await mountCs([]);
    button(el).click();
    await waitFor(() => expect(notices.value.map((n) => n.id)).to.deep.equal(['url-is-null']));
    expect(opened).to.deep.equal([]);
  });
});
