/**
 * Home engagement (docs/api.md, "Announcements and popups", "Promotions", "Chat", "VIP"): the popup
 * items, the promotions and what MCSFE_getMerchantAvailablePromotions makes of them, the chat's unread
 * count, URL and demo page, the VIP label and progress, their dev controls and the demo seed.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../../server/app.ts';
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TITLE_MAX, UNREAD_MAX } from '../../server/engagement/dev.ts';
import { clock } from '../../server/infra/limits.ts';
import {
  call,
  loginBody,
  registerBody,
  rsaKeyOf,
  sealedCall,
  tempDir,
  testApp,
  type Answer,
  type CallOptions,
} from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;
/** The seeded member `demo` of the demo merchant (VIP2, 2 unread agent messages). */
let demoToken: string;

before(async () => {
  wps = await testApp();
  rsaKey = await rsaKeyOf(wps);
  const login = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey);
  assert.equal(login.status, 200, JSON.stringify(login.body));
  demoToken = login.body.value.token;
});
after(() => wps.close());

const HOUR = 60 * 60_000;
const get = (path: string, o: CallOptions = {}) => call(wps, 'GET', path, o);
const dev = (path: string, body?: unknown, merchant?: string) => call(wps, 'POST', path, { body, merchant });
const available = async (merchant?: string) =>
  (await get('/wps/relay/MCSFE_getMerchantAvailablePromotions', { merchant })).body.value;
const promotions = async (query = '', merchant?: string) => get(`/wps/relay/MCSFE_getPromotionList${query}`, { merchant });
const popups = (query = '', merchant?: string) => get(`/wps/relay/MCSFE_getListAnnouncements${query}`, { merchant });
const unread = async (token: string) => (await get('/wps/relay/CBS_unreadCount', { token })).body.value.unReadCount;

/** A form post as the /dev/ page sends it. */
const formPost = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  wps.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

async function stillServing() {
  assert.equal((await promotions()).status, 200);
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
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const real = clock.now;
  clock.now = () => real() + ms;
  try {
    return await fn();
  } finally {
    clock.now = real;
  }
}

let registered = 0;
/** A member registered now: no label, no message. */
async function freshMember(): Promise<string> {
  const username = `eng${Date.now() % 100_000}${registered++}`;
  const a = await sealedCall(wps, '/wps/member/register', registerBody(username, 'Fresh1234'), rsaKey);
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return a.body.value.token;
}

