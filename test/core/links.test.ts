/**
 * Where a server-given link leads (src/core/html/links.ts; docs/product.md §5 banner URLs;
 * docs/engagement.md, "Links"): a path under /m, or an absolute URL to this page's own /m, stays in
 * the app; mailto: and tel: open as they are; another http(s) URL opens in a new tab
 * (`noopener,noreferrer`) and carries the player's token only when its host is the merchant's own
 * (this page, the API base, or one of the lines of GET /wps/system/domainRoute, asked once by
 * preloadLinkHosts); a foreign host, a lookalike or a userinfo trick never gets it, nor does a line
 * before the lines are in, nor anything without a session. javascript:, data:, vbscript:,
 * protocol-relative and broken URLs lead nowhere. A tap inside server HTML goes through the same
 * rule and never writes the token into the DOM.
 *
 * Nothing here leaves the test page: window.open is stubbed, the host router is replaced by a
 * recorder (setNavigator), and a click's default is prevented by a listener on the document after
 * the handler under test has had its say (see `click`). No link that is followed or clicked calls
 * alert(): a broken rule must fail the test, not hang the page on a dialog.
 */
import { expect } from 'chai';
import { apiBase } from '../../src/core/config/config.ts';
import {
  followLink,
  isOwnOrigin,
  onContentClick,
  preloadLinkHosts,
  resetLinks,
  resolveLink,
  type LinkTarget,
} from '../../src/core/html/links.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { clearSession, saveSession } from '../../src/core/session/sessionInfo.ts';
import { json, sleep, stubFetch, waitFor, type FetchStub } from '../browser-helpers/helpers.ts';

const DOMAIN_ROUTE = '/wps/system/domainRoute';
const API = 'https://api.example.test';
const TOKEN = 'tok-1';

let stub: FetchStub | undefined;
/** The lines domainRoute answers with; an Error answers 500 instead. */
let lineAnswer: unknown[] | Error = [];
/** When set, the domainRoute answer waits for it. */
let gate: Promise<void> | undefined;

