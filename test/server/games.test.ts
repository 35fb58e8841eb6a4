/**
 * Games and lottery (docs/api.md, "Games"; docs/server.md, "Games"): the vendor catalogue per
 * merchant, the launch and trial launch with their checks, the signed tickets of the demo game pages
 * (tampered, expired, session ended), the pages and the bet form, the pictures, the dev control's
 * launch modes and the home banners. One in-memory app.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { GAME_LAUNCH_MODES } from '../../server/db/state-fields.ts';
import { DRAW_GAMES } from '../../server/games/draws.ts';
import { gameLimits } from '../../server/games/launch.ts';
import { DEFAULT_MERCHANTS_FILE } from '../../server/infra/config.ts';
import { clock } from '../../server/infra/limits.ts';
import { parseMerchants } from '../../server/merchants/merchants.ts';
import { call, loginBody, rsaKeyOf, sealedCall, tempDir, testApp, type Answer, type CallOptions } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;
/** The seeded member `demo` of the demo merchant. */
let demoToken: string;

const HOST = 'localhost:8080';
const LAUNCH = '/wps/game/launchGame';
const VENDORS = '/wps/relay/GCSGAME_newGameVendor';
const TRIAL = '/wps/relay/GCS_gameTrialLaunch';
const LIMITS = { ...gameLimits };

async function login(username = 'demo', password = 'Demo1234', merchant?: string): Promise<string> {
  const a = await sealedCall(
    wps,
    '/wps/session/login',
    { ...loginBody(username, password), merchant: merchant ?? 'demo' },
    rsaKey,
    {
      merchant,
    },
  );
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return a.body.value.token;
}

before(async () => {
  wps = await testApp();
  rsaKey = await rsaKeyOf(wps);
  demoToken = await login();
});
after(() => wps.close());
afterEach(async () => {
  Object.assign(gameLimits, LIMITS);
  for (const merchant of ['demo', 'demo2']) assert.equal((await call(wps, 'POST', '/dev/reset', { merchant })).status, 200);
});

const launch = (body: unknown, o: CallOptions = {}) =>
  call(wps, 'POST', LAUNCH, { token: demoToken, body, ...o, headers: { Host: HOST, ...o.headers } });
const trial = (query: string, o: CallOptions = {}) =>
  call(wps, 'GET', `${TRIAL}?${query}`, { ...o, headers: { Host: HOST, ...o.headers } });
const devPost = (path: string, body?: unknown, merchant?: string) => call(wps, 'POST', path, { body, merchant });

/** Opens a page URL (absolute, or a path) as the browser would: its own Host. */
function open(url: string, init: RequestInit = {}) {
  const u = new URL(url, `http://${HOST}`);
  return wps.app.request(u.pathname + u.search, {
    ...init,
    headers: { Host: u.host, ...(init.headers as Record<string, string>) },
  });
}
const ticketOf = (url: string) => new URL(url, `http://${HOST}`).searchParams.get('ticket')!;

async function stillServing() {
  assert.equal((await call(wps, 'GET', VENDORS)).status, 200);
}

async function refused(answer: Promise<Answer>, status: number, errorCode: string) {
  const a = await answer;
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  assert.equal(typeof a.body.message, 'string');
  await stillServing();
  return a.body;
}

/** Runs `fn` with the server's clock moved by `ms`. */
async function later<T>(ms: number, fn: () => T | Promise<T>): Promise<T> {
  const real = clock.now;
  clock.now = () => real() + ms;
  try {
    return await fn();
  } finally {
    clock.now = real;
  }
}

const MINUTE = 60_000;
const LOTT = { launchMode: 'LOTT', device: 'MOBILE', language: 'EN' };
const VN = { lottoArea: 'VN', launchMode: 'LOTT', device: 'MOBILE', language: 'VI' };
const SEA = { lottoMode: 'SEA_Tradition_Mobile', device: 'MOBILE' };

