/**
 * The demo merchant's download links (docs/server.md, "Downloads"): a Web Clip configuration profile
 * made from the merchant's data, and the .apk / .ipa placeholders, with their content types.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { webClipProfile } from '../../server/downloads/downloads.ts';
import { testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  wps = await testApp();
});
after(() => wps.close());

const get = (path: string, host = 'http://127.0.0.1:8080') => wps.app.request(host + path);

// ---- a small XML property list reader, independent of the server's writer --------------------------

type Plist = string | number | boolean | Buffer | Plist[] | { [key: string]: Plist };

function parsePlist(xml: string): Plist {
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<!DOCTYPE plist PUBLIC "-\/\/Apple\/\/DTD PLIST 1\.0\/\/EN"/);
  const body = xml.match(/<plist version="1\.0">([\s\S]*)<\/plist>\s*$/);
  assert.ok(body, 'a <plist> root');
  const tokens = [...body[1]!.matchAll(/<(\/?)(\w+)(\/?)>([^<]*)/g)].map((m) => ({
    close: m[1] === '/',
    name: m[2]!,
    empty: m[3] === '/',
    text: m[4]!,
  }));
  let i = 0;
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const expectClose = (name: string) => {
    const t = tokens[i++];
    assert.ok(t && t.close && t.name === name, `</${name}> expected`);
  };
  const value = (): Plist => {
    const t = tokens[i++];
    assert.ok(t && !t.close, 'a value');
    switch (t.name) {
      case 'true':
      case 'false':
        assert.ok(t.empty);
        return t.name === 'true';
      case 'string':
        expectClose('string');
        return unescape(t.text);
      case 'integer':
        expectClose('integer');
        assert.match(t.text, /^-?\d+$/);
        return Number(t.text);
      case 'data':
        expectClose('data');
        return Buffer.from(t.text.replace(/\s+/g, ''), 'base64');
      case 'array': {
        const out: Plist[] = [];
        while (!(tokens[i]!.close && tokens[i]!.name === 'array')) out.push(value());
        i++;
        return out;
      }
      case 'dict': {
        const out: Record<string, Plist> = {};
        while (!(tokens[i]!.close && tokens[i]!.name === 'dict')) {
          const key = tokens[i++]!;
          assert.equal(key.name, 'key');
          expectClose('key');
          const name = unescape(key.text);
          assert.ok(!(name in out), `duplicate key ${name}`);
          out[name] = value();
        }
        i++;
        return out;
      }
    }
    throw new Error(`unexpected <${t.name}>`);
  };
  const root = value();
  assert.equal(i, tokens.length, 'one root value');
  return root;
}

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

describe('GET /downloads/:merchant/profile.mobileconfig', () => {
  test('is a configuration profile with a Web Clip of the merchant: its /m, name and icon', async () => {
    const res = await get('/downloads/demo/profile.mobileconfig');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/x-apple-aspen-config');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="WPS-Lottery.mobileconfig"');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    const profile = parsePlist(await res.text()) as Record<string, any>;

    assert.equal(profile.PayloadType, 'Configuration');
    assert.equal(profile.PayloadVersion, 1);
    assert.match(profile.PayloadUUID, UUID);
    assert.match(profile.PayloadIdentifier, /^com\.wps\.mobile\.demo\./);
    assert.equal(profile.PayloadDisplayName, 'WPS Lottery Online');
    assert.equal(profile.PayloadRemovalDisallowed, false);

    assert.ok(Array.isArray(profile.PayloadContent));
    assert.equal(profile.PayloadContent.length, 1);
    const clip = profile.PayloadContent[0];
    assert.equal(clip.PayloadType, 'com.apple.webClip.managed');
    assert.equal(clip.PayloadVersion, 1);
    assert.equal(clip.URL, 'http://127.0.0.1:8080/m/home');
    assert.equal(clip.Label, 'WPS Lottery Online');
    assert.equal(clip.IsRemovable, true);
    assert.match(clip.PayloadUUID, UUID);
    assert.notEqual(clip.PayloadUUID, profile.PayloadUUID);
    assert.notEqual(clip.PayloadIdentifier, profile.PayloadIdentifier);
    assert.ok(Buffer.isBuffer(clip.Icon), 'Icon is <data>');
    assert.ok(clip.Icon.subarray(0, 8).equals(PNG_SIGNATURE), 'Icon is a PNG');
    // No build in this test's DIST_DIR: the source icon of the build.
    assert.ok(clip.Icon.equals(readFileSync(new URL('../../host/icons/icon-192.png', import.meta.url))));
  });

  test('is made per request: new UUIDs every time', async () => {
    const a = parsePlist(await (await get('/downloads/demo/profile.mobileconfig')).text()) as Record<string, any>;
    const b = parsePlist(await (await get('/downloads/demo/profile.mobileconfig')).text()) as Record<string, any>;
    assert.notEqual(a.PayloadUUID, b.PayloadUUID);
    assert.notEqual(a.PayloadContent[0].PayloadUUID, b.PayloadContent[0].PayloadUUID);
  });

  // Issue 26, item 12: `Host: evil.example` wrote `http://evil.example/m/home` into the profile.
  test('the Web Clip URL is on the public origin, never the Host header nor X-Forwarded-Host', async () => {
    /** As @hono/node-server builds the request: its URL from the Host header. */
    const clipUrl = async (app: typeof wps, host: string, headers: Record<string, string> = {}) => {
      const res = await app.app.request(`http://${host}/downloads/demo/profile.mobileconfig`, {
        headers: { Host: host, ...headers },
      });
      return ((parsePlist(await res.text()) as Record<string, any>).PayloadContent[0] as Record<string, any>).URL;
    };
    // Unconfigured (the demo): the origin it listens on, under a name it answers to.
    assert.equal(await clipUrl(wps, 'evil.example'), 'http://127.0.0.1:8080/m/home');
    assert.equal(await clipUrl(wps, 'evil.example:8080'), 'http://127.0.0.1:8080/m/home');
    assert.equal(await clipUrl(wps, '127.0.0.1:8080', { 'X-Forwarded-Host': 'evil.example' }), 'http://127.0.0.1:8080/m/home');
    assert.equal(await clipUrl(wps, 'localhost:8080'), 'http://localhost:8080/m/home', 'a loopback name it answers to');
    assert.equal(await clipUrl(wps, 'localhost:9999'), 'http://127.0.0.1:8080/m/home', 'not the port it listens on');

    // PUBLIC_ORIGIN: the first origin, or another listed one whose host the request named.
    const operator = await testApp({ publicOrigins: ['https://m.operator.example', 'https://m2.operator.example:8443'] });
    try {
      assert.equal(await clipUrl(operator, 'evil.example'), 'https://m.operator.example/m/home');
      assert.equal(await clipUrl(operator, 'localhost:8080'), 'https://m.operator.example/m/home');
      assert.equal(await clipUrl(operator, 'M2.operator.example:8443'), 'https://m2.operator.example:8443/m/home');
      assert.equal(await clipUrl(operator, 'm2.operator.example'), 'https://m.operator.example/m/home', 'another port');
    } finally {
      await operator.close();
    }
  });

  test("another merchant's profile carries that merchant's name", async () => {
    const res = await get('/downloads/demo2/profile.mobileconfig');
    assert.equal(res.status, 200);
    const profile = parsePlist(await res.text()) as Record<string, any>;
    assert.equal(profile.PayloadContent[0].Label, 'Second Demo Casino');
    assert.match(profile.PayloadIdentifier, /^com\.wps\.mobile\.demo2\./);
  });
});

