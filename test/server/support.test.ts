/**
 * The demo support chat (/support/, server/engagement/support-page.ts): where the demo merchant's
 * customer-service entries lead, so "Contact us" answers offline (issue 32: they opened
 * https://support.example.com/chat, which does not exist). Greeting, canned answers by topic and by
 * typed words in EN, CN and UR, the conversation kept in the form, the Close control's target, and
 * open to anybody while maintenance or the region restriction is on.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_MERCHANTS_FILE } from '../../server/infra/config.ts';
import { SUPPORT_HISTORY_MAX, supportLanguage, supportTopic } from '../../server/engagement/support-page.ts';
import { call, testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;

before(async () => {
  wps = await testApp();
});
after(() => wps.close());

const HOST = { Host: '127.0.0.1:8080' };
const open = (path: string, headers: Record<string, string> = {}) => wps.app.request(path, { headers: { ...HOST, ...headers } });
const post = (fields: [string, string][], headers: Record<string, string> = {}) =>
  wps.app.request('/support/', {
    method: 'POST',
    headers: { ...HOST, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** The hidden fields of a page's form, in order, as [name, value] (what the next post sends back). */
function hiddenFields(html: string): [string, string][] {
  const unescape = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, unescape(m[2]!)]);
}
/** The messages shown, oldest first: [who, text]. */
function messagesOf(html: string): [string, string][] {
  return [...html.matchAll(/<li class="(agent|member)"><span class="who">[^<]*<\/span><p>([^<]*)<\/p><\/li>/g)]
    .map((m): [string, string] => [m[1]!, m[2]!])
    .reverse();
}

describe('the demo merchant leads customer service to this server', () => {
  test('its entry decodes to /support/?merchant=demo, a path on the operator, not support.example.com', () => {
    const merchants = JSON.parse(readFileSync(DEFAULT_MERCHANTS_FILE, 'utf8'));
    const entries: { csType: string; path: string }[] = merchants.merchants.demo.info.customerService;
    assert.ok(entries.length > 0);
    for (const { path } of entries) {
      // docs/api.md, "Customer-service links": base64url(URL XOR key) + the 8-character key.
      const key = Buffer.from(path.slice(-8), 'ascii');
      const url = Buffer.from(Buffer.from(path.slice(0, -8), 'base64url').map((b, i) => b ^ key[i % 8]!)).toString('utf8');
      assert.equal(url, '/support/?merchant=demo');
    }
  });

  test("the status's entry opens a page this server answers", async () => {
    const status = await call(wps, 'GET', '/wps/system/status', { merchant: 'demo' });
    assert.equal(status.body.value.info.customerService[0].csType, 'LIVECHAT');
    const res = await open('/support/?merchant=demo');
    assert.equal(res.status, 200);
  });
});