describe('promotions', () => {
  test("availablePromotions comes from the table: the demo merchant's seeded types, each enabled with one live promotion", async () => {
    const value = await available();
    for (const type of ['REGISTER', 'FIRST_DEPOSIT', 'DEPOSIT', 'REFERRAL', 'UPGRADE_BONUS', 'MISSION', 'APP_DOWNLOAD']) {
      assert.deepEqual(value[type], { enabled: true, count: 1 }, type);
    }
    // demo2 lists APP_DOWNLOAD disabled in merchants.json: present, not enabled.
    assert.deepEqual(await available('demo2'), { APP_DOWNLOAD: { enabled: false, count: 0 } });
  });

  test('MCSFE_getPromotionList: the live promotions with their texts and times (epoch ms); with id that one', async () => {
    const a = await promotions();
    assert.equal(a.status, 200);
    const list = a.body.value as Record<string, unknown>[];
    assert.equal(list.length, 7);
    for (const p of list) {
      assert.deepEqual(Object.keys(p).sort(), ['content', 'endTime', 'id', 'imageUrl', 'startTime', 'summary', 'title', 'type']);
      assert.equal(typeof p.title, 'string');
      assert.match(p.content as string, /<h2>.+<\/h2>/);
      assert.equal(typeof p.startTime, 'number');
      assert.ok((p.startTime as number) <= Date.now());
      assert.equal(p.endTime, null);
    }
    const one = await promotions('?id=FIRST_DEPOSIT');
    assert.equal(one.body.value.length, 1);
    assert.equal(one.body.value[0].type, 'FIRST_DEPOSIT');
    assert.equal(one.body.value[0].title, 'First deposit bonus 100%');
    assert.deepEqual((await promotions('', 'demo2')).body.value, [], 'a disabled promotion is not listed');
  });

  test('an unknown, disabled or foreign id is 404 promotion.not.found; a malformed id is request.invalid', async () => {
    await refused(promotions('?id=NOPE'), 404, 'promotion.not.found');
    await refused(promotions('?id=APP_DOWNLOAD', 'demo2'), 404, 'promotion.not.found');
    await refused(promotions('?id=MISSION', 'demo2'), 404, 'promotion.not.found');
    for (const id of ['', 'a%20b', '..%2F', 'x'.repeat(65), '%00', '1%27%20OR%201%3D1']) {
      await refused(promotions(`?id=${id}`), 400, 'request.invalid');
    }
    await refused(promotions('', 'nope'), 400, 'merchant.unknown');
  });

  test('the dev control switches a type off and on: availablePromotions, the list and the id follow', async () => {
    const off = await dev('/dev/promotions', { type: 'REFERRAL', enabled: false });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.deepEqual(off.body.value, { type: 'REFERRAL', enabled: false, changed: 1 });
    assert.deepEqual((await available()).REFERRAL, { enabled: false, count: 0 });
    assert.ok(!(await promotions()).body.value.some((p: { type: string }) => p.type === 'REFERRAL'));
    await refused(promotions('?id=REFERRAL'), 404, 'promotion.not.found');
    assert.equal((await available()).REGISTER.enabled, true, 'the other types stay');

    const res = await formPost('/dev/promotions', { merchant: 'demo', type: 'REFERRAL', enabled: '1' });
    assert.equal(res.status, 303);
    assert.deepEqual((await available()).REFERRAL, { enabled: true, count: 1 });
    assert.equal((await promotions('?id=REFERRAL')).status, 200);
  });

  test('the dev control refuses a bad type or flag, and a type the merchant has none of', async () => {
    await refused(dev('/dev/promotions', { type: 'JACKPOT', enabled: true }), 400, 'request.invalid');
    await refused(dev('/dev/promotions', { type: 'REFERRAL', enabled: 'yes' }), 400, 'request.invalid');
    await refused(dev('/dev/promotions', { type: 'REFERRAL', enabled: true, extra: 1 }), 400, 'request.invalid');
    await refused(dev('/dev/promotions', { type: 'REFERRAL', enabled: true }, 'demo2'), 404, 'not.found');
  });

  test('only live promotions count: past its end time a type is no longer enabled, before its start neither', async () => {
    const now = Date.now();
    await wps.db!.query(
      `INSERT INTO promotions (merchant_code, id, type, title, start_time, end_time) VALUES
         ('demo', 'login-week', 'LOGIN', 'Login week', $1, $2),
         ('demo', 'saviour-soon', 'SAVIOR', 'Saviour', $3, NULL)`,
      [new Date(now - HOUR).toISOString(), new Date(now + HOUR).toISOString(), new Date(now + 3 * HOUR).toISOString()],
    );
    try {
      assert.deepEqual((await available()).LOGIN, { enabled: true, count: 1 });
      assert.deepEqual((await available()).SAVIOR, { enabled: false, count: 0 }, 'not started yet');
      const week = (await promotions('?id=login-week')).body.value[0];
      assert.equal(week.endTime, new Date(new Date(now + HOUR).toISOString()).getTime());

      await later(2 * HOUR, async () => {
        assert.deepEqual((await available()).LOGIN, { enabled: false, count: 0 }, 'ended');
        assert.ok(!(await promotions()).body.value.some((p: { id: string }) => p.id === 'login-week'));
        await refused(promotions('?id=login-week'), 404, 'promotion.not.found');
        assert.deepEqual((await available()).SAVIOR, { enabled: false, count: 0 });
      });
      await later(4 * HOUR, async () => {
        assert.deepEqual((await available()).SAVIOR, { enabled: true, count: 1 }, 'started');
      });
    } finally {
      await wps.db!.query(`DELETE FROM promotions WHERE id IN ('login-week', 'saviour-soon')`);
    }
  });
});