function backend() {
  stub = stubFetch(async (c) => {
    if (c.url.pathname === DOMAIN_ROUTE) {
      await gate;
      if (lineAnswer instanceof Error) return json({ success: false, errorCode: 'system.error', message: 'down' }, 500);
      return json({ success: true, value: lineAnswer });
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}
const routeCalls = () => stub!.to(DOMAIN_ROUTE).length;

/** Loads the merchant's lines through preloadLinkHosts, as a page with server HTML does. */
async function loadLines(lines: string[]) {
  lineAnswer = lines.map((domainName) => ({ domainName }));
  backend();
  preloadLinkHosts();
  await waitFor(() => expect(isOwnOrigin(`https://${lines[0]!}`), 'the lines are in').to.equal(true));
}

function signIn(token = TOKEN) {
  saveSession({ token, merchantCode: 'demo', type: 0 });
}

type OpenCall = [url: string | URL | undefined, target: string | undefined, features: string | undefined];
const realOpen = window.open;
let opened: OpenCall[] = [];
let navigated: string[] = [];

beforeEach(() => {
  opened = [];
  navigated = [];
  window.open = ((url?: string | URL, target?: string, features?: string) => {
    opened.push([url, target, features]);
    return null;
  }) as typeof window.open;
  setNavigator((path) => navigated.push(path));
});

afterEach(() => {
  window.open = realOpen;
  setNavigator(undefined);
  stub?.restore();
  stub = undefined;
  gate = undefined;
  lineAnswer = [];
  resetLinks();
  clearSession();
  apiBase.value = '';
});

describe('resolveLink: the table (signed in, API base set, lines demo.example and pay.example:9000 loaded)', () => {
  beforeEach(async () => {
    apiBase.value = API;
    signIn();
    await loadLines(['demo.example', 'Pay.Example:9000']);
  });

  const app = (path: string): LinkTarget => ({ kind: 'app', path });
  const own = (url: string): LinkTarget => ({ kind: 'web', url, withToken: true });
  const foreign = (url: string): LinkTarget => ({ kind: 'web', url, withToken: false });
  const other = (url: string): LinkTarget => ({ kind: 'other', url });
  const none: LinkTarget = { kind: 'none' };

  // Rows are functions: the page's origin is only known in the browser.
  const rows: [name: string, input: () => string | null | undefined, expected: () => LinkTarget][] = [
    // In the app.
    ['/m', () => '/m', () => app('/m')],
    ['/m/', () => '/m/', () => app('/m/')],
    ['/m?x', () => '/m?x', () => app('/m?x')],
    ['/m#a', () => '/m#a', () => app('/m#a')],
    ['/m/./deposit: dot segments resolved', () => '/m/./deposit', () => app('/m/deposit')],
    ['/m/../mall: leaves /m, leads nowhere', () => '/m/../mall', () => ({ kind: 'none' })],
    ['/m/%2e%2e/mall: the same, encoded', () => '/m/%2e%2e/mall', () => ({ kind: 'none' })],
    ['an /m page with a query', () => '/m/deposit?tab=2', () => app('/m/deposit?tab=2')],
    ['spaces around an /m path', () => '   /m/home  ', () => app('/m/home')],
    ['tabs and newlines around an /m path', () => '\n\t/m/home\t\n', () => app('/m/home')],
    ['an absolute URL to this page under /m', () => `${location.origin}/m/promo?id=3#top`, () => app('/m/promo?id=3#top')],
    ['the same with an upper-case scheme and host', () => `HTTP://${location.host.toUpperCase()}/m/home`, () => app('/m/home')],
    // Paths that only start like /m: not the app (an own-host page, so the token goes with them).
    ['/mall', () => '/mall', () => own(`${API}/mall?token=${TOKEN}`)],
    ['/mx', () => '/mx', () => own(`${API}/mx?token=${TOKEN}`)],
    ['/member', () => '/member', () => own(`${API}/member?token=${TOKEN}`)],
    ['/M/home (upper case)', () => '/M/home', () => own(`${API}/M/home?token=${TOKEN}`)],
    // The page an element is embedded in is the merchant's, not the operator's (the API base is set).
    ['this page under /mall', () => `${location.origin}/mall`, () => foreign(`${location.origin}/mall`)],
    ["the API's /m (another origin than this page)", () => `${API}/m/home`, () => own(`${API}/m/home?token=${TOKEN}`)],
    // The merchant's lines.
    ['a line', () => 'https://demo.example/promo?a=1', () => own(`https://demo.example/promo?a=1&token=${TOKEN}`)],
    ['a line, upper case', () => 'HTTPS://DEMO.EXAMPLE/x', () => own(`https://demo.example/x?token=${TOKEN}`)],
    [
      'a line on the default port, written out',
      () => 'https://demo.example:443/x',
      () => own(`https://demo.example/x?token=${TOKEN}`),
    ],
    ['a line given with its port', () => 'https://pay.example:9000/x', () => own(`https://pay.example:9000/x?token=${TOKEN}`)],
    [
      'a stale token in the query is replaced',
      () => 'https://demo.example/?token=old&b=2',
      () => own(`https://demo.example/?token=${TOKEN}&b=2`),
    ],
    // Foreign hosts: never the token.
    ['a foreign host', () => 'https://evil.example/x', () => foreign('https://evil.example/x')],
    ['plain http to a foreign host', () => 'http://evil.example/', () => foreign('http://evil.example/')],
    ['a line over plain http', () => 'http://demo.example/x', () => foreign('http://demo.example/x')],
    ['a line on another port', () => 'https://demo.example:8443/x', () => foreign('https://demo.example:8443/x')],
    ['the API over plain http', () => 'http://api.example.test/x', () => foreign('http://api.example.test/x')],
    ['the API on another port', () => 'https://api.example.test:8443/x', () => foreign('https://api.example.test:8443/x')],
    ['a line on the wrong port', () => 'https://pay.example:9001/x', () => foreign('https://pay.example:9001/x')],
    ['a line given with its port, without it', () => 'https://pay.example/x', () => foreign('https://pay.example/x')],
    [
      'a lookalike ending in another domain',
      () => 'https://demo.example.evil.com/',
      () => foreign('https://demo.example.evil.com/'),
    ],
    ['a lookalike with a prefix', () => 'https://evildemo.example/', () => foreign('https://evildemo.example/')],
    ['a subdomain of a line', () => 'https://a.demo.example/', () => foreign('https://a.demo.example/')],
    ['userinfo naming a line', () => 'https://demo.example@evil.com/', () => foreign('https://demo.example@evil.com/')],
    [
      'userinfo with a password naming a line',
      () => 'https://demo.example:443@evil.com/',
      () => foreign('https://demo.example:443@evil.com/'),
    ],
    ['a line in the fragment', () => 'https://evil.com#@demo.example', () => foreign('https://evil.com/#@demo.example')],
    ['a line after a backslash', () => 'https://evil.com\\@demo.example', () => foreign('https://evil.com/@demo.example')],
    [
      'a line in the query',
      () => 'https://evil.com/?next=https://demo.example/',
      () => foreign('https://evil.com/?next=https://demo.example/'),
    ],
    ['this page on another port', () => `http://${location.hostname}:1/x`, () => foreign(`http://${location.hostname}:1/x`)],
    // Opened as they are.
    ['mailto:', () => 'mailto:help@demo.example', () => other('mailto:help@demo.example')],
    ['MAILTO: in upper case', () => 'MAILTO:help@demo.example', () => other('MAILTO:help@demo.example')],
    ['tel:, trimmed', () => '  tel:+441234  ', () => other('tel:+441234')],
    ['TEL: in upper case', () => 'TEL:+441234', () => other('TEL:+441234')],
    // Nowhere.
    ['javascript:', () => 'javascript:alert(1)', () => none],
    ['JAVASCRIPT: in upper case', () => 'JAVASCRIPT:alert(1)', () => none],
    ['javascript: after spaces', () => '   javascript:alert(1)', () => none],
    ['javascript: with a tab inside', () => 'java\tscript:alert(1)', () => none],
    ['javascript: starting with /m text', () => 'javascript:/m/home', () => none],
    ['data:', () => 'data:text/html,<script>alert(1)</script>', () => none],
    ['vbscript:', () => 'VBScript:msgbox(1)', () => none],
    ['file:', () => 'file:///etc/passwd', () => none],
    ['protocol-relative', () => '//evil.example', () => none],
    ['protocol-relative to a line', () => '//demo.example/x', () => none],
    ['a backslash after the slash', () => '/\\evil.example', () => none],
    ['a relative path', () => 'promo.html', () => none],
    ['an in-page anchor', () => '#top', () => none],
    ['a broken URL', () => 'https://', () => none],
    ['a broken host', () => 'http://[bad/', () => none],
    ['empty', () => '', () => none],
    ['only spaces', () => '   ', () => none],
    ['null', () => null, () => none],
    ['undefined', () => undefined, () => none],
  ];

  for (const [name, input, expected] of rows) {
    it(name, () => expect(resolveLink(input())).to.deep.equal(expected()));
  }

  it('no row of a path outside /m is the app', () => {
    for (const path of ['/mall', '/mx', '/member', '/M', '/', '/wps/m/home', 'm/home']) {
      expect(resolveLink(path).kind, path).to.not.equal('app');
    }
  });
});

describe('resolveLink: when the token goes', () => {
  it('without a session no link carries a token, not even to this page, the API or a line', async () => {
    apiBase.value = API;
    await loadLines(['demo.example']);
    for (const url of [`${location.origin}/x`, `${API}/x`, 'https://demo.example/x']) {
      expect(resolveLink(url), url).to.deep.equal({ kind: 'web', url, withToken: false });
    }
    signIn();
    expect(resolveLink('https://demo.example/x'), 'the same link once signed in').to.deep.equal({
      kind: 'web',
      url: `https://demo.example/x?token=${TOKEN}`,
      withToken: true,
    });
  });

  it('before the lines are in, only the API gets it (not the merchant page that embeds the element)', () => {
    apiBase.value = API;
    signIn();
    expect(resolveLink('https://demo.example/x')).to.deep.equal({ kind: 'web', url: 'https://demo.example/x', withToken: false });
    expect(resolveLink(`${location.origin}/x`)).to.deep.equal({ kind: 'web', url: `${location.origin}/x`, withToken: false });
    expect(resolveLink(`${API}/x`)).to.deep.equal({ kind: 'web', url: `${API}/x?token=${TOKEN}`, withToken: true });
  });

  it('on /m (no API base), this page is the operator: exactly its origin gets the token, not its other ports', () => {
    signIn();
    expect(resolveLink(`${location.origin}/x`)).to.deep.equal({
      kind: 'web',
      url: `${location.origin}/x?token=${TOKEN}`,
      withToken: true,
    });
    const otherPort = `${location.protocol}//${location.hostname}:${Number(location.port || 80) + 1}/x`;
    expect(resolveLink(otherPort)).to.deep.equal({ kind: 'web', url: otherPort, withToken: false });
  });

  it('the API host counts only as the API base: without one, that host is foreign', () => {
    signIn();
    expect(resolveLink(`${API}/x`)).to.deep.equal({ kind: 'web', url: `${API}/x`, withToken: false });
    expect(resolveLink('/promo')).to.deep.equal({ kind: 'web', url: `${location.origin}/promo?token=${TOKEN}`, withToken: true });
  });

  it('encodes the token', () => {
    signIn('a b&c=d');
    expect(resolveLink(`${location.origin}/x?y=1`)).to.deep.equal({
      kind: 'web',
      url: `${location.origin}/x?y=1&token=a+b%26c%3Dd`,
      withToken: true,
    });
  });

  it('a foreign host does not get the token even after the lines are in', async () => {
    signIn();
    await loadLines(['demo.example']);
    expect(resolveLink('https://evil.example/?a=1')).to.deep.equal({
      kind: 'web',
      url: 'https://evil.example/?a=1',
      withToken: false,
    });
  });

  it('deciding asks the server nothing', () => {
    backend();
    signIn();
    resolveLink('https://demo.example/x');
    followLink('https://demo.example/x');
    expect(stub!.calls.map((c) => c.url.pathname)).to.deep.equal([]);
  });
});

describe('isOwnOrigin', () => {
  it('the operator: this page without an API base, else exactly the API base', () => {
    expect(isOwnOrigin(location.origin)).to.equal(true);
    expect(isOwnOrigin(location.origin.toUpperCase())).to.equal(true);
    expect(isOwnOrigin('https://api.example.test')).to.equal(false);
    apiBase.value = API;
    expect(isOwnOrigin('https://api.example.test')).to.equal(true);
    expect(isOwnOrigin('HTTPS://API.EXAMPLE.TEST')).to.equal(true);
    expect(isOwnOrigin('https://api.example.test:8443')).to.equal(false);
    expect(isOwnOrigin('http://api.example.test')).to.equal(false);
    expect(isOwnOrigin(location.origin), 'the embedding page, once the API is elsewhere').to.equal(false);
  });

  it("the merchant's lines over https only, on their own port", async () => {
    await loadLines(['Demo.Example', 'pay.example:9000', 'bad.example/path', 'user@evil.example']);
    expect(isOwnOrigin('https://demo.example')).to.equal(true);
    expect(isOwnOrigin('https://DEMO.example')).to.equal(true);
    expect(isOwnOrigin('https://demo.example:8443')).to.equal(false);
    expect(isOwnOrigin('http://demo.example')).to.equal(false);
    expect(isOwnOrigin('https://pay.example:9000')).to.equal(true);
    expect(isOwnOrigin('https://pay.example')).to.equal(false);
    expect(isOwnOrigin('https://pay.example:9001')).to.equal(false);
    expect(isOwnOrigin('https://bad.example'), 'a line that is more than a host names nothing').to.equal(false);
    expect(isOwnOrigin('https://evil.example'), 'nor does one with userinfo').to.equal(false);
    for (const host of ['demo.example.evil.com', 'evildemo.example', 'a.demo.example', 'example', 'evil.example']) {
      expect(isOwnOrigin(`https://${host}`), host).to.equal(false);
    }
    expect(isOwnOrigin('')).to.equal(false);
  });
});

describe('followLink', () => {
  beforeEach(() => signIn());

  it('an /m path goes through the router; nothing opens', () => {
    expect(followLink('  /m/deposit?tab=2 ')).to.equal(true);
    expect(navigated).to.deep.equal(['/m/deposit?tab=2']);
    expect(opened).to.deep.equal([]);
  });

  it('an absolute URL to this page under /m goes through the router with its query and fragment', () => {
    expect(followLink(`${location.origin}/m/promo?id=3#top`)).to.equal(true);
    expect(navigated).to.deep.equal(['/m/promo?id=3#top']);
    expect(opened).to.deep.equal([]);
  });

  it('an own host opens in a new tab with the token, noopener and noreferrer', () => {
    expect(followLink(`${location.origin}/mall`)).to.equal(true);
    expect(opened).to.deep.equal([[`${location.origin}/mall?token=${TOKEN}`, '_blank', 'noopener,noreferrer']]);
    expect(navigated).to.deep.equal([]);
  });

  it('a line opens with the token once the lines are in', async () => {
    await loadLines(['demo.example']);
    expect(followLink('https://demo.example/promo')).to.equal(true);
    expect(opened).to.deep.equal([[`https://demo.example/promo?token=${TOKEN}`, '_blank', 'noopener,noreferrer']]);
  });

  it('a foreign host opens in a new tab without the token', async () => {
    await loadLines(['demo.example']);
    for (const url of ['https://evil.example/x', 'https://demo.example.evil.com/', 'https://demo.example@evil.com/']) {
      opened = [];
      expect(followLink(url), url).to.equal(true);
      expect(opened, url).to.deep.equal([[url, '_blank', 'noopener,noreferrer']]);
    }
    expect(navigated).to.deep.equal([]);
  });

  it('javascript:, data:, vbscript:, protocol-relative and broken URLs lead nowhere', () => {
    for (const raw of [
      'javascript:void(0)',
      ' JavaScript:void(0)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      'https://',
      '',
      null,
    ]) {
      expect(followLink(raw), String(raw)).to.equal(false);
    }
    expect(opened).to.deep.equal([]);
    expect(navigated).to.deep.equal([]);
  });
});

describe('onContentClick: a tap inside server HTML', () => {
  let box: HTMLDivElement;

  beforeEach(() => {
    signIn();
    box = document.createElement('div');
    box.addEventListener('click', onContentClick);
    document.body.append(box);
  });
  afterEach(() => box.remove());

  /**
   * Clicks `el` like a tap and returns whether the box's handler prevented the browser's default.
   * A listener on the document (after the box's) records that and then prevents the default itself,
   * so a broken handler shows up as `false` here instead of taking the test page away.
   */
  function click(el: Element): boolean {
    let prevented: boolean | undefined;
    const guard = (e: Event) => {
      prevented = e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', guard);
    try {
      el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    } finally {
      document.removeEventListener('click', guard);
    }
    expect(prevented, 'the click reached the document').to.not.equal(undefined);
    return prevented!;
  }

  it('a link to an own host: the default is prevented, a new tab opens with the token, and the DOM never holds it', () => {
    const href = `${location.origin}/promo?id=7`;
    box.innerHTML = `<p>See <a href="${href}"><b>our offer</b></a></p>`;
    const before = box.innerHTML;
    expect(click(box.querySelector('b')!), 'prevented').to.equal(true);
    expect(opened).to.deep.equal([[`${location.origin}/promo?id=7&token=${TOKEN}`, '_blank', 'noopener,noreferrer']]);
    expect(box.querySelector('a')!.getAttribute('href')).to.equal(href);
    expect(box.innerHTML).to.equal(before);
    expect(document.documentElement.outerHTML).to.not.include(TOKEN);
  });

  it('a link to a foreign host opens without the token', () => {
    box.innerHTML = '<a href="https://demo.example.evil.com/x">x</a>';
    expect(click(box.querySelector('a')!), 'prevented').to.equal(true);
    expect(opened).to.deep.equal([['https://demo.example.evil.com/x', '_blank', 'noopener,noreferrer']]);
  });

  it('an /m link goes through the router', () => {
    box.innerHTML = '<a href="/m/deposit">deposit</a>';
    expect(click(box.querySelector('a')!), 'prevented').to.equal(true);
    expect(navigated).to.deep.equal(['/m/deposit']);
    expect(opened).to.deep.equal([]);
  });

  it('a javascript: link is prevented and opens nothing', () => {
    for (const href of ['javascript:void(0)', ' JavaScript:void(0)', 'data:text/html,x', '//evil.example/x']) {
      box.innerHTML = `<a href="${href}">x</a>`;
      expect(click(box.querySelector('a')!), href).to.equal(true);
    }
    expect(opened).to.deep.equal([]);
    expect(navigated).to.deep.equal([]);
  });

  it('an in-page anchor is left to the browser', () => {
    box.innerHTML = '<a href="#links-test-x">x</a>';
    expect(click(box.querySelector('a')!), 'not prevented').to.equal(false);
    expect(opened).to.deep.equal([]);
    expect(navigated).to.deep.equal([]);
  });

  it('an event already prevented (by the link itself) is left alone', () => {
    box.innerHTML = `<a href="${location.origin}/promo">x</a>`;
    const link = box.querySelector('a')!;
    link.addEventListener('click', (e) => e.preventDefault());
    click(link);
    expect(opened).to.deep.equal([]);
    expect(navigated).to.deep.equal([]);
  });

  it('a click beside the links, or on an <a> without href, does nothing', () => {
    box.innerHTML = '<p>text <a name="x">no href</a> <a href="/m/home">home</a></p>';
    expect(click(box.querySelector('p')!)).to.equal(false);
    expect(click(box.querySelector('a[name]')!)).to.equal(false);
    expect(opened).to.deep.equal([]);
    expect(navigated).to.deep.equal([]);
  });
});

describe('preloadLinkHosts', () => {
  it('asks domainRoute once, lower-cases the lines and skips empty ones; a second call does not ask again', async () => {
    lineAnswer = [{ domainName: 'Demo.Example' }, {}, { domainName: '' }, { domainName: 'b.example' }];
    backend();
    preloadLinkHosts();
    preloadLinkHosts();
    await waitFor(() => expect(isOwnOrigin('https://demo.example')).to.equal(true));
    expect(isOwnOrigin('https://b.example')).to.equal(true);
    expect(isOwnOrigin('')).to.equal(false);
    preloadLinkHosts();
    await sleep(30);
    expect(routeCalls()).to.equal(1);
    expect(stub!.to(DOMAIN_ROUTE)[0]!.method).to.equal('GET');
    expect(stub!.to(DOMAIN_ROUTE)[0]!.headers.get('Authorization'), 'the lines are no secret: no token sent').to.equal(null);
  });

  it('asks the API base', async () => {
    apiBase.value = API;
    lineAnswer = [{ domainName: 'demo.example' }];
    backend();
    preloadLinkHosts();
    await waitFor(() => expect(routeCalls()).to.equal(1));
    expect(stub!.to(DOMAIN_ROUTE)[0]!.url.origin).to.equal(API);
  });

  it('a line gets the token only once the answer is in', async () => {
    signIn();
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    lineAnswer = [{ domainName: 'demo.example' }];
    backend();
    preloadLinkHosts();
    await waitFor(() => expect(routeCalls()).to.equal(1));
    expect(resolveLink('https://demo.example/x')).to.deep.equal({ kind: 'web', url: 'https://demo.example/x', withToken: false });
    open();
    await waitFor(() =>
      expect(resolveLink('https://demo.example/x')).to.deep.equal({
        kind: 'web',
        url: `https://demo.example/x?token=${TOKEN}`,
        withToken: true,
      }),
    );
  });

  it('a failed request gives no lines and lets a later call ask again', async () => {
    signIn();
    lineAnswer = new Error('down');
    backend();
    preloadLinkHosts();
    await waitFor(() => expect(routeCalls()).to.equal(1));
    await sleep(50);
    expect(isOwnOrigin('https://demo.example')).to.equal(false);
    expect(resolveLink('https://demo.example/x')).to.deep.equal({ kind: 'web', url: 'https://demo.example/x', withToken: false });

    lineAnswer = [{ domainName: 'demo.example' }];
    preloadLinkHosts();
    await waitFor(() => expect(routeCalls(), 'asked again').to.equal(2));
    await waitFor(() => expect(isOwnOrigin('https://demo.example')).to.equal(true));
    preloadLinkHosts();
    await sleep(30);
    expect(routeCalls(), 'not a third time once it worked').to.equal(2);
  });
});