describe('/support/', () => {
  test('greets in English by default: the agent, the app name, the topics, a Close control, a strict CSP', async () => {
    const res = await open('/support/?merchant=demo');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('Content-Type') ?? '', /^text\/html/);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe/);
    assert.equal(res.headers.get('Cache-Control'), 'no-store');
    const html = await res.text();
    assert.match(html, /<html lang="en" dir="ltr">/);
    assert.match(html, /<h1>Customer service<\/h1>/);
    assert.deepEqual(messagesOf(html), [
      ['agent', 'Hi, I&#39;m Mia from WPS Lottery support. How can I help you today? Pick a topic or write your question.'],
    ]);
    assert.match(html, /<a class="back close" href="\/m\/home" data-close><span aria-hidden="true">×<\/span> Close<\/a>/);
    for (const topic of ['Deposit', 'Withdrawal', 'Forgot password', 'Bonuses', 'Get the app', 'Site unavailable']) {
      assert.match(html, new RegExp(`formnovalidate>${topic}</button>`));
    }
    assert.match(html, /<textarea id="body" name="body" rows="2" maxlength="500"[^>]* required>/);
    assert.doesNotMatch(html, /autofocus/, 'no keyboard pops up before the player asks');
    assert.doesNotMatch(html, /\sstyle=|<script>|\son[a-z]+=/i);
    // The files it links.
    for (const file of ['/chat/chat.css', '/support/support.css', '/support/support.js']) {
      assert.ok(html.includes(`"${file}"`), file);
      const asset = await open(file);
      assert.equal(asset.status, 200, file);
      assert.equal(asset.headers.get('X-Content-Type-Options'), 'nosniff');
    }
    assert.match((await open('/support/support.js')).headers.get('Content-Type') ?? '', /javascript/);
    assert.equal((await open('/support?merchant=demo')).headers.get('Location'), '/support/?merchant=demo');
  });

  test('speaks the language asked for (field, else Accept-Language): CN, UR right to left, EN for the others', async () => {
    const cn = await (await open('/support/?merchant=demo', { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' })).text();
    assert.match(cn, /<html lang="zh-CN" dir="ltr">/);
    assert.match(cn, /您好，我是 WPS Lottery 客服 Mia。/);
    assert.match(cn, /formnovalidate>忘记密码<\/button>/);
    const ur = await (await open('/support/?merchant=demo&language=UR', { 'Accept-Language': 'en' })).text();
    assert.match(ur, /<html lang="ur" dir="rtl">/);
    assert.match(ur, /<h1>کسٹمر سروس<\/h1>/);
    assert.match(ur, /السلام علیکم، میں WPS Lottery سپورٹ سے میا ہوں۔/);
    assert.match(ur, /بند کریں<\/a>/);
    const fr = await (await open('/support/?merchant=demo', { 'Accept-Language': 'fr-FR,fr' })).text();
    assert.match(fr, /<html lang="en"/);
    assert.equal(supportLanguage('VI', 'ur'), 'EN', 'a language without texts: English');
    assert.equal(supportLanguage(undefined, 'fr, ur-PK;q=0.8'), 'UR');
    assert.equal(supportLanguage(undefined, 'zh-TW'), 'EN', 'traditional Chinese is not given the simplified texts');
  });

  test('a topic gets its canned answer; typed words find theirs; the conversation carries on', async () => {
    const first = await (await open('/support/?merchant=demo')).text();
    const picked = await post([...hiddenFields(first), ['topic', 'password']]);
    assert.equal(picked.status, 200);
    const pickedHtml = await picked.text();
    const shown = messagesOf(pickedHtml);
    assert.equal(shown.length, 3);
    assert.deepEqual(shown[1], ['member', 'Forgot password']);
    assert.match(shown[2]![1], /^No problem\. Send me your username and the mobile number on your account\./);
    assert.match(pickedHtml, /autofocus/, 'after a message the player keeps typing');

    const typed = await (await post([...hiddenFields(pickedHtml), ['body', '  How long does a withdrawal take?  ']])).text();
    const next = messagesOf(typed);
    assert.equal(next.length, 5);
    assert.deepEqual(next[3], ['member', 'How long does a withdrawal take?']);
    assert.match(next[4]![1], /^A withdrawal is requested from Me after you log in/);

    const other = messagesOf(await (await post([...hiddenFields(typed), ['body', 'Hello there']])).text());
    assert.match(other.at(-1)![1], /^Thanks, I have noted that\. An agent will look into it/);

    // Chinese and Urdu words, each in its own language.
    const cn = messagesOf(
      await (
        await post([
          ['language', 'CN'],
          ['body', '我的充值还没到账'],
        ])
      ).text(),
    );
    assert.match(cn.at(-1)![1], /^充值请先登录/);
    const ur = messagesOf(
      await (
        await post([
          ['language', 'UR'],
          ['body', 'میں پاس ورڈ بھول گیا ہوں'],
        ])
      ).text(),
    );
    assert.match(ur.at(-1)![1], /^کوئی مسئلہ نہیں۔/);
    assert.equal(supportTopic('I cannot download the app', 'EN'), 'app');
    assert.equal(supportTopic('happy birthday', 'EN'), 'other', 'a keyword counts at a word start only');
    assert.equal(supportTopic('bonus please', 'UR'), 'bonus', 'English words count in every language');
  });

  test('an empty send adds nothing; a long one is refused with the text kept; markup is shown as text; the history is capped', async () => {
    const empty = await (await post([['body', '   ']])).text();
    assert.equal(messagesOf(empty).length, 0);
    const long = await post([['body', 'x'.repeat(501)]]);
    assert.equal(long.status, 400);
    const longHtml = await long.text();
    assert.match(longHtml, /<p class="error" role="alert">A message is at most 500 characters\.<\/p>/);
    assert.ok(longHtml.includes(`>${'x'.repeat(501)}</textarea>`), 'the draft is kept');

    const evil = await (
      await post([
        ['body', '<img src=x onerror=alert(1)>"'],
        ['m', 'a:<script>alert(2)</script>'],
      ])
    ).text();
    assert.doesNotMatch(evil, /<img src=x|<script>alert/);
    assert.match(evil, /&lt;img src=x onerror=alert\(1\)&gt;&quot;/);

    const many: [string, string][] = Array.from({ length: 40 }, (_, i) => ['m', `p:message ${i}`]);
    const capped = messagesOf(await (await post([...many, ['body', 'deposit']])).text());
    assert.equal(capped.length, SUPPORT_HISTORY_MAX);
    assert.match(capped.at(-1)![1], /^To add money/);
  });

  test('Close leads back to the page that opened it when that is this site or a line of the merchant; else /m/home', async () => {
    const closeOf = async (headers: Record<string, string>, query = '') =>
      /<a class="back close" href="([^"]*)"/.exec(await (await open(`/support/?merchant=demo${query}`, headers)).text())?.[1];
    assert.equal(await closeOf({ Referer: 'http://127.0.0.1:8080/m/member/home' }), 'http://127.0.0.1:8080/m/member/home');
    assert.equal(await closeOf({ Referer: 'http://localhost:8080/demo/' }), 'http://localhost:8080/demo/');
    assert.equal(await closeOf({ Referer: 'https://evil.example/' }), '/m/home');
    assert.equal(await closeOf({}, '&back=javascript:alert(1)'), '/m/home');
    assert.equal(await closeOf({}, '&back=%2F%2Fevil.example'), '/m/home');
    assert.equal(await closeOf({}, '&back=%2Fsupport%2F'), '/m/home');
    assert.equal(await closeOf({}, '&back=%2Fm%2Fgames'), '/m/games');
    // Kept through the conversation.
    const html = await (
      await post([
        ['back', '/m/games'],
        ['topic', 'app'],
      ])
    ).text();
    assert.match(html, /<a class="back close" href="\/m\/games"/);
  });

  test('answers a visitor while maintenance and the region restriction are on (the way out of those screens)', async () => {
    const on = (path: string) => call(wps, 'POST', path, { body: { on: true }, merchant: 'demo' });
    try {
      await on('/dev/maintenance');
      await on('/dev/region-restriction');
      const status = (await call(wps, 'GET', '/wps/system/status', { merchant: 'demo' })).body.value;
      assert.deepEqual([status.maintenance, status.regionRestriction], [true, true], 'the screens are on');
      await on('/dev/domain-unavailable');
      const page = await open('/support/?merchant=demo');
      assert.equal(page.status, 200);
      assert.match(await page.text(), /How can I help you today\?/);
      assert.equal((await post([['topic', 'maintenance']])).status, 200);
      assert.equal((await open('/chat/chat.css')).status, 200);
    } finally {
      await call(wps, 'POST', '/dev/reset', { body: {}, merchant: 'demo' });
    }
  });
});
