/**
 * The demo content in the player's language (docs/api.md, "Language of the content"): banners,
 * promotions, popups and the game catalogue answer in the `Language` header's language (CN, EN, VI,
 * TH, UR written), English for any other or none, in the same shapes; what an operator wrote (a
 * popup published from /dev/, a merchant's own `games` block, a banner picture of its own) stays as
 * written.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../../server/app.ts';
import { call, tempDir, testApp, type Answer } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  wps = await testApp();
});
after(() => wps.close());

const get = (path: string, language?: string, merchant?: string): Promise<Answer> =>
  call(wps, 'GET', path, { headers: language === undefined ? {} : { Language: language }, merchant });

type Promotion = { id: string; title: string; summary: string; content: string };
type Popup = { id: string; title: string; content: string; promotionType: string | null; promotionId: string | null };
type Banner = { id: string; imageUrl: string };
type Catalogue = {
  title: string;
  lanes: { title: string; cards: { accountTypeName: string; displayName: string; imageUrl: string }[] }[];
  gameClassify: unknown[];
};

const promotions = async (language?: string) =>
  (await get('/wps/relay/MCSFE_getPromotionList', language)).body.value as Promotion[];
const popups = async (language?: string) => (await get('/wps/relay/MCSFE_getListAnnouncements', language)).body.value as Popup[];
const homeBanners = async (language?: string) =>
  (await get('/wps/relay/MCSFE_getBanners?groupName=m_home,m_popup1', language)).body.value as Banner[];
const catalogue = async (language?: string, merchant?: string) =>
  (await get('/wps/relay/GCSGAME_newGameVendor', language, merchant)).body.value as Catalogue;

/** Every key of a JSON value, nested, with array positions: two answers of the same shape give the same list. */
const shape = (x: unknown, at = ''): string[] =>
  x !== null && typeof x === 'object' ? Object.entries(x).flatMap(([k, v]) => [`${at}.${k}`, ...shape(v, `${at}.${k}`)]) : [];

const URDU = /[\u0600-\u06ff]/;
const HAN = /[\u4e00-\u9fff]/;

describe('promotions (MCSFE_getPromotionList)', () => {
  test('English with Language EN; Urdu with UR; Chinese with CN; the same promotions in the same shape', async () => {
    const en = await promotions('EN');
    const ur = await promotions('UR');
    const cn = await promotions('CN');
    const first = (list: Promotion[]) => list.find((p) => p.id === 'FIRST_DEPOSIT')!;
    assert.equal(first(en).title, 'First deposit bonus 100%');
    assert.equal(first(en).summary, 'We double your first deposit, up to 5,000.');
    assert.equal(first(ur).title, 'پہلے ڈپازٹ پر 100 فیصد بونس');
    assert.equal(first(ur).summary, 'ہم آپ کا پہلا ڈپازٹ دگنا کرتے ہیں، 5,000 تک۔');
    assert.match(first(ur).content, /^<h2>پہلے ڈپازٹ پر 100 فیصد بونس<\/h2>/);
    assert.equal(first(cn).title, '首存奖金 100%');
    assert.deepEqual(shape(ur), shape(en));
    assert.deepEqual(
      ur.map((p) => p.id),
      en.map((p) => p.id),
    );
  });

  test('every seeded promotion is written in CN, VI, TH and UR, not left in English', async () => {
    const en = await promotions('EN');
    assert.equal(en.length, 7);
    for (const language of ['CN', 'VI', 'TH', 'UR']) {
      const other = await promotions(language);
      en.forEach((p, i) => {
        for (const field of ['title', 'summary', 'content'] as const) {
          assert.notEqual(other[i]![field], p[field], `${language} ${p.id} ${field}`);
        }
      });
    }
  });

  test('an unknown language, a malformed one or none: English; the code is read regardless of case', async () => {
    const en = await promotions('EN');
    for (const language of ['DE', 'PT-BR', 'TW', 'ur-PK-x', '<b>', undefined]) {
      assert.deepEqual(await promotions(language), en, String(language));
    }
    assert.deepEqual(await promotions('ur'), await promotions('UR'));
    const one = (await get('/wps/relay/MCSFE_getPromotionList?id=REGISTER', 'VI')).body.value as Promotion[];
    assert.equal(one[0]!.title, 'Thưởng chào mừng: 20 điểm miễn phí');
  });
});