describe('announcements and popups', () => {
  type Item = {
    id: string;
    title: string;
    content: string;
    execution: string;
    promotionType?: string | null;
    promotionId?: string | null;
    forceRead?: boolean;
  };

  test('the seeded popups: 2 for visitors, 2 for members, 1 for the first login, newest first, each in the contract shape', async () => {
    const a = await popups('?types=PR&platform=M');
    assert.equal(a.status, 200);
    const items = a.body.value as Item[];
    const by = (execution: string) => items.filter((i) => i.execution === execution).map((i) => i.promotionType ?? null);
    assert.deepEqual(by('B'), ['REGISTER', null]);
    assert.deepEqual(by('A'), ['FIRST_DEPOSIT', 'UPGRADE_BONUS']);
    assert.deepEqual(by('F'), ['REFERRAL']);
    for (const item of items) {
      assert.deepEqual(Object.keys(item).sort(), [
        'content',
        'execution',
        'forceRead',
        'id',
        'promotionId',
        'promotionType',
        'title',
      ]);
      assert.match(item.id, /^\d+$/);
      assert.equal(typeof item.forceRead, 'boolean');
    }
    const ids = items.map((i) => Number(i.id));
    assert.deepEqual(
      ids,
      [...ids].sort((x, y) => x - y),
      'seeded in the order newest to oldest',
    );
    // English HTML with a heading, a bold word, a list, a link to a real promotion and an external one.
    const welcome = items.find((i) => i.promotionType === 'REGISTER')!;
    assert.match(welcome.content, /<h2>[^<]+<\/h2>/);
    assert.match(welcome.content, /<b>[^<]+<\/b>/);
    assert.match(welcome.content, /<ul><li>/);
    const linked = /href="\/m\/activity\?id=([A-Za-z0-9_-]+)"/.exec(welcome.content)![1]!;
    assert.equal(linked, welcome.promotionId);
    assert.equal((await promotions(`?id=${linked}`)).status, 200, 'the link names a live promotion');
    assert.ok(items.some((i) => /href="https:\/\//.test(i.content)));
  });

  test('types other than PR have no items; without types the popups are listed', async () => {
    assert.deepEqual((await popups('?types=NOTICE')).body.value, []);
    assert.equal((await popups('?types=NOTICE,PR')).body.value.length, 5);
    assert.equal((await popups()).body.value.length, 5);
  });

  test('platform and category: ALL items show for M, other categories only when asked for', async () => {
    const all = await dev('/dev/announcements', { title: 'Everywhere', content: '<p>x</p>', execution: 'B', platform: 'ALL' });
    const app = await dev('/dev/announcements', {
      title: 'App download',
      content: '<p>Get the app</p>',
      execution: 'B',
      promotionType: 'APP_DOWNLOAD',
      promotionId: 'APP_DOWNLOAD',
      category: 'app_download',
    });
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.equal(app.status, 200, JSON.stringify(app.body));
    const ids = async (query: string) => ((await popups(query)).body.value as Item[]).map((i) => i.id);
    try {
      assert.ok((await ids('?types=PR&platform=M')).includes(all.body.value.id), 'ALL is listed for M');
      assert.ok(!(await ids('?types=PR&platform=PC')).includes('1'), 'an M item is not listed for another platform');
      assert.ok((await ids('?types=PR&platform=PC')).includes(all.body.value.id));
      assert.ok(!(await ids('?types=PR&platform=M')).includes(app.body.value.id), 'another category is not listed');
      const withCategory = await ids('?types=PR&platform=M&category=app_download');
      assert.equal(withCategory[0], app.body.value.id, 'newest first');
      assert.equal(withCategory.length, 7, 'the general ones too');
      assert.ok(!(await ids('?types=PR&platform=M&category=other')).includes(app.body.value.id));
    } finally {
      await dev('/dev/announcements/delete', { id: all.body.value.id });
      await dev('/dev/announcements/delete', { id: app.body.value.id });
    }
  });

  test('bad filters are request.invalid, an unknown merchant merchant.unknown, and the server keeps serving', async () => {
    for (const query of [
      '?platform=%3Cscript%3E',
      '?category=a%20b',
      '?types=P%00R',
      `?category=${'c'.repeat(65)}`,
      '?types=PR,,X',
    ]) {
      await refused(popups(query), 400, 'request.invalid');
    }
    await refused(popups('', 'nope'), 400, 'merchant.unknown');
  });

  test('published through the dev control: listed first, with its HTML as written; deleted: gone', async () => {
    const content = '<h2>Hi</h2><img src=x onerror=alert(1)><p>the client <b>sanitises</b></p>';
    const a = await dev('/dev/announcements', {
      title: 'Flash bonus',
      content,
      execution: 'A',
      promotionType: 'DEPOSIT',
      promotionId: 'DEPOSIT',
      forceRead: true,
    });
    assert.equal(a.status, 200, JSON.stringify(a.body));
    const id = a.body.value.id;
    assert.match(id, /^\d+$/);
    const first = (await popups('?types=PR&platform=M')).body.value[0];
    assert.deepEqual(first, {
      id,
      title: 'Flash bonus',
      content,
      promotionType: 'DEPOSIT',
      promotionId: 'DEPOSIT',
      execution: 'A',
      forceRead: true,
    });
    assert.deepEqual((await dev('/dev/announcements/delete', { id })).body.value, { deleted: 1 });
    assert.ok(!(await popups()).body.value.some((i: Item) => i.id === id));
    await refused(dev('/dev/announcements/delete', { id }), 404, 'not.found');
  });

  test('the dev controls refuse bad announcements', async () => {
    const good = { title: 'T', content: '<p>c</p>', execution: 'B' };
    for (const bad of [
      { ...good, execution: 'X' },
      { ...good, title: ' ' },
      { ...good, content: '' },
      { ...good, title: 'a\u0000b' },
      { ...good, promotionType: 'JACKPOT' },
      { ...good, promotionId: 'a b' },
      { ...good, category: 'a-b c' },
      { ...good, platform: 'PC' },
      { ...good, title: 't'.repeat(201) },
      { ...good, unknown: 1 },
    ]) {
      await refused(dev('/dev/announcements', bad), 400, 'request.invalid');
    }
    for (const id of ['abc', 0, -1, '1; DROP TABLE announcements', 1.5, '99999999999']) {
      await refused(dev('/dev/announcements/delete', { id }), 400, 'request.invalid');
    }
    await refused(dev('/dev/announcements/delete', { id: 1 }, 'demo2'), 404, 'not.found');
  });

  test("form posts of the page publish and delete, and clear deletes only that merchant's", async () => {
    const posted = await formPost('/dev/announcements', {
      merchant: 'demo2',
      title: 'From the form',
      content: '<p>form</p>',
      execution: 'F',
      promotionType: '',
      promotionId: '',
      category: '',
      forceRead: 'on',
    });
    assert.equal(posted.status, 303, await posted.clone().text());
    assert.equal(posted.headers.get('Location'), '/dev/?merchant=demo2');
    const item = (await popups('', 'demo2')).body.value[0];
    assert.equal(item.title, 'From the form');
    assert.equal(item.execution, 'F');
    assert.equal(item.forceRead, true);
    assert.equal(item.promotionType, null);

    const deleted = await formPost('/dev/announcements/delete', { merchant: 'demo2', id: item.id });
    assert.equal(deleted.status, 303);
    assert.ok(!(await popups('', 'demo2')).body.value.some((i: Item) => i.id === item.id));

    const cleared = await dev('/dev/announcements/clear', {}, 'demo2');
    assert.equal(cleared.body.value.deleted, 5);
    assert.deepEqual((await popups('', 'demo2')).body.value, []);
    assert.equal((await popups()).body.value.length, 5, 'the demo merchant keeps its own');
  });
});

describe('chat', () => {
  const launch = (token: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    get(`/wps/relay/CBS_launchChat?${new URLSearchParams({ b2c: '1', ...query })}`, {
      token,
      headers: { Host: 'localhost:8080', ...headers },
    });
  /** The chat URL's options (the ticket apart). */
  const options = (chatUrl: string) => {
    const params = Object.fromEntries(new URL(chatUrl).searchParams);
    delete params.ticket;
    return params;
  };
  const open = (chatUrl: string) => {
    const url = new URL(chatUrl);
    return wps.app.request(url.pathname + url.search, { headers: { Host: url.host } });
  };
  const send = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    wps.app.request('/chat/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Host: 'localhost:8080', ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  test('the calls that need a session answer 401 CUSTOMER_NOT_LOGIN without one', async () => {
    for (const path of [
      '/wps/relay/CBS_unreadCount',
      '/wps/relay/CBS_launchChat',
      '/wps/relay/MCSFE_getPlayerRankProgress',
      '/wps/member/info',
    ]) {
      await refused(get(path), 401, 'CUSTOMER_NOT_LOGIN');
      await refused(get(path, { token: 'not-a-session' }), 401, 'CUSTOMER_NOT_LOGIN');
    }
    // A session of one merchant is none at another.
    await refused(get('/wps/relay/CBS_unreadCount', { token: demoToken, merchant: 'demo2' }), 401, 'CUSTOMER_NOT_LOGIN');
  });

  test('launchChat: an absolute URL of the chat page on this origin, with a ticket and never the session token', async () => {
    const a = await launch(demoToken, { title: 'Help', language: 'cn', headerColor: '#1A2B3C', backUrl: '/m/home?tab=1' });
    assert.equal(a.status, 200, JSON.stringify(a.body));
    const { chatUrl } = a.body.value;
    assert.match(chatUrl, /^http:\/\/localhost:8080\/chat\/\?ticket=[A-Za-z0-9_-]{43}&/);
    assert.ok(!chatUrl.includes(demoToken) && !chatUrl.includes(encodeURIComponent(demoToken)), 'no session token');
    assert.deepEqual(options(chatUrl), { title: 'Help', language: 'CN', headerColor: '#1a2b3c', backUrl: '/m/home?tab=1' });
    const other = (await launch(demoToken)).body.value.chatUrl;
    assert.notEqual(
      new URL(other).searchParams.get('ticket'),
      new URL(chatUrl).searchParams.get('ticket'),
      'a new ticket each time',
    );
  });

  test('launchChat drops what it cannot vouch for: garbage colours, foreign, javascript: and protocol-relative back URLs', async () => {
    for (const headerColor of ['red', '#12345', '#ggg', '#1234567', 'url(x)', '#fff;x']) {
      assert.deepEqual(options((await launch(demoToken, { headerColor })).body.value.chatUrl), {}, headerColor);
    }
    for (const backUrl of [
      'https://evil.example/m/home',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '//evil.example/m/home',
      '/\\evil.example',
      '/\t/evil.example',
      'http://localhost:8080@evil.example/',
      'https://user:pw@localhost:8080/',
      'data:text/html,x',
      'http://localhost:9999/m/home',
    ]) {
      assert.deepEqual(options((await launch(demoToken, { backUrl })).body.value.chatUrl), {}, backUrl);
    }
    // The merchant's own lines ($host, 127.0.0.1:$port, localhost:$port) are kept.
    for (const backUrl of ['http://localhost:8080/m/home', 'http://127.0.0.1:8080/m/me']) {
      assert.equal(options((await launch(demoToken, { backUrl })).body.value.chatUrl).backUrl, backUrl);
    }
    await refused(launch(demoToken, { title: 't'.repeat(129) }), 400, 'request.invalid');
    await refused(launch(demoToken, { language: 'a\u0000' }), 400, 'request.invalid');
  });

  test('the seeded unread messages; opening the chat page reads them', async () => {
    const token = (await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey)).body.value.token;
    await dev('/dev/chat-unread', { username: 'demo', count: 2 });
    assert.equal(await unread(token), 2);
    const page = await open((await launch(token)).body.value.chatUrl);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Hello! This is customer service/);
    assert.equal(await unread(token), 0);
  });

  test('the chat page: strict CSP, no referrer to other sites, its title and the messages escaped, a back link only to a safe place', async () => {
    const token = await freshMember();
    const chatUrl = (
      await launch(token, { title: '<script>alert(1)</script>', headerColor: '#fff', backUrl: 'http://localhost:8080/m/home' })
    ).body.value.chatUrl;
    const ticket = new URL(chatUrl).searchParams.get('ticket')!;
    const sent = await send({ ticket, body: '<script>alert(2)</script> & <img src=x onerror=alert(3)>' });
    assert.equal(sent.status, 303);
    const page = await open(chatUrl);
    assert.equal(page.status, 200);
    const csp = page.headers.get('Content-Security-Policy') ?? '';
    for (const directive of ["default-src 'none'", "style-src 'self'", "form-action 'self'", "base-uri 'none'"]) {
      assert.ok(csp.split('; ').includes(directive), directive);
    }
    assert.doesNotMatch(csp, /unsafe|script-src/);
    assert.equal(page.headers.get('Referrer-Policy'), 'same-origin');
    assert.equal(page.headers.get('Cache-Control'), 'no-store');
    const html = await page.text();
    assert.doesNotMatch(html, /<script|<img/i);
    const tags = [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0]);
    assert.deepEqual(
      tags.filter((tag) => /\s(?:style|on[a-z]+)\s*=/i.test(tag)),
      [],
      'no inline style or handler',
    );
    assert.match(html, /<h1>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/h1>/);
    assert.match(html, /&lt;script&gt;alert\(2\)&lt;\/script&gt; &amp; &lt;img src=x onerror=alert\(3\)&gt;/);
    assert.match(html, /href="http:\/\/localhost:8080\/m\/home"/);
    assert.match(html, /<link rel="stylesheet" href="\/chat\/theme\.css\?c=fff">/);
    const theme = await wps.app.request('/chat/theme.css?c=fff');
    assert.equal(await theme.text(), '.bar{background:#ffffff;color:#111}\n');
    assert.equal((await wps.app.request('/chat/theme.css?c=fff;}body{x')).status, 404);

    // A URL written around a valid ticket gets no foreign back link or colour either.
    const forged = new URL(chatUrl);
    forged.searchParams.set('backUrl', 'javascript:alert(1)');
    forged.searchParams.set('headerColor', 'red;}');
    const forgedHtml = await (await open(forged.href)).text();
    assert.match(forgedHtml, /class="back" href="\/m\/home"/);
    assert.doesNotMatch(forgedHtml, /javascript:|theme\.css/);
  });

  test('sending: the message and an automatic agent reply, back to the page with 303; in Chinese with language CN', async () => {
    const token = await freshMember();
    assert.equal(await unread(token), 0);
    const chatUrl = (await launch(token, { language: 'CN', title: 'Help' })).body.value.chatUrl;
    const ticket = new URL(chatUrl).searchParams.get('ticket')!;
    const sent = await send({ ticket, body: '  Where is my bonus?  ', language: 'CN', title: 'Help' });
    assert.equal(sent.status, 303);
    const back = sent.headers.get('Location')!;
    assert.equal(back, `/chat/?ticket=${ticket}&title=Help&language=CN`);
    assert.equal(await unread(token), 1, 'the reply is unread until the page shows it');
    const html = await (await wps.app.request(back, { headers: { Host: 'localhost:8080' } })).text();
    assert.match(html, /<html lang="zh-CN">/);
    assert.match(html, /谢谢，客服将尽快回复您。/);
    assert.match(html, /<li class="member"><span class="who">我<\/span><p>Where is my bonus\?<\/p>/);
    assert.equal(await unread(token), 0);

    const empty = await send({ ticket, body: '   ' });
    assert.equal(empty.status, 303);
    const english = await (await open((await launch(token)).body.value.chatUrl)).text();
    assert.equal([...english.matchAll(/<li class="member">/g)].length, 1, 'an empty message stores nothing');
    assert.match(english, /<html lang="en">/);
    assert.match(english, /<h1>Customer service<\/h1>/);
  });

  test('a bad, unknown or expired ticket, a long message, a post from another site: a 4xx page, and the server keeps serving', async () => {
    const token = await freshMember();
    const chatUrl = (await launch(token)).body.value.chatUrl;
    const ticket = new URL(chatUrl).searchParams.get('ticket')!;
    for (const path of [
      '/chat/',
      '/chat/?ticket=',
      '/chat/?ticket=x',
      `/chat/?ticket=${'A'.repeat(43)}`,
      `/chat/?ticket=${token}`,
    ]) {
      const res = await wps.app.request(path);
      assert.equal(res.status, 403, path);
      assert.match(res.headers.get('Content-Type') ?? '', /^text\/html/);
      assert.match(await res.text(), /not valid or has expired/);
    }
    assert.equal((await send({ ticket: 'nope', body: 'x' })).status, 403);
    assert.equal((await send({ ticket, body: 'x'.repeat(1001) })).status, 400);
    assert.equal((await send({ ticket, body: 'a\u0000b' })).status, 400);
    assert.equal((await send({ ticket, body: 'hi' }, { Origin: 'https://evil.example' })).status, 403);
    const big = await send({ ticket, body: 'x'.repeat(20_000) });
    assert.equal(big.status, 413);
    assert.match(await big.text(), /<!doctype html>/);
    assert.equal(await unread(token), 0, 'nothing was stored');

    await later(31 * 60_000, async () => {
      const res = await open(chatUrl);
      assert.equal(res.status, 403);
      assert.match(await res.text(), /not valid or has expired/);
      assert.equal((await send({ ticket, body: 'late' })).status, 403);
    });
    assert.equal((await open(chatUrl)).status, 200, 'still valid within 30 minutes');
    await stillServing();
  });

  test('the chat ticket dies with its session: after a logout, or once the session expired, the page and the send are refused', async () => {
    const token = await freshMember();
    const chatUrl = (await launch(token)).body.value.chatUrl;
    const ticket = new URL(chatUrl).searchParams.get('ticket')!;
    assert.equal((await open(chatUrl)).status, 200);
    assert.equal((await send({ ticket, body: 'before' })).status, 303);
    assert.equal((await call(wps, 'POST', '/wps/session/logout', { token })).status, 200);
    const page = await open(chatUrl);
    assert.equal(page.status, 403, 'the page after logout');
    assert.match(await page.text(), /not valid or has expired/);
    assert.equal((await send({ ticket, body: 'after' })).status, 403, 'the send after logout');

    // A session that ran out (8 hours, server time) takes its tickets along, even those under 30 minutes old.
    const other = await freshMember();
    const otherUrl = (await launch(other)).body.value.chatUrl;
    assert.equal((await open(otherUrl)).status, 200);
    const hash = createHash('sha256').update(other).digest('hex');
    await wps.db!.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash]);
    assert.equal((await open(otherUrl)).status, 403, 'the page once the session expired');
    const otherTicket = new URL(otherUrl).searchParams.get('ticket')!;
    assert.equal((await send({ ticket: otherTicket, body: 'late' })).status, 403, 'the send once the session expired');
    // The other sessions of a member keep theirs: a ticket belongs to the session that asked for it.
    const second = (await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey)).body.value.token;
    const kept = (await launch(demoToken)).body.value.chatUrl;
    assert.equal((await call(wps, 'POST', '/wps/session/logout', { token: second })).status, 200);
    assert.equal((await open(kept)).status, 200, 'another session of the member logged out: this ticket still opens');
    await stillServing();
  });

  test('the dev control sets the unread count exactly', async () => {
    const token = await freshMember();
    const username = (await get('/wps/member/info', { token })).body.value.userName;
    for (const count of [5, 1, 3, 0]) {
      const a = await dev('/dev/chat-unread', { username, count });
      assert.deepEqual(a.body.value, { username, unReadCount: count });
      assert.equal(await unread(token), count);
    }
    const form = await formPost('/dev/chat-unread', { merchant: 'demo', username, count: '7' });
    assert.equal(form.status, 303);
    assert.equal(await unread(token), 7);
    for (const count of [100, -1, 1.5, '3']) {
      await refused(dev('/dev/chat-unread', { username, count }), 400, 'request.invalid');
    }
    await refused(dev('/dev/chat-unread', { username: 'nobody_here', count: 1 }), 404, 'not.found');
    await refused(dev('/dev/chat-unread', { username, count: 1 }, 'demo2'), 404, 'not.found');
  });
});

