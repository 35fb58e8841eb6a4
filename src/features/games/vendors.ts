/**
 * The game catalogue's shape (docs/games.md, "Catalogue"; docs/product.md §3, "Game vendor data"):
 * GCSGAME_newGameVendor's lanes of vendor cards and its categories (gameClassify) become what /m/game
 * shows: the categories in the operator's order, each with its vendors' cards and its number of games.
 *
 * Order: category ordinals start at 100 and rise in steps of 100 along CATEGORY_ORDER; ELOTTO takes
 * ELOTT's ordinal, SEA_LOTT is ELOTT + 5, VIETNAM_LOTTO is LOTT + 1 (the SPEC's rules). RNG and PVP
 * cards are TCG's own games and sorted as TCG. A category the order does not know comes after the
 * known ones, in the server's order. Pure functions, no React: table-tested in test/features.
 */
import type { GameClassify, GameVendorCard, GameVendorData } from '../../contract/endpoints.ts';

/** The operator's category order (ours: the SPEC names the rule, not the list). */
export const CATEGORY_ORDER = ['LOTT', 'ELOTT', 'TCG', 'SPORTS', 'LIVE', 'SLOT', 'FISH', 'CHESS', 'ESPORTS'] as const;

const ORDINAL_STEP = 100;

/** TCG's own card types, shown and sorted as TCG. */
const TCG_TYPES = new Set(['RNG', 'PVP']);

/** The category a card type or a gameClassify category counts as. */
export const categoryOf = (type: string): string => (TCG_TYPES.has(type) ? 'TCG' : type);

/** The ordinal of every known category: 100, 200, … along CATEGORY_ORDER, plus the SPEC's derived ones. */
export function categoryOrdinals(): Record<string, number> {
  const ordinals: Record<string, number> = {};
  CATEGORY_ORDER.forEach((c, i) => (ordinals[c] = (i + 1) * ORDINAL_STEP));
  ordinals.ELOTTO = ordinals.ELOTT!;
  ordinals.SEA_LOTT = ordinals.ELOTT! + 5;
  ordinals.VIETNAM_LOTTO = ordinals.LOTT! + 1;
  return ordinals;
}

const ORDINALS = categoryOrdinals();
/** After every known category: unknown ones keep the server's order behind them. */
const UNKNOWN_ORDINAL = (CATEGORY_ORDER.length + 1) * ORDINAL_STEP;

/** Own keys only: a server category named like an Object member (constructor, toString) is unknown. */
export const ordinalOf = (category: string): number => {
  const c = categoryOf(category);
  return Object.prototype.hasOwnProperty.call(ORDINALS, c) ? ORDINALS[c]! : UNKNOWN_ORDINAL;
};

/** A vendor as the catalogue shows it. */
export interface VendorEntry {
  accountTypeName: string;
  displayName: string;
  imageUrl?: string | null;
  trial?: { gameId: string; nodeId?: string } | null;
}

export interface CatalogueCategory {
  category: string;
  ordinal: number;
  gameCount: number;
  vendors: VendorEntry[];
}

/** The transform's output (the SPEC: a sorting list, a mapping by category, a vendor order, display names, ordinals). */
export interface Catalogue {
  /** The operator's title, in one language: kept, not shown (the page's title is the UI's own label). */
  title: string;
  /** Categories in display order. */
  sortingList: string[];
  byCategory: Record<string, CatalogueCategory>;
  /** Every vendor once, in the order the categories show them. */
  vendorOrder: string[];
  displayNames: Record<string, string>;
  ordinals: Record<string, number>;
}

const CATEGORY_CODE = /^[A-Z0-9_]{1,64}$/;
const isText = (x: unknown): x is string => typeof x === 'string' && x.trim() !== '';

/**
 * The catalogue from GCSGAME_newGameVendor's value. Defensive about the server's data: a card
 * without an account type, a category without vendors, or a vendor without a card it can show is left
 * out, and a broken value is an empty catalogue, never a throw.
 */
export function buildCatalogue(data: unknown): Catalogue {
  const value = (typeof data === 'object' && data !== null ? data : {}) as Partial<GameVendorData>;
  const cards = new Map<string, GameVendorCard>();
  for (const lane of Array.isArray(value.lanes) ? value.lanes : []) {
    for (const card of Array.isArray(lane?.cards) ? lane.cards : []) {
      if (isText(card?.accountTypeName) && !cards.has(card.accountTypeName)) cards.set(card.accountTypeName, card);
    }
  }

  // Categories merged by what they count as (RNG and PVP into TCG), in the server's order first.
  const merged = new Map<string, { gameCount: number; vendors: string[]; index: number }>();
  const classify: GameClassify[] = Array.isArray(value.gameClassify) ? value.gameClassify : [];
  classify.forEach((entry, index) => {
    // Category codes are upper-case words (LOTT, VIETNAM_LOTTO): anything else, `__proto__` included, is no category.
    if (!isText(entry?.category) || !CATEGORY_CODE.test(entry.category)) return;
    const category = categoryOf(entry.category);
    const slot = merged.get(category) ?? { gameCount: 0, vendors: [], index };
    const count = Number(entry.gameCount);
    slot.gameCount += Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
    for (const vendor of Array.isArray(entry.vendors) ? entry.vendors : []) {
      if (isText(vendor) && !slot.vendors.includes(vendor)) slot.vendors.push(vendor);
    }
    merged.set(category, slot);
  });

  const byCategory: Record<string, CatalogueCategory> = {};
  const ordinals: Record<string, number> = {};
  for (const [category, slot] of merged) {
    const vendors = slot.vendors
      .map((name) => cards.get(name))
      .filter((card): card is GameVendorCard => card !== undefined)
      .map((card) => ({
        accountTypeName: card.accountTypeName,
        displayName: isText(card.displayName) ? card.displayName : card.accountTypeName,
        imageUrl: card.imageUrl ?? null,
        trial: card.trial && isText(card.trial.gameId) ? card.trial : null,
      }));
    if (vendors.length === 0) continue;
    byCategory[category] = { category, ordinal: ordinalOf(category), gameCount: slot.gameCount, vendors };
    ordinals[category] = ordinalOf(category);
  }

  const sortingList = Object.keys(byCategory).sort(
    (a, b) => ordinals[a]! - ordinals[b]! || merged.get(a)!.index - merged.get(b)!.index,
  );
  const vendorOrder: string[] = [];
  const displayNames: Record<string, string> = {};
  for (const category of sortingList) {
    for (const v of byCategory[category]!.vendors) {
      if (!vendorOrder.includes(v.accountTypeName)) vendorOrder.push(v.accountTypeName);
      displayNames[v.accountTypeName] = v.displayName;
    }
  }
  return { title: isText(value.title) ? value.title : '', sortingList, byCategory, vendorOrder, displayNames, ordinals };
}
