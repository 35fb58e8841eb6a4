/**
 * GCSGAME_newGameVendor's catalogue per merchant: its merchants.json `games` block, else the demo
 * catalogue below. The launch calls look vendors and trial games up here, so a merchant can only
 * launch what it lists.
 *
 * The demo lists every category the client knows how to order, deliberately not in display order
 * (the client sorts them, src/features/games/vendors.ts). Pictures are this server's (./img, served
 * by ./pages.ts). Its words (title, lane titles, vendor names that are not brands, and those names
 * in the vendors' pictures) come in every content language (server/api/language.ts); a merchant's
 * own block is answered as written.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { GameVendorCard, GameVendorData } from '../../src/contract/endpoints.ts';
import { CONTENT_LANGUAGES, RTL_CONTENT, type ContentLanguage, type Localized } from '../api/language.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { fitFontSize } from './banners.ts';
import { esc } from './render.ts';
import { gamesSchema } from './schema.ts';

const img = (name: string) => `/games/img/vendor-${name}.svg`;

/** The demo catalogue's words, by language; a brand (PG Soft, JILI) is a name in every language. */
const WORDS: Localized<{
  title: string;
  lanes: [lottery: string, popular: string, more: string];
  vendors: Record<'LOTT' | 'TCG_LOTTO_VN' | 'TCG_ELOTT' | 'TCG_SEA' | 'TCG_RNG' | 'TCG_PVP' | 'EVO' | 'JDB' | 'SABA', string>;
}> = {
  EN: {
    title: 'Games',
    lanes: ['Lottery', 'Popular', 'More games'],
    vendors: {
      LOTT: 'WPS Lottery',
      TCG_LOTTO_VN: 'Vietnam Lottery',
      TCG_ELOTT: 'E-Lottery',
      TCG_SEA: 'SEA Lottery',
      TCG_RNG: 'TCG Slots',
      TCG_PVP: 'TCG Cards',
      EVO: 'Live Casino',
      JDB: 'JDB Fishing',
      SABA: 'SABA Sports',
    },
  },
  CN: {
    title: '游戏',
    lanes: ['彩票', '热门', '更多游戏'],
    vendors: {
      LOTT: 'WPS 彩票',
      TCG_LOTTO_VN: '越南彩票',
      TCG_ELOTT: '电子彩票',
      TCG_SEA: '东南亚彩票',
      TCG_RNG: 'TCG 老虎机',
      TCG_PVP: 'TCG 棋牌',
      EVO: '真人娱乐场',
      JDB: 'JDB 捕鱼',
      SABA: '沙巴体育',
    },
  },
  VI: {
    title: 'Trò chơi',
    lanes: ['Xổ số', 'Phổ biến', 'Trò chơi khác'],
    vendors: {
      LOTT: 'Xổ số WPS',
      TCG_LOTTO_VN: 'Xổ số Việt Nam',
      TCG_ELOTT: 'Xổ số điện tử',
      TCG_SEA: 'Xổ số SEA',
      TCG_RNG: 'Nổ hũ TCG',
      TCG_PVP: 'Game bài TCG',
      EVO: 'Casino trực tiếp',
      JDB: 'Bắn cá JDB',
      SABA: 'Thể thao SABA',
    },
  },
  TH: {
    title: 'เกม',
    lanes: ['หวย', 'ยอดนิยม', 'เกมอื่นๆ'],
    vendors: {
      LOTT: 'หวย WPS',
      TCG_LOTTO_VN: 'หวยเวียดนาม',
      TCG_ELOTT: 'หวยอิเล็กทรอนิกส์',
      TCG_SEA: 'หวย SEA',
      TCG_RNG: 'สล็อต TCG',
      TCG_PVP: 'ไพ่ TCG',
      EVO: 'คาสิโนสด',
      JDB: 'ยิงปลา JDB',
      SABA: 'กีฬา SABA',
    },
  },
  UR: {
    title: 'گیمز',
    lanes: ['لاٹری', 'مقبول', 'مزید گیمز'],
    vendors: {
      LOTT: 'WPS لاٹری',
      TCG_LOTTO_VN: 'ویتنام لاٹری',
      TCG_ELOTT: 'ای لاٹری',
      TCG_SEA: 'SEA لاٹری',
      TCG_RNG: 'TCG سلاٹس',
      TCG_PVP: 'TCG کارڈ گیمز',
      EVO: 'لائیو کیسینو',
      JDB: 'JDB مچھلی کا شکار',
      SABA: 'SABA اسپورٹس',
    },
  },
};