describe('VIP', () => {
  const info = async (token: string) => (await get('/wps/member/info', { token })).body.value;
  const progress = async (token: string) => (await get('/wps/relay/MCSFE_getPlayerRankProgress', { token })).body.value;

  test('the seeded demo member: VIP2 in the member info, 3 of the 5 conditions of VIP3', async () => {
    assert.deepEqual((await info(demoToken)).clubLabel, { labelName: 'VIP2', type: 'AUTO', rankLevel: 2 });
    const p = await progress(demoToken);
    assert.equal(p.completedConditions, 3);
    assert.equal(p.totalExpectedConditions, 5);
    assert.equal(typeof p.labelId, 'number');
  });

  test('a member without a label: clubLabel null, labelId null, progress towards VIP1', async () => {
    const token = await freshMember();
    assert.equal((await info(token)).clubLabel, null);
    assert.deepEqual(await progress(token), { completedConditions: 0, totalExpectedConditions: 1, labelId: null });
  });

  test('the dev control moves a member: the member info and the progress follow; at the top the own label counts', async () => {
    const token = await freshMember();
    const username = (await info(token)).userName;
    const set = await dev('/dev/vip', { username, label: 'vip3', completed: 6 });
    assert.deepEqual(set.body.value, { username, label: 'VIP3', completed: 6 });
    assert.deepEqual((await info(token)).clubLabel, { labelName: 'VIP3', type: 'AUTO', rankLevel: 3 });
    const p3 = await progress(token);
    assert.deepEqual([p3.completedConditions, p3.totalExpectedConditions], [6, 8]);

    await dev('/dev/vip', { username, label: 'VIP5', completed: 12 });
    const p5 = await progress(token);
    assert.deepEqual([p5.completedConditions, p5.totalExpectedConditions], [12, 12], 'no level above: its own');
    assert.notEqual(p5.labelId, p3.labelId);

    const form = await formPost('/dev/vip', { merchant: 'demo', username, label: 'Diamond Club', completed: '1' });
    assert.equal(form.status, 303);
    assert.deepEqual((await info(token)).clubLabel, { labelName: 'Diamond Club', type: 'MANUAL', rankLevel: 6 });
    assert.equal((await progress(token)).totalExpectedConditions, 15);

    await dev('/dev/vip', { username, label: null, completed: 0 });
    assert.equal((await info(token)).clubLabel, null);
    assert.equal((await progress(token)).labelId, null);
    await formPost('/dev/vip', { merchant: 'demo', username, label: '', completed: '2' });
    assert.equal((await progress(token)).completedConditions, 2);
  });

  test('the dev control refuses unknown labels and bad progress', async () => {
    await refused(dev('/dev/vip', { username: 'demo', label: 'VIP9', completed: 1 }), 400, 'request.invalid');
    await refused(dev('/dev/vip', { username: 'demo', label: 'VIP1', completed: -1 }), 400, 'request.invalid');
    await refused(dev('/dev/vip', { username: 'demo', label: 'VIP1' }), 400, 'request.invalid');
    await refused(dev('/dev/vip', { username: 'nobody_here', label: 'VIP1', completed: 1 }), 404, 'not.found');
    assert.deepEqual((await info(demoToken)).clubLabel, { labelName: 'VIP2', type: 'AUTO', rankLevel: 2 }, 'unchanged');
  });
});