/** The headers every game page (refusals too) carries. */
function assertPageHeaders(res: Response) {
  assert.equal(res.headers.get('Content-Type'), 'text/html; charset=utf-8');
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  for (const directive of [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
  ]) {
    assert.ok(csp.split('; ').includes(directive), `${directive} in ${csp}`);
  }
  assert.match(csp, /; frame-ancestors 'self'(?: [^;']+)*$/);
  assert.doesNotMatch(csp, /script-src|unsafe/);
  assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
  assert.equal(res.headers.get('Cache-Control'), 'no-store');
  assert.equal(res.headers.get('Referrer-Policy'), 'same-origin');
}

/** A page: its headers checked, nothing inline, its HTML. */
async function pageOf(res: Response, status = 200): Promise<string> {
  const html = await res.text();
  assert.equal(res.status, status, html);
  assertPageHeaders(res);
  assert.doesNotMatch(html, /<script|<style|\sstyle\s*=|\son[a-z]+\s*=|javascript:/i);
  assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  assert.match(html, /<link rel="stylesheet" href="\/games\/games\.css">/);
  return html;
}

const hrefs = (html: string, path: string) =>
  [...html.matchAll(new RegExp(`href="(${path.replaceAll('/', '\\/')}\\?ticket=[^"]+)"`, 'g'))].map((m) =>
    m[1]!.replaceAll('&amp;', '&'),
  );

/** A form post as the betting page sends it. */
const bet = (fields: [string, string][], headers: Record<string, string> = {}) =>
  wps.app.request('/games/bet', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Host: HOST, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

describe('GCSGAME_newGameVendor: the catalogue', () => {
  test('lanes of cards, every card named and pictured by this server; every category names vendors that have a card', async () => {
    const a = await call(wps, 'GET', VENDORS);
    assert.equal(a.status, 200);
    const { title, lanes, gameClassify } = a.body.value;
    assert.equal(title, 'Games');
    const cards = lanes.flatMap((l: { cards: unknown[] }) => l.cards) as Record<string, any>[];
    assert.ok(cards.length >= 11);
    for (const card of cards) {
      assert.equal(typeof card.accountTypeName, 'string');
      assert.ok(card.displayName.length > 0, card.accountTypeName);
      assert.match(card.imageUrl, /^\/games\/img\/vendor-[a-z0-9-]+\.svg$/);
      const img = await wps.app.request(card.imageUrl);
      assert.equal(img.status, 200, card.imageUrl);
      assert.equal(img.headers.get('Content-Type'), 'image/svg+xml; charset=utf-8');
      assert.match(await img.text(), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 240 240"/);
    }
    const names = new Set(cards.map((c) => c.accountTypeName));
    assert.equal(names.size, cards.length, 'one card per vendor');
    for (const entry of gameClassify) {
      assert.ok(entry.vendors.length > 0, entry.category);
      for (const vendor of entry.vendors) assert.ok(names.has(vendor), `${entry.category}: ${vendor}`);
      assert.ok(Number.isInteger(entry.gameCount) && entry.gameCount > 0);
    }
    const categories = gameClassify.map((e: { category: string }) => e.category);
    assert.deepEqual([...categories].sort(), [
      'ELOTT',
      'FISH',
      'LIVE',
      'LOTT',
      'PVP',
      'RNG',
      'SEA_LOTT',
      'SLOT',
      'SPORTS',
      'VIETNAM_LOTTO',
    ]);
    assert.notEqual(categories[0], 'LOTT', 'not in display order: the client sorts');
    const vendorsOf = (category: string) => gameClassify.find((e: { category: string }) => e.category === category).vendors;
    assert.deepEqual(vendorsOf('LOTT'), ['LOTT']);
    assert.deepEqual(vendorsOf('VIETNAM_LOTTO'), ['TCG_LOTTO_VN']);
    assert.deepEqual(vendorsOf('SEA_LOTT'), ['TCG_SEA']);
    assert.equal(vendorsOf('SLOT').length, 2);
    const byName = new Map<string, Record<string, any>>(cards.map((c) => [c.accountTypeName, c]));
    assert.equal(byName.get('TCG_RNG')!.cardType, 'RNG');
    assert.equal(byName.get('TCG_PVP')!.cardType, 'PVP');
    // The lottery draw counts are what their lobbies list.
    assert.equal(gameClassify.find((e: { category: string }) => e.category === 'LOTT').gameCount, DRAW_GAMES.LOTT!.length);
    const trials = cards.filter((c) => c.trial);
    assert.ok(trials.length >= 2);
    for (const c of trials) assert.match(c.trial.gameId, /^[A-Za-z0-9_-]+$/);
    for (const vendor of ['LOTT', 'TCG_LOTTO_VN', 'TCG_SEA']) assert.equal(byName.get(vendor)!.trial, undefined, vendor);
  });

  test("a merchant's own games block: demo2 lists two vendors", async () => {
    const { value } = (await call(wps, 'GET', VENDORS, { merchant: 'demo2' })).body;
    assert.deepEqual(
      value.lanes.flatMap((l: { cards: { accountTypeName: string }[] }) => l.cards.map((c) => c.accountTypeName)),
      ['LOTT', 'PG'],
    );
  });

  test('merchants.json: a games block naming a vendor without a card, or a bad card, stops the start with its path', () => {
    const file = () => JSON.parse(readFileSync(DEFAULT_MERCHANTS_FILE, 'utf8'));
    const bad = file();
    bad.merchants.demo2.games.gameClassify.push({ category: 'LIVE', vendors: ['EVO'], gameCount: 3 });
    assert.throws(() => parseMerchants(bad), /merchants\.demo2\.games.*gameClassify names a vendor without a card/);
    const badCard = file();
    badCard.merchants.demo2.games.lanes[0].cards[0].accountTypeName = 'has space';
    assert.throws(() => parseMerchants(badCard), /merchants\.demo2\.games\.lanes\.0\.cards\.0\.accountTypeName/);
    const badImage = file();
    badImage.merchants.demo2.games.lanes[0].cards[0].imageUrl = 'javascript:alert(1)';
    assert.throws(() => parseMerchants(badImage), /imageUrl/);
  });
});

describe('POST /wps/game/launchGame', () => {
  test('needs a session: 401 CUSTOMER_NOT_LOGIN without one, with a bad one or with another merchant’s', async () => {
    await refused(call(wps, 'POST', LAUNCH, { body: LOTT }), 401, 'CUSTOMER_NOT_LOGIN');
    await refused(call(wps, 'POST', LAUNCH, { body: LOTT, token: 'not-a-session' }), 401, 'CUSTOMER_NOT_LOGIN');
    await refused(call(wps, 'POST', LAUNCH, { body: LOTT, token: demoToken, merchant: 'demo2' }), 401, 'CUSTOMER_NOT_LOGIN');
  });

  test('each lottery vendor from its SPEC fields: a page on this origin with a ticket, never the token', async () => {
    const cases = [
      {
        body: { ...LOTT, lottoView: 'lobby', lottoPrizeMode: 'Lott', hasLobby: true },
        vendor: 'LOTT',
        name: 'WPS Lottery',
        heading: 'Lobby',
      },
      {
        body: { ...VN, lottoGameCode: 'VN_NORTH', lottoView: 'betting' },
        vendor: 'TCG_LOTTO_VN',
        name: 'Vietnam Lottery',
        heading: 'Miền Bắc (North)',
      },
      { body: { ...SEA, lottoGameCode: 'SEA_4D' }, vendor: 'TCG_SEA', name: 'SEA Lottery', heading: '4D Classic' },
      { body: { vendor: 'TCG_ELOTT', lottoGameCode: 'E_KENO' }, vendor: 'TCG_ELOTT', name: 'E-Lottery', heading: 'E-Keno' },
    ];
    for (const { body, vendor, name, heading } of cases) {
      const a = await launch(body);
      assert.equal(a.status, 200, JSON.stringify(a.body));
      const { gameUrl } = a.body.value;
      assert.match(gameUrl, /^http:\/\/localhost:8080\/games\/play\?ticket=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      assert.ok(!gameUrl.includes(demoToken) && !gameUrl.includes(encodeURIComponent(demoToken)), 'no session token');
      assert.equal(a.body.value.vendor, vendor);
      const html = await pageOf(await open(gameUrl));
      assert.ok(html.includes(`<p class="vendor">${name}</p>`), `${vendor}: ${name}`);
      assert.ok(html.includes(`<h1>${heading}</h1>`), `${vendor}: ${heading}`);
    }
    const vn = await launch({ ...VN, lottoGameCode: 'VN_NORTH' });
    assert.match(await (await open(vn.body.value.gameUrl)).text(), /<html lang="vi">/);
  });

  test('the answer: vendor, prizeMode, gameCode, hasLobby, playType, checked backUrl, labelName', async () => {
    const a = await launch({
      ...LOTT,
      lottoPrizeMode: 'Lott',
      lottoGameCode: 'LUCKY5D',
      lottoView: 'betting',
      hasLobby: false,
      playType: 'STANDARD',
      backUrl: '/m/game?tab=lottery',
      labelName: 'Lottery',
      title: 'WPS Lottery',
    });
    assert.equal(a.status, 200, JSON.stringify(a.body));
    const { gameUrl, ...rest } = a.body.value;
    assert.deepEqual(rest, {
      vendor: 'LOTT',
      prizeMode: 'Lott',
      gameCode: 'LUCKY5D',
      hasLobby: false,
      playType: 'STANDARD',
      backUrl: '/m/game?tab=lottery',
      labelName: 'Lottery',
    });
    const html = await pageOf(await open(gameUrl));
    assert.ok(html.includes('<a class="back" href="/m/game?tab=lottery" target="_top">'));
    assert.ok(!html.includes('All games of this lottery'), 'hasLobby false: no lobby link');
    // Defaults: a lottery has a lobby, and without a game the launch opens it.
    const plain = await launch(LOTT);
    assert.deepEqual({ ...plain.body.value, gameUrl: undefined }, { gameUrl: undefined, vendor: 'LOTT', hasLobby: true });
    assert.ok((await pageOf(await open(plain.body.value.gameUrl))).includes('<h1>Lobby</h1>'));
  });

  test('in a frame (Sec-Fetch-Dest: iframe) the page has no back link of its own: the frame bar is the one way back', async () => {
    const a = await launch({ ...LOTT, lottoView: 'lobby', backUrl: '/m/game' });
    const top = await pageOf(await open(a.body.value.gameUrl, { headers: { 'Sec-Fetch-Dest': 'document' } }));
    assert.ok(top.includes('<a class="back" href="/m/game" target="_top">'), 'opened on its own: the back link stays');
    const res = await open(a.body.value.gameUrl, { headers: { 'Sec-Fetch-Dest': 'iframe' } });
    assert.equal(res.headers.get('Vary'), 'Sec-Fetch-Dest');
    const framed = await pageOf(res);
    assert.ok(!framed.includes('class="back"'), 'framed: no second back');
    assert.ok(framed.includes('<h1>Lobby</h1>'));
    const t = (await trial('gameId=PG_FORTUNE_OX')).body.value.gameUrl;
    assert.ok(!(await pageOf(await open(t, { headers: { 'Sec-Fetch-Dest': 'iframe' } }))).includes('class="back"'));
  });

  test('a non-lottery vendor by our `vendor` field: its demo game page', async () => {
    const a = await launch({ vendor: 'PG', lottoGameCode: 'FORTUNE_OX', playType: 'SLOT' });
    assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.equal(a.body.value.hasLobby, false);
    const html = await pageOf(await open(a.body.value.gameUrl));
    assert.ok(html.includes('<p class="vendor">PG Soft</p>'));
    assert.match(html, /<div class="reels" role="img"/);
    assert.match(html, /no money/);
  });

  test('a lottery launch in the wrong mode: 400 game.mode.invalid', async () => {
    await refused(launch({ vendor: 'LOTT' }), 400, 'game.mode.invalid');
    await refused(launch({ vendor: 'LOTT', launchMode: 'CASINO' }), 400, 'game.mode.invalid');
    await refused(launch({ vendor: 'TCG_LOTTO_VN', lottoArea: 'VN' }), 400, 'game.mode.invalid');
    await refused(launch({ vendor: 'TCG_SEA', launchMode: 'LOTT' }), 400, 'game.mode.invalid');
    await refused(launch({ vendor: 'TCG_SEA', lottoMode: 'SEA_Other' }), 400, 'game.mode.invalid');
    const body = await refused(launch({ vendor: 'TCG_SEA' }), 400, 'game.mode.invalid');
    assert.match(body.message!, /lottoMode SEA_Tradition_Mobile/);
  });

  test('a vendor the merchant does not list: 400 game.vendor.unknown; none at all: request.invalid', async () => {
    await refused(launch({ vendor: 'NOPE' }), 400, 'game.vendor.unknown');
    await refused(launch({ vendor: '__proto__' }), 400, 'game.vendor.unknown');
    // demo2 lists LOTT and PG only.
    const demo2 = await login('demo', 'Demo5678', 'demo2');
    await refused(launch(SEA, { token: demo2, merchant: 'demo2' }), 400, 'game.vendor.unknown');
    assert.equal((await launch(LOTT, { token: demo2, merchant: 'demo2' })).status, 200);
    await refused(launch({}), 400, 'request.invalid');
    await refused(launch({ device: 'MOBILE', lottoView: 'lobby' }), 400, 'request.invalid');
  });

  test('a game the lottery does not have: 404 game.not.found', async () => {
    await refused(launch({ ...LOTT, lottoGameCode: 'NOPE' }), 404, 'game.not.found');
    await refused(launch({ ...LOTT, lottoGameCode: 'SEA_4D' }), 404, 'game.not.found');
  });

  test('malformed bodies: 400 with an errorCode, and the server keeps serving', async () => {
    const raw = (text: string) => call(wps, 'POST', LAUNCH, { token: demoToken, raw: text });
    await refused(raw('not json'), 400, 'request.malformed');
    await refused(raw('[]'), 400, 'request.malformed');
    await refused(raw('"LOTT"'), 400, 'request.malformed');
    for (const body of [
      { ...LOTT, hasLobby: 'yes' },
      { ...LOTT, lottoView: 'cashier' },
      { ...LOTT, device: 'DESKTOP' },
      { ...LOTT, launchMode: 7 },
      { ...LOTT, vendor: 'has space' },
      { ...LOTT, vendor: 'x'.repeat(65) },
      { ...LOTT, title: 'x'.repeat(129) },
      { ...LOTT, backUrl: `/${'x'.repeat(2048)}` },
      { ...LOTT, labelName: 'x'.repeat(65) },
      { ...LOTT, language: 'EN\u0000' },
      { ...LOTT, lottoGameCode: 'LUCKY<5D>' },
      { ...LOTT, lottoPrizeMode: 'a b' },
    ]) {
      const a = await refused(launch(body), 400, 'request.invalid');
      assert.doesNotMatch(a.message!, /xxxx|LUCKY|a b/, 'the value is not repeated');
    }
  });

  test('backUrl: a path on this origin or an URL on the merchant’s own lines is kept, anything else dropped', async () => {
    const back = async (backUrl: string) => (await launch({ ...LOTT, backUrl })).body.value.backUrl;
    assert.equal(await back('/m/game'), '/m/game');
    assert.equal(await back('http://localhost:8080/m/home'), 'http://localhost:8080/m/home');
    assert.equal(await back('http://127.0.0.1:8080/m/home'), 'http://127.0.0.1:8080/m/home');
    for (const foreign of [
      'https://evil.example/',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      '//evil.example/m',
      '/\\evil.example',
      'http://user:pw@localhost:8080/m',
      'http://localhost:9999/m',
      '/m/ home',
    ]) {
      const a = await launch({ ...LOTT, backUrl: foreign });
      assert.equal(a.status, 200, foreign);
      assert.equal(a.body.value.backUrl, undefined, foreign);
      const html = await pageOf(await open(a.body.value.gameUrl));
      assert.ok(html.includes('<a class="back" href="/m/home" target="_top">'), foreign);
    }
    // Repeated escaped.
    const quoted = await launch({ ...LOTT, backUrl: '/m/game?q="><b>x</b>' });
    const html = await pageOf(await open(quoted.body.value.gameUrl));
    assert.ok(html.includes('href="/m/game?q=&quot;&gt;&lt;b&gt;x&lt;/b&gt;"'));
    assert.ok(!html.includes('"><b>'));
  });
});

describe('the game pages and their tickets', () => {
  test('the lobby lists the vendor’s draw games with their next draw; each opens its betting page', async () => {
    const a = await launch({ ...LOTT, lottoView: 'lobby', backUrl: '/m/game' });
    const html = await pageOf(await open(a.body.value.gameUrl));
    const links = hrefs(html, '/games/play');
    assert.equal(links.length, DRAW_GAMES.LOTT!.length);
    for (const [i, game] of DRAW_GAMES.LOTT!.entries()) {
      assert.ok(html.includes(`<span class="name">${game.title}</span>`), game.title);
      const betting = await pageOf(await open(links[i]!));
      assert.ok(betting.includes(`<h1>${game.title}</h1>`));
      assert.ok(betting.includes('<a class="back" href="/m/game" target="_top">'), 'the back link carries over');
      assert.match(betting, /<form class="bet" method="post" action="\/games\/bet">/);
      assert.match(betting, /<button type="submit">Place a demo bet<\/button>/);
      assert.ok(betting.includes('All games of this lottery'));
    }
    // The next draw of Lucky 5D: in the future, within its 5 minutes, on a 5-minute mark.
    const lucky = await (await open(links[0]!)).text();
    const at = Date.parse(/<time datetime="([^"]+)">/.exec(lucky)![1]!);
    assert.ok(at > Date.now() && at <= Date.now() + 5 * MINUTE, new Date(at).toISOString());
    assert.equal(at % (5 * MINUTE), 0);
    assert.equal((lucky.match(/type="radio" name="d\d"/g) ?? []).length, 50, '5 digits of 0–9');
  });

  test('a tampered ticket (one character), a foreign one, the session token: 403 pages', async () => {
    const { gameUrl } = (await launch({ ...LOTT, lottoGameCode: 'LUCKY5D' })).body.value;
    const ticket = ticketOf(gameUrl);
    const swap = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const bad of [
      swap(ticket, 10),
      swap(ticket, ticket.indexOf('.') - 1),
      swap(ticket, ticket.length - 1),
      ticket.slice(0, -1),
      `${ticket}A`,
      ticket.split('.')[0]!,
      demoToken,
      '',
      'x'.repeat(20_000),
    ]) {
      const html = await pageOf(await open(`/games/play?ticket=${encodeURIComponent(bad)}`), 403);
      assert.match(html, /This game link is not valid/);
    }
    await pageOf(await open('/games/play'), 403);
    // A trial ticket opens no member's page, nor a play ticket the trial page.
    const trialUrl = (await trial('gameId=PG_FORTUNE_OX')).body.value.gameUrl;
    await pageOf(await open(`/games/play?ticket=${encodeURIComponent(ticketOf(trialUrl))}`), 403);
    await pageOf(await open(`/games/trial?ticket=${encodeURIComponent(ticket)}`), 403);
    assert.equal((await open(gameUrl)).status, 200, 'the real one still opens');
  });

  test('an expired ticket (30 minutes) is a 403 page', async () => {
    const { gameUrl } = (await launch(LOTT)).body.value;
    assert.equal((await later(29 * MINUTE, () => open(gameUrl))).status, 200);
    const html = await pageOf(await later(31 * MINUTE, () => open(gameUrl)), 403);
    assert.match(html, /This game link has expired/);
  });

  test('after logout the ticket opens nothing', async () => {
    const token = await login();
    const { gameUrl } = (await launch(LOTT, { token })).body.value;
    assert.equal((await open(gameUrl)).status, 200);
    assert.equal((await call(wps, 'POST', '/wps/session/logout', { token })).status, 200);
    const html = await pageOf(await open(gameUrl), 403);
    assert.match(html, /Your session has ended/);
    // Another session of the same member does not revive it.
    assert.equal((await open((await launch(LOTT)).body.value.gameUrl)).status, 200);
    assert.equal((await open(gameUrl)).status, 403);
  });

  test('a demo bet: the confirmation page; wrong picks, a lobby ticket or another site: refused pages', async () => {
    const { gameUrl } = (await launch({ ...LOTT, lottoGameCode: 'LUCKY5D' })).body.value;
    const ticket = ticketOf(gameUrl);
    const digits: [string, string][] = ['3', '0', '7', '1', '9'].map((d, i) => [`d${i + 1}`, d]);
    const ok = await pageOf(await bet([['ticket', ticket], ...digits, ['stake', '10']]));
    assert.match(ok, /<h2>Demo bet placed<\/h2>/);
    assert.match(ok, /<dd>3 0 7 1 9<\/dd>/);
    assert.match(ok, /<dd>10 demo credits<\/dd>/);
    assert.match(ok, /no money was involved/);
    assert.equal(hrefs(ok, '/games/play')[0], `/games/play?ticket=${ticket}`);
    for (const fields of [
      [['ticket', ticket], ...digits.slice(1), ['stake', '10']],
      [['ticket', ticket], ...digits, ['d1', '4'], ['stake', '10']],
      [['ticket', ticket], ...digits.slice(0, 4), ['d5', '10'], ['stake', '10']],
      [['ticket', ticket], ...digits],
      [['ticket', ticket], ...digits, ['stake', '1000000']],
    ] as [string, string][][]) {
      assert.match(await pageOf(await bet(fields), 400), /role="alert"/);
    }
    await pageOf(await bet([['ticket', ticket], ...digits, ['stake', '10']], { Origin: 'https://evil.example' }), 403);
    // The app's sandboxed frame (no allow-same-origin) posts with an opaque origin.
    assert.match(await pageOf(await bet([['ticket', ticket], ...digits, ['stake', '1']], { Origin: 'null' })), /Demo bet placed/);
    assert.equal((await bet([['ticket', ticket], ...digits, ['stake', '1']], { Origin: `http://${HOST}` })).status, 200);
    await pageOf(await bet([['ticket', `${ticket}x`], ...digits, ['stake', '10']]), 403);
    const lobby = ticketOf((await launch(LOTT)).body.value.gameUrl);
    await pageOf(await bet([['ticket', lobby], ...digits, ['stake', '10']]), 400);
    // Keno: 1 to 10 different numbers of 1..80.
    const keno = ticketOf((await launch({ ...LOTT, lottoGameCode: 'KENO' })).body.value.gameUrl);
    const picks = (ns: number[]) => ns.map((n) => ['n', String(n)] as [string, string]);
    assert.match(await pageOf(await bet([['ticket', keno], ...picks([33, 4, 12]), ['stake', '5']])), /<dd>4, 12, 33<\/dd>/);
    for (const ns of [[], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [0], [81], [4, 4]]) {
      await pageOf(await bet([['ticket', keno], ...picks(ns), ['stake', '5']]), 400);
    }
    const big = await wps.app.request('/games/bet', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Host: HOST },
      body: `ticket=${ticket}&pad=${'x'.repeat(20_000)}`,
    });
    await pageOf(big, 413);
  });

  test("framed by the app, and by the ticket's merchant's sites and lines (a merchant page's trial game)", async () => {
    const ancestors = (res: Response) => /frame-ancestors ([^;]+)$/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1];
    const demoTrial = (await trial('gameId=PG_FORTUNE_OX')).body.value.gameUrl;
    assert.equal(
      ancestors(await open(demoTrial)),
      "'self' http://localhost:8080 http://127.0.0.1:8080 http://localhost:8000 http://localhost:5555 localhost:8080 127.0.0.1:8080",
    );
    assert.equal(ancestors(await open((await launch(LOTT)).body.value.gameUrl)), ancestors(await open(demoTrial)));
    const demo2Trial = (await trial('gameId=PG_FORTUNE_OX', { merchant: 'demo2' })).body.value.gameUrl;
    assert.equal(ancestors(await open(demo2Trial)), "'self' localhost:8080");
    assert.equal(ancestors(await open('/games/trial?ticket=x')), "'self'", 'a refusal: the app only');
  });

  test('the stylesheet and the pictures: their types; an unknown name is a 404', async () => {
    const css = await wps.app.request('/games/games.css');
    assert.equal(css.status, 200);
    assert.equal(css.headers.get('Content-Type'), 'text/css; charset=utf-8');
    assert.equal(css.headers.get('X-Content-Type-Options'), 'nosniff');
    const svg = await wps.app.request('/games/img/vendor-lott.svg');
    assert.equal(svg.headers.get('Content-Type'), 'image/svg+xml; charset=utf-8');
    assert.equal(svg.headers.get('Content-Security-Policy'), "default-src 'none'; style-src 'unsafe-inline'");
    assert.equal(svg.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.match(svg.headers.get('Cache-Control') ?? '', /^public, max-age=\d+$/);
    const text = await svg.text();
    assert.doesNotMatch(text, /<script|href=|@import|url\(http/i);
    for (const path of ['/games/img/nope.svg', '/games/img/..%2Fpages.ts', '/games/img/vendor-lott.SVG', '/games/img/']) {
      assert.equal((await wps.app.request(path)).status, 404, path);
    }
  });
});

describe('GET /wps/relay/GCS_gameTrialLaunch', () => {
  test('no session needed: the free demo page of a trial game, with a ticket of its own', async () => {
    const a = await trial('gameId=PG_FORTUNE_OX&nodeId=1&platform=html5');
    assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.deepEqual(Object.keys(a.body.value), ['gameUrl']);
    assert.match(a.body.value.gameUrl, /^http:\/\/localhost:8080\/games\/trial\?ticket=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const html = await pageOf(await open(a.body.value.gameUrl));
    assert.match(html, /<h1>Free demo<\/h1>/);
    assert.match(html, /<h2>Fortune Ox<\/h2>/);
    assert.match(html, /<p class="vendor">PG Soft<\/p>/);
    assert.match(html, /For fun only/);
    // The page cannot know whether the player is signed in: the frame's bar offers "Play for real".
    assert.doesNotMatch(html, /Log in/);
    const cn = await trial('gameId=JILI_SUPER_ACE', { headers: { Language: 'CN' } });
    assert.match(await (await open(cn.body.value.gameUrl)).text(), /<html lang="zh-CN">/);
    assert.equal((await trial('gameId=PG_FORTUNE_OX', { merchant: 'demo2' })).status, 200);
  });

  test('a game that is no trial game of the merchant: 404 game.not.found; a malformed id: request.invalid', async () => {
    await refused(trial('gameId=NOPE'), 404, 'game.not.found');
    await refused(trial('gameId=LUCKY5D'), 404, 'game.not.found');
    await refused(trial('gameId=JILI_SUPER_ACE', { merchant: 'demo2' }), 404, 'game.not.found');
    for (const query of ['', 'gameId=', 'gameId=a%20b', `gameId=${'x'.repeat(65)}`, 'gameId=PG_FORTUNE_OX&platform=flash']) {
      await refused(trial(query), 400, 'request.invalid');
    }
  });

  test('its ticket expires after 30 minutes', async () => {
    const { gameUrl } = (await trial('gameId=PG_FORTUNE_OX')).body.value;
    assert.match(await pageOf(await later(31 * MINUTE, () => open(gameUrl)), 403), /expired/);
  });
});

describe('dev control: the game launch mode', () => {
  const mode = async (launchMode: string, merchant?: string) => {
    const a = await devPost('/dev/games', { launchMode }, merchant);
    assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.equal(a.body.value.gameLaunchMode, launchMode);
  };

  test('fail: 503 game.launch.failed; ok again after a reset', async () => {
    await mode('fail');
    await refused(launch(LOTT), 503, 'game.launch.failed');
    // Per merchant.
    const demo2 = await login('demo', 'Demo5678', 'demo2');
    assert.equal((await launch(LOTT, { token: demo2, merchant: 'demo2' })).status, 200);
    assert.equal((await devPost('/dev/reset')).body.value.gameLaunchMode, 'ok');
    assert.equal((await launch(LOTT)).status, 200);
  });

  test('hang: the launch is held (past the client’s 10 s in real life), then 503; a client that leaves releases it', async () => {
    await mode('hang');
    gameLimits.launchHangMs = 300;
    const started = Date.now();
    await refused(launch(LOTT), 503, 'game.launch.failed');
    assert.ok(Date.now() - started >= 290, `held ${Date.now() - started} ms`);
    gameLimits.launchHangMs = 30_000;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const t0 = Date.now();
    const res = await wps.app.request(LAUNCH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: demoToken, Host: HOST },
      body: JSON.stringify(LOTT),
      signal: controller.signal,
    });
    assert.equal(res.status, 503);
    assert.ok(Date.now() - t0 < 5_000, 'released when the client left');
    // The checks come first: a bad launch is refused at once.
    await refused(launch({ vendor: 'NOPE' }), 400, 'game.vendor.unknown');
  });

  test('page-hang: the launch answers, the play and trial pages are held, then a 503 page', async () => {
    await mode('page-hang');
    gameLimits.pageHangMs = 300;
    const a = await launch(LOTT);
    assert.equal(a.status, 200);
    for (const url of [a.body.value.gameUrl, (await trial('gameId=PG_FORTUNE_OX')).body.value.gameUrl]) {
      const started = Date.now();
      const html = await pageOf(await open(url), 503);
      assert.ok(Date.now() - started >= 290, `held ${Date.now() - started} ms`);
      assert.match(html, /did not load/);
    }
    // A bad ticket is refused at once, not held.
    const started = Date.now();
    await pageOf(await open('/games/play?ticket=x'), 403);
    assert.ok(Date.now() - started < 290);
  });

  test('form posts of the /dev/ page, bad modes refused; the page offers every mode', async () => {
    const form = await wps.app.request('/dev/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Host: HOST },
      body: new URLSearchParams({ merchant: 'demo2', launchMode: 'fail' }).toString(),
    });
    assert.equal(form.status, 303);
    assert.equal(form.headers.get('Location'), '/dev/?merchant=demo2');
    assert.equal((await call(wps, 'GET', '/dev/state', { merchant: 'demo2' })).body.value.gameLaunchMode, 'fail');
    assert.equal((await call(wps, 'GET', '/dev/state')).body.value.gameLaunchMode, 'ok');
    for (const body of [{ launchMode: 'slow' }, { launchMode: 1 }, {}, { launchMode: 'ok', extra: 1 }]) {
      await refused(devPost('/dev/games', body), 400, 'request.invalid');
    }
    const html = await (await wps.app.request('/dev/')).text();
    const choices = [...html.matchAll(/action="\/dev\/games">(?:(?!<\/form>)[\s\S])*?name="launchMode" value="([^"]+)"/g)].map(
      (m) => m[1],
    );
    assert.deepEqual(choices, [...GAME_LAUNCH_MODES]);
    assert.match(await (await wps.app.request('/dev/dev.js')).text(), /\['gameLaunchMode', s\.gameLaunchMode\]/);
  });
});