type VendorWord = keyof (typeof WORDS)['EN']['vendors'];

/** The picture of each vendor whose name is words (`vendor-<name>.svg`, the name written in it). */
const PICTURES: Record<VendorWord, string> = {
  LOTT: 'lott',
  TCG_LOTTO_VN: 'tcg-lotto-vn',
  TCG_ELOTT: 'tcg-elott',
  TCG_SEA: 'tcg-sea',
  TCG_RNG: 'tcg-rng',
  TCG_PVP: 'tcg-pvp',
  EVO: 'evo',
  JDB: 'jdb',
  SABA: 'saba',
};

const pictureName = (vendor: VendorWord, language: ContentLanguage) =>
  language === 'EN' ? `vendor-${PICTURES[vendor]}.svg` : `vendor-${PICTURES[vendor]}-${language.toLowerCase()}.svg`;

/**
 * The picture with its name in `language`: the English name replaced (a smaller font when it would
 * not fit the 216 px inside the card's edges), right to left for Urdu. Throws when the picture no
 * longer has the English name, so a redrawn picture cannot silently keep it.
 */
function pictureIn(svg: string, vendor: VendorWord, language: ContentLanguage): string {
  const en = WORDS.EN.vendors[vendor];
  const name = WORDS[language].vendors[vendor];
  const label = /<text x="120" y="204"(?<before>[^>]*) font-size="(?<size>\d+)"(?<after>[^>]*)>(?<text>[^<]*)<\/text>/.exec(svg);
  const g = label?.groups;
  if (!label || !g || g.text !== en || !svg.includes(`aria-label="${en}"`)) {
    throw new Error(`vendor-${PICTURES[vendor]}.svg: no "${en}"`);
  }
  const size = fitFontSize(name, Number(g.size), 216);
  const dir = RTL_CONTENT.has(language) ? ' direction="rtl"' : '';
  return svg
    .replace(`aria-label="${en}"`, `aria-label="${esc(name)}"`)
    .replace(label[0], `<text x="120" y="204"${g.before} font-size="${size}"${g.after}${dir}>${esc(name)}</text>`);
}

/** The vendors' pictures in the other languages, by file name (./pages.ts serves them). */
export const VENDOR_PICTURES: ReadonlyMap<string, string> = new Map(
  (Object.keys(PICTURES) as VendorWord[]).flatMap((vendor) => {
    const svg = readFileSync(new URL(`./img/vendor-${PICTURES[vendor]}.svg`, import.meta.url), 'utf8');
    return CONTENT_LANGUAGES.filter((l) => l !== 'EN').map((l): [string, string] => [
      pictureName(vendor, l),
      pictureIn(svg, vendor, l),
    ]);
  }),
);