describe('popups (MCSFE_getListAnnouncements)', () => {
  test('the seeded popups in Urdu and in English, with the same links to the same promotions', async () => {
    const en = await popups('EN');
    const ur = await popups('UR');
    assert.equal(en.length, 5);
    assert.deepEqual(shape(ur), shape(en));
    const welcome = (list: Popup[]) => list.find((p) => p.promotionType === 'REGISTER')!;
    assert.equal(welcome(en).title, 'Welcome to our lottery!');
    assert.equal(welcome(ur).title, 'ہماری لاٹری میں خوش آمدید!');
    assert.match(welcome(ur).content, /<a href="\/m\/activity\?id=REGISTER">خوش آمدید بونس دیکھیں<\/a>/);
    assert.deepEqual(
      ur.map((p) => [p.id, p.promotionType, p.promotionId]),
      en.map((p) => [p.id, p.promotionType, p.promotionId]),
    );
    en.forEach((p, i) => {
      // The links are the same links, in the same order: only the words change.
      const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      assert.deepEqual(hrefs(ur[i]!.content), hrefs(p.content));
      assert.ok(URDU.test(ur[i]!.title) && URDU.test(ur[i]!.content), p.title);
    });
    const cn = await popups('CN');
    assert.equal(welcome(cn).title, '欢迎来到我们的彩票！');
    for (const language of ['VI', 'TH']) {
      const other = await popups(language);
      en.forEach((p, i) => assert.notEqual(other[i]!.content, p.content, `${language} ${p.title}`));
    }
  });

  test('an unknown language: English', async () => {
    assert.deepEqual(await popups('XX'), await popups('EN'));
    assert.deepEqual(await popups(), await popups('EN'));
  });

  test('a popup published from /dev/ is answered as written, whatever the language', async () => {
    const content = '<h2>Flash bonus</h2><p>Today only: <b>20%</b> on every deposit.</p>';
    const a = await call(wps, 'POST', '/dev/announcements', { body: { title: 'Flash bonus', content, execution: 'B' } });
    assert.equal(a.status, 200, JSON.stringify(a.body));
    try {
      for (const language of ['UR', 'CN', 'EN', 'DE']) {
        const item = (await popups(language)).find((p) => p.id === a.body.value.id)!;
        assert.equal(item.title, 'Flash bonus', language);
        assert.equal(item.content, content, language);
      }
    } finally {
      await call(wps, 'POST', '/dev/announcements/delete', { body: { id: a.body.value.id } });
    }
  });
});