describe('the dev page and its JSON', () => {
  test('GET /dev/engagement: what the page shows, per merchant', async () => {
    const a = await call(wps, 'GET', '/dev/engagement');
    assert.equal(a.status, 200);
    assert.equal(a.headers.get('Cache-Control'), 'no-store');
    const v = a.body.value;
    assert.ok(v.promotionTypes.includes('UPGRADE_BONUS'));
    assert.equal(v.announcements.length, 5);
    assert.deepEqual(Object.keys(v.announcements[0]).sort(), [
      'category',
      'content',
      'execution',
      'forceRead',
      'id',
      'platform',
      'promotionId',
      'promotionType',
      'publishedAt',
      'title',
    ]);
    assert.deepEqual(
      v.promotions.find((p: { type: string }) => p.type === 'MISSION'),
      { type: 'MISSION', enabled: true, live: 1, total: 1 },
    );
    assert.deepEqual(
      v.vipLabels.map((l: { name: string }) => l.name),
      ['VIP1', 'VIP2', 'VIP3', 'VIP4', 'VIP5', 'Diamond Club'],
    );
    assert.deepEqual(
      v.members.map((m: { username: string; vipLabel: string | null }) => [m.username, m.vipLabel]),
      [
        ['demo', 'VIP2'],
        ['guard', null],
      ],
    );
    const other = (await call(wps, 'GET', '/dev/engagement', { merchant: 'demo2' })).body.value;
    assert.deepEqual(other.promotions, [{ type: 'APP_DOWNLOAD', enabled: false, live: 0, total: 1 }]);
    assert.equal(other.members[0].unread, 2, "demo2's demo member has its 2 unread messages");
    await refused(call(wps, 'GET', '/dev/engagement', { merchant: 'nope' }), 400, 'merchant.unknown');
  });

  test("the page has a form for each control within the server's limits, CBS3 in the flags, and the script reads /dev/engagement", async () => {
    const html = await (await wps.app.request('/dev/')).text();
    for (const action of [
      '/dev/announcements',
      '/dev/announcements/clear',
      '/dev/announcements/delete',
      '/dev/promotions',
      '/dev/chat-unread',
      '/dev/vip',
    ]) {
      assert.ok(html.includes(`action="${action}"`), action);
    }
    assert.match(html, /<code>CBS3<\/code>: customer-service chat/);
    assert.ok(html.includes(`name="title" maxlength="${ANNOUNCEMENT_TITLE_MAX}" size="40" required`));
    assert.ok(html.includes(`name="content" maxlength="${ANNOUNCEMENT_CONTENT_MAX}"`));
    assert.ok(html.includes(`name="count" min="0" max="${UNREAD_MAX}"`));
    for (const execution of ['A', 'B', 'F']) assert.ok(html.includes(`<option value="${execution}">`), execution);
    const script = await (await wps.app.request('/dev/dev.js')).text();
    assert.ok(script.includes("read('/dev/engagement', merchant.code)"));
    assert.ok(script.includes("'CBS3'"), 'CBS3 is always listed in the flags table');
    assert.doesNotMatch(script, /innerHTML|outerHTML|insertAdjacentHTML/);
  });

  test('a post from another site is refused', async () => {
    const res = await formPost('/dev/announcements/clear', { merchant: 'demo' }, { Origin: 'https://evil.example' });
    assert.equal(res.status, 403);
    assert.equal((await popups()).body.value.length, 5);
  });
});