function demoCatalogue(language: ContentLanguage): GameVendorData {
  const words = WORDS[language];
  const card = (accountTypeName: VendorWord, cardType: string, trial?: GameVendorCard['trial']) => ({
    accountTypeName,
    displayName: words.vendors[accountTypeName],
    cardType,
    imageUrl: `/games/img/${pictureName(accountTypeName, language)}`,
    ...(trial && { trial }),
  });
  const cards = {
    LOTT: card('LOTT', 'LOTT'),
    TCG_LOTTO_VN: card('TCG_LOTTO_VN', 'VIETNAM_LOTTO'),
    TCG_ELOTT: card('TCG_ELOTT', 'ELOTT'),
    TCG_SEA: card('TCG_SEA', 'SEA_LOTT'),
    TCG_RNG: card('TCG_RNG', 'RNG', { gameId: 'TCG_GOLDEN_DRAGON', nodeId: '1' }),
    TCG_PVP: card('TCG_PVP', 'PVP'),
    EVO: card('EVO', 'LIVE'),
    PG: {
      accountTypeName: 'PG',
      displayName: 'PG Soft',
      cardType: 'SLOT',
      imageUrl: img('pg'),
      trial: { gameId: 'PG_FORTUNE_OX', nodeId: '1' },
    },
    JILI: {
      accountTypeName: 'JILI',
      displayName: 'JILI',
      cardType: 'SLOT',
      imageUrl: img('jili'),
      trial: { gameId: 'JILI_SUPER_ACE', nodeId: '1' },
    },
    JDB: card('JDB', 'FISH', { gameId: 'JDB_FISH_HUNTER', nodeId: '2' }),
    SABA: card('SABA', 'SPORTS'),
  } satisfies Record<string, GameVendorCard>;
  const [lottery, popular, more] = words.lanes;
  return v.parse(gamesSchema, {
    title: words.title,
    lanes: [
      { title: lottery, cards: [cards.LOTT, cards.TCG_LOTTO_VN, cards.TCG_ELOTT, cards.TCG_SEA] },
      { title: popular, cards: [cards.TCG_RNG, cards.PG, cards.JILI, cards.EVO] },
      { title: more, cards: [cards.TCG_PVP, cards.JDB, cards.SABA] },
    ],
    // Not in display order on purpose: the client orders the categories itself.
    gameClassify: [
      { category: 'SLOT', vendors: ['PG', 'JILI'], gameCount: 186 },
      { category: 'SPORTS', vendors: ['SABA'], gameCount: 12 },
      { category: 'LOTT', vendors: ['LOTT'], gameCount: 3 },
      { category: 'PVP', vendors: ['TCG_PVP'], gameCount: 24 },
      { category: 'LIVE', vendors: ['EVO'], gameCount: 38 },
      { category: 'VIETNAM_LOTTO', vendors: ['TCG_LOTTO_VN'], gameCount: 3 },
      { category: 'FISH', vendors: ['JDB'], gameCount: 15 },
      { category: 'RNG', vendors: ['TCG_RNG'], gameCount: 64 },
      { category: 'SEA_LOTT', vendors: ['TCG_SEA'], gameCount: 3 },
      { category: 'ELOTT', vendors: ['TCG_ELOTT'], gameCount: 3 },
    ],
  });
}

/** The demo merchant's catalogue (and any merchant's without a `games` block), made once per language. */
export const DEMO_CATALOGUES: Localized<GameVendorData> = Object.fromEntries(
  CONTENT_LANGUAGES.map((l) => [l, demoCatalogue(l)]),
) as Localized<GameVendorData>;

/** Names of the demo's trial games (the contract's `trial` has none); another id shows its vendor's name. */
const TRIAL_NAMES = new Map([
  ['TCG_GOLDEN_DRAGON', 'Golden Dragon'],
  ['PG_FORTUNE_OX', 'Fortune Ox'],
  ['JILI_SUPER_ACE', 'Super Ace'],
  ['JDB_FISH_HUNTER', 'Fish Hunter'],
]);

/** The merchant's `games` block as written, else the demo catalogue in `language` (English by default). */
export const catalogueOf = (merchant: Merchant, language: ContentLanguage = 'EN'): GameVendorData =>
  merchant.games ?? DEMO_CATALOGUES[language];

const allCards = (catalogue: GameVendorData) => catalogue.lanes.flatMap((lane) => lane.cards);

/** The merchant's card of a vendor (account type, exact), or undefined. */
export const vendorCard = (merchant: Merchant, vendor: string): GameVendorCard | undefined =>
  allCards(catalogueOf(merchant)).find((card) => card.accountTypeName === vendor);

/** The card whose trial game this is, with the game's name, or undefined. */
export function trialGame(merchant: Merchant, gameId: string): { card: GameVendorCard; name: string } | undefined {
  const card = allCards(catalogueOf(merchant)).find((c) => c.trial?.gameId === gameId);
  return card && { card, name: TRIAL_NAMES.get(gameId) ?? `${card.displayName} demo` };
}