describe('banners (MCSFE_getBanners)', () => {
  test("the home banners' pictures in the asked language; a picture that is not this server's as written", async () => {
    const en = await homeBanners('EN');
    const ur = await homeBanners('UR');
    const urls = (list: Banner[]) => Object.fromEntries(list.map((b) => [b.id, b.imageUrl]));
    assert.deepEqual(urls(en), {
      'home-bonus': '/games/img/banner-bonus.svg',
      'home-app': '/games/img/banner-app.svg',
      'home-lucky5d': '/games/img/banner-lucky5d.svg',
      'popup-app': '/m/splash/splash-640x1136.png',
    });
    assert.deepEqual(urls(ur), {
      'home-bonus': '/games/img/banner-bonus-ur.svg',
      'home-app': '/games/img/banner-app-ur.svg',
      'home-lucky5d': '/games/img/banner-lucky5d-ur.svg',
      'popup-app': '/m/splash/splash-640x1136.png',
    });
    assert.deepEqual(shape(ur), shape(en));
    assert.equal(urls(await homeBanners('CN'))['home-bonus'], '/games/img/banner-bonus-cn.svg');
    assert.deepEqual(await homeBanners('DE'), en);
    assert.deepEqual(await homeBanners(), en);
  });

  test('each picture is served: Urdu laid out right to left, Chinese in Chinese, English as before', async () => {
    const picture = async (name: string) => {
      const res = await wps.app.request(`/games/img/${name}`);
      assert.equal(res.status, 200, name);
      assert.equal(res.headers.get('Content-Type'), 'image/svg+xml; charset=utf-8');
      return res.text();
    };
    const ur = await picture('banner-bonus-ur.svg');
    assert.match(ur, /<text x="702" y="138" direction="rtl"[^>]*>100 فیصد بونس<\/text>/);
    assert.match(ur, />حاصل کریں<\/text>/);
    assert.match(ur, /<g transform="translate\(110 150\)/, 'the picture on the left');
    const cn = await picture('banner-app-cn.svg');
    assert.match(cn, />下载 App<\/text>/);
    assert.ok(!/direction=/.test(cn));
    const en = await picture('banner-lucky5d.svg');
    assert.match(en, /<text x="48" y="138" font-family[^>]*>Lucky 5D<\/text>/);
    assert.match(en, />Play now<\/text>/);
    for (const language of ['cn', 'vi', 'th', 'ur']) {
      for (const name of ['bonus', 'app', 'lucky5d']) await picture(`banner-${name}-${language}.svg`);
    }
    assert.equal((await wps.app.request('/games/img/banner-bonus-de.svg')).status, 404);
  });
});

describe('the game catalogue (GCSGAME_newGameVendor)', () => {
  test('the demo catalogue in Urdu and in English: title, lanes and vendor names; brands and codes unchanged', async () => {
    const en = await catalogue('EN');
    const ur = await catalogue('UR');
    const names = (c: Catalogue) =>
      Object.fromEntries(c.lanes.flatMap((l) => l.cards.map((card) => [card.accountTypeName, card.displayName])));
    assert.equal(en.title, 'Games');
    assert.deepEqual(
      en.lanes.map((l) => l.title),
      ['Lottery', 'Popular', 'More games'],
    );
    assert.equal(names(en).LOTT, 'WPS Lottery');
    assert.equal(ur.title, 'گیمز');
    assert.deepEqual(
      ur.lanes.map((l) => l.title),
      ['لاٹری', 'مقبول', 'مزید گیمز'],
    );
    assert.equal(names(ur).LOTT, 'WPS لاٹری');
    assert.equal(names(ur).EVO, 'لائیو کیسینو');
    assert.equal(names(ur).PG, 'PG Soft', 'a brand');
    assert.equal(names(ur).JILI, 'JILI');
    assert.deepEqual(shape(ur), shape(en));
    assert.deepEqual(ur.gameClassify, en.gameClassify);
    // The name written in a vendor's picture is in the language too; a brand's picture is the same.
    const pictures = (c: Catalogue) =>
      Object.fromEntries(c.lanes.flatMap((l) => l.cards.map((card) => [card.accountTypeName, card.imageUrl])));
    assert.equal(pictures(en).LOTT, '/games/img/vendor-lott.svg');
    assert.equal(pictures(ur).LOTT, '/games/img/vendor-lott-ur.svg');
    assert.equal(pictures(ur).PG, '/games/img/vendor-pg.svg');
    const picture = await (await wps.app.request(pictures(ur).EVO!)).text();
    assert.match(picture, /aria-label="لائیو کیسینو"/);
    assert.match(picture, /<text x="120" y="204"[^>]* direction="rtl">لائیو کیسینو<\/text>/);
    assert.ok(!picture.includes('Live Casino'));
    const cn = await catalogue('CN');
    assert.equal(cn.title, '游戏');
    assert.equal(names(cn).SABA, '沙巴体育');
    for (const language of ['VI', 'TH']) {
      const other = await catalogue(language);
      assert.notEqual(other.title, 'Games', language);
      assert.notEqual(names(other).TCG_LOTTO_VN, 'Vietnam Lottery', language);
      for (const url of Object.values(pictures(other))) assert.equal((await wps.app.request(url)).status, 200, url);
    }
  });

  test("an unknown language: English; a merchant's own games block: as written in every language", async () => {
    assert.deepEqual(await catalogue('KO'), await catalogue('EN'));
    assert.deepEqual(await catalogue(), await catalogue('EN'));
    const own = await catalogue('EN', 'demo2');
    assert.deepEqual(await catalogue('UR', 'demo2'), own);
    assert.deepEqual(await catalogue('CN', 'demo2'), own);
  });

  test('a launch still finds the vendors and trial games whatever the language', async () => {
    const a = await get('/wps/relay/GCS_gameTrialLaunch?gameId=PG_FORTUNE_OX', 'UR');
    assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.match(a.body.value.gameUrl, /\/games\/trial\?ticket=/);
  });
});

describe('the demo seed', () => {
  test('a data folder seeded in English only gets the translations at the next start; a row an operator changed keeps its own', async () => {
    const tmp = tempDir();
    const options = { dataDir: join(tmp.dir, 'data'), distDir: join(tmp.dir, 'dist') };
    try {
      const first = await createApp(options);
      // As a folder seeded before the translations: no texts, no `translations` part; one title changed.
      await first.db!.query('UPDATE promotions SET texts = NULL');
      await first.db!.query('UPDATE announcements SET texts = NULL');
      await first.db!.query(`DELETE FROM demo_seeds WHERE part = 'translations'`);
      await first.db!.query(`UPDATE promotions SET title = 'Mission week' WHERE id = 'MISSION'`);
      const before = await call(first, 'GET', '/wps/relay/MCSFE_getPromotionList?id=REGISTER', { headers: { Language: 'UR' } });
      assert.equal(before.body.value[0].title, 'Welcome bonus: 20 free credits');
      await first.close();

      const second = await createApp(options);
      try {
        const ur = (await call(second, 'GET', '/wps/relay/MCSFE_getPromotionList', { headers: { Language: 'UR' } })).body
          .value as Promotion[];
        assert.equal(ur.find((p) => p.id === 'REGISTER')!.title, 'خوش آمدید بونس: 20 مفت کریڈٹس');
        assert.equal(ur.find((p) => p.id === 'MISSION')!.title, 'Mission week', 'changed by hand: left as it is');
        const items = (await call(second, 'GET', '/wps/relay/MCSFE_getListAnnouncements', { headers: { Language: 'CN' } })).body
          .value as Popup[];
        assert.ok(items.length === 5 && items.every((p) => HAN.test(p.title)));
      } finally {
        await second.close();
      }
    } finally {
      tmp.remove();
    }
  });
});