describe('the demo seed', () => {
  test('made once per merchant: a restart neither duplicates it nor brings back what a dev control deleted', async () => {
    const tmp = tempDir();
    const options = { dataDir: join(tmp.dir, 'data'), distDir: join(tmp.dir, 'dist') };
    try {
      const first = await createApp(options);
      assert.equal((await call(first, 'GET', '/wps/relay/MCSFE_getListAnnouncements')).body.value.length, 5);
      assert.equal((await call(first, 'POST', '/dev/announcements/clear', { body: {} })).body.value.deleted, 5);
      assert.equal((await call(first, 'POST', '/dev/promotions', { body: { type: 'MISSION', enabled: false } })).status, 200);
      await first.close();

      const second = await createApp(options);
      try {
        assert.deepEqual((await call(second, 'GET', '/wps/relay/MCSFE_getListAnnouncements')).body.value, []);
        const value = (await call(second, 'GET', '/wps/relay/MCSFE_getMerchantAvailablePromotions')).body.value;
        assert.deepEqual(value.MISSION, { enabled: false, count: 0 });
        assert.deepEqual(value.REGISTER, { enabled: true, count: 1 }, 'one, not two');
        const labels = await second.db!.query<{ n: string }>(`SELECT count(*) AS n FROM vip_labels WHERE merchant_code = 'demo'`);
        assert.equal(Number(labels.rows[0]!.n), 6);
        const messages = await second.db!.query<{ n: string }>(`SELECT count(*) AS n FROM chat_messages`);
        assert.equal(Number(messages.rows[0]!.n), 8, '2 for each of the 4 demo members');
      } finally {
        await second.close();
      }
    } finally {
      tmp.remove();
    }
  });

  test('production seeds nothing: no promotion, popup, label or message', async () => {
    const prod = await testApp({ production: true });
    try {
      assert.deepEqual((await call(prod, 'GET', '/wps/relay/MCSFE_getMerchantAvailablePromotions')).body.value, {});
      assert.deepEqual((await call(prod, 'GET', '/wps/relay/MCSFE_getListAnnouncements')).body.value, []);
      assert.deepEqual((await call(prod, 'GET', '/wps/relay/MCSFE_getPromotionList')).body.value, []);
      const labels = await prod.db!.query<{ n: string }>('SELECT count(*) AS n FROM vip_labels');
      assert.equal(Number(labels.rows[0]!.n), 0);
    } finally {
      await prod.close();
    }
  });
});