describe('home banners (m_home)', () => {
  test('in order: a promotion, a URL and a game, each with its picture; the links lead somewhere real', async () => {
    const a = await call(wps, 'GET', '/wps/relay/MCSFE_getBanners?groupName=m_home');
    assert.equal(a.status, 200);
    const banners = a.body.value as Record<string, any>[];
    assert.deepEqual(
      banners.map((b) => [b.id, b.linkageType]),
      [
        ['home-bonus', 'P'],
        ['home-app', 'URL'],
        ['home-lucky5d', 'G'],
      ],
    );
    for (const b of banners) {
      assert.equal(b.groupName, 'm_home');
      assert.match(b.imageUrl, /^\/games\/img\/banner-[a-z0-9-]+\.svg$/);
      const img = await wps.app.request(b.imageUrl);
      assert.equal(img.headers.get('Content-Type'), 'image/svg+xml; charset=utf-8');
      assert.match(await img.text(), /viewBox="0 0 750 300"/, 'about 2.5:1');
    }
    const [promotion, url, game] = banners as [Record<string, string>, Record<string, string>, Record<string, string>];
    assert.equal((await call(wps, 'GET', `/wps/relay/MCSFE_getPromotionList?id=${promotion.linkage}`)).status, 200);
    assert.equal(url.url, '/m/appDownload');
    assert.deepEqual([game.vendor, game.roomId, game.gameType, game.nodeId], ['LOTT', 'LUCKY5D', 'betting', '1']);
    // As the app launches it (docs/games.md, "Banners"): roomId the game, gameType the play type.
    const launched = await launch({
      vendor: game.vendor,
      ...LOTT,
      lottoGameCode: game.roomId,
      playType: game.gameType,
      nodeId: game.nodeId,
    });
    assert.equal(launched.status, 200, JSON.stringify(launched.body));
    assert.match(await (await open(launched.body.value.gameUrl)).text(), /<h1>Lucky 5D<\/h1>/);
    assert.deepEqual(
      (await call(wps, 'GET', '/wps/relay/MCSFE_getBanners?groupName=m_home', { merchant: 'demo2' })).body.value,
      [],
    );
  });
});

