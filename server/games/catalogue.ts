/**
 * GCSGAME_newGameVendor's catalogue per merchant: its merchants.json `games` block, else the demo
 * catalogue below. The launch calls look vendors and trial games up here, so a merchant can only
 * launch what it lists.
 *
 * The demo lists every category the client knows how to order, deliberately not in display order
 * (the client sorts them, src/features/games/vendors.ts). Pictures are this server's (./img, served
 * by ./pages.ts).
 */
import * as v from 'valibot';
import type { GameVendorCard, GameVendorData } from '../../src/core/api/endpoints.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { gamesSchema } from './schema.ts';

const img = (name: string) => `/games/img/vendor-${name}.svg`;

const cards = {
  LOTT: { accountTypeName: 'LOTT', displayName: 'WPS Lottery', cardType: 'LOTT', imageUrl: img('lott') },
  TCG_LOTTO_VN: {
    accountTypeName: 'TCG_LOTTO_VN',
    displayName: 'Vietnam Lottery',
    cardType: 'VIETNAM_LOTTO',
    imageUrl: img('tcg-lotto-vn'),
  },
  TCG_ELOTT: { accountTypeName: 'TCG_ELOTT', displayName: 'E-Lottery', cardType: 'ELOTT', imageUrl: img('tcg-elott') },
  TCG_SEA: { accountTypeName: 'TCG_SEA', displayName: 'SEA Lottery', cardType: 'SEA_LOTT', imageUrl: img('tcg-sea') },
  TCG_RNG: {
    accountTypeName: 'TCG_RNG',
    displayName: 'TCG Slots',
    cardType: 'RNG',
    imageUrl: img('tcg-rng'),
    trial: { gameId: 'TCG_GOLDEN_DRAGON', nodeId: '1' },
  },
  TCG_PVP: { accountTypeName: 'TCG_PVP', displayName: 'TCG Cards', cardType: 'PVP', imageUrl: img('tcg-pvp') },
  EVO: { accountTypeName: 'EVO', displayName: 'Live Casino', cardType: 'LIVE', imageUrl: img('evo') },
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
  JDB: {
    accountTypeName: 'JDB',
    displayName: 'JDB Fishing',
    cardType: 'FISH',
    imageUrl: img('jdb'),
    trial: { gameId: 'JDB_FISH_HUNTER', nodeId: '2' },
  },
  SABA: { accountTypeName: 'SABA', displayName: 'SABA Sports', cardType: 'SPORTS', imageUrl: img('saba') },
} satisfies Record<string, GameVendorCard>;

/** The demo merchant's catalogue (and any merchant's without a `games` block). */
export const DEMO_CATALOGUE: GameVendorData = v.parse(gamesSchema, {
  title: 'Games',
  lanes: [
    { title: 'Lottery', cards: [cards.LOTT, cards.TCG_LOTTO_VN, cards.TCG_ELOTT, cards.TCG_SEA] },
    { title: 'Popular', cards: [cards.TCG_RNG, cards.PG, cards.JILI, cards.EVO] },
    { title: 'More games', cards: [cards.TCG_PVP, cards.JDB, cards.SABA] },
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

/** Names of the demo's trial games (the contract's `trial` has none); another id shows its vendor's name. */
const TRIAL_NAMES = new Map([
  ['TCG_GOLDEN_DRAGON', 'Golden Dragon'],
  ['PG_FORTUNE_OX', 'Fortune Ox'],
  ['JILI_SUPER_ACE', 'Super Ace'],
  ['JDB_FISH_HUNTER', 'Fish Hunter'],
]);

export const catalogueOf = (merchant: Merchant): GameVendorData => merchant.games ?? DEMO_CATALOGUE;

const allCards = (catalogue: GameVendorData) => catalogue.lanes.flatMap((lane) => lane.cards);

/** The merchant's card of a vendor (account type, exact), or undefined. */
export const vendorCard = (merchant: Merchant, vendor: string): GameVendorCard | undefined =>
  allCards(catalogueOf(merchant)).find((card) => card.accountTypeName === vendor);

/** The card whose trial game this is, with the game's name, or undefined. */
export function trialGame(merchant: Merchant, gameId: string): { card: GameVendorCard; name: string } | undefined {
  const card = allCards(catalogueOf(merchant)).find((c) => c.trial?.gameId === gameId);
  return card && { card, name: TRIAL_NAMES.get(gameId) ?? `${card.displayName} demo` };
}