test('a name with markup characters stays text in the profile', () => {
  const name = 'Tom & Jerry\'s <Lotto> "VIP"';
  const xml = webClipProfile({ merchantCode: 'tj', appName: name, url: 'https://x.example/m/home?a=1&b=2', icon: PNG_SIGNATURE });
  const profile = parsePlist(xml) as Record<string, any>;
  assert.equal(profile.PayloadContent[0].Label, name);
  assert.equal(profile.PayloadContent[0].URL, 'https://x.example/m/home?a=1&b=2');
});

describe('the app placeholders', () => {
  test('.apk: the Android package type, as an attachment', async () => {
    const res = await get('/downloads/demo/app.apk');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/vnd.android.package-archive');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="WPS-Lottery.apk"');
    assert.match(await res.text(), /placeholder/i);
  });

  test('.ipa: application/octet-stream, as an attachment', async () => {
    const res = await get('/downloads/demo/app.ipa');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/octet-stream');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="WPS-Lottery.ipa"');
  });
});

describe('unknown merchants and files', () => {
  for (const path of [
    '/downloads/nobody/profile.mobileconfig',
    '/downloads/nobody/app.apk',
    '/downloads/nobody/app.ipa',
    '/downloads/__proto__/app.apk',
    '/downloads/demo/other.apk',
    '/downloads/wps.apk',
  ]) {
    test(`${path} is 404`, async () => {
      assert.equal((await get(path)).status, 404);
    });
  }
});

test('the demo merchants link their download buttons to these routes', () => {
  const resources = wps.merchants.byCode.get('demo')!.info.resources;
  const url = (type: string) => resources.find((r) => r.resourceType === type)?.url;
  assert.equal(url('Android'), '/downloads/demo/app.apk');
  assert.equal(url('IOS'), '/downloads/demo/app.ipa');
  assert.equal(url('MOBILECONFIG'), '/downloads/demo/profile.mobileconfig');
  assert.equal(
    wps.merchants.byCode.get('demo2')!.info.resources.find((r) => r.resourceType === 'Android')?.url,
    '/downloads/demo2/app.apk',
  );
});