describe("a merchant's own catalogue with names an object has", () => {
  test('vendors and trial games named constructor or __proto__ launch like any other, no 500', async () => {
    const tmp = tempDir();
    const data = JSON.parse(readFileSync(DEFAULT_MERCHANTS_FILE, 'utf8'));
    const card = (name: string) => ({ accountTypeName: name, displayName: `Vendor ${name}`, trial: { gameId: name } });
    data.merchants.demo2.games = {
      title: 'Odd names',
      lanes: [{ cards: [card('constructor'), card('__proto__'), card('toString')] }],
      gameClassify: [{ category: 'SLOT', vendors: ['constructor', '__proto__', 'toString'], gameCount: 3 }],
    };
    const merchantsFile = join(tmp.dir, 'merchants.json');
    writeFileSync(merchantsFile, JSON.stringify(data));
    const other = await testApp({ merchantsFile });
    try {
      const key = await rsaKeyOf(other);
      const loggedIn = await sealedCall(
        other,
        '/wps/session/login',
        { ...loginBody('demo', 'Demo5678'), merchant: 'demo2' },
        key,
        {
          merchant: 'demo2',
        },
      );
      const token = loggedIn.body.value.token;
      assert.equal((await call(other, 'GET', VENDORS, { merchant: 'demo2' })).body.value.title, 'Odd names');
      for (const name of ['constructor', '__proto__', 'toString']) {
        const a = await call(other, 'POST', LAUNCH, {
          token,
          merchant: 'demo2',
          body: { vendor: name },
          headers: { Host: HOST },
        });
        assert.equal(a.status, 200, JSON.stringify(a.body));
        const page = await other.app.request(new URL(a.body.value.gameUrl).pathname + new URL(a.body.value.gameUrl).search);
        assert.equal(page.status, 200);
        assert.ok((await page.text()).includes(`<p class="vendor">Vendor ${name}</p>`));
        const t = await call(other, 'GET', `${TRIAL}?gameId=${name}`, { merchant: 'demo2', headers: { Host: HOST } });
        assert.equal(t.status, 200, JSON.stringify(t.body));
        const trialPage = await other.app.request(new URL(t.body.value.gameUrl).pathname + new URL(t.body.value.gameUrl).search);
        assert.ok((await trialPage.text()).includes(`<h2>Vendor ${name} demo</h2>`));
      }
      // The demo catalogue's lottery vendors are not this merchant's.
      const lott = await call(other, 'POST', LAUNCH, {
        token,
        merchant: 'demo2',
        body: { launchMode: 'LOTT' },
        headers: { Host: HOST },
      });
      assert.equal(lott.body.errorCode, 'game.vendor.unknown');
    } finally {
      await other.close();
      tmp.remove();
    }
  });
});
