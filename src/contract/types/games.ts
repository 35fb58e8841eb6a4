/** Answer types of the games: the vendor catalogue and a launch (docs/games.md). */

/**
 * A vendor card of GCSGAME_newGameVendor (docs/product.md §3; docs/api.md, "Games"): the vendor's
 * account type (LOTT, TCG_SEA, TCG_LOTTO_VN, PG, ...) and the name players see. Ours: `cardType`
 * (the category the card belongs to; RNG and PVP are TCG's own and sorted as TCG), `imageUrl` (a
 * server-given picture, checked before use) and `trial` (a free demo game GCS_gameTrialLaunch opens).
 */
export interface GameVendorCard {
  accountTypeName: string;
  displayName: string;
  cardType?: string;
  imageUrl?: string | null;
  trial?: { gameId: string; nodeId?: string } | null;
}

/** A lane: a row of cards as the operator laid out the lobby. */
export interface GameLane {
  title?: string;
  cards: GameVendorCard[];
}

/** A category of GCSGAME_newGameVendor's gameClassify: its code, its vendors (account types) and its number of games. */
export interface GameClassify {
  category: string;
  vendors: string[];
  gameCount: number;
}

/** GCSGAME_newGameVendor's value. */
export interface GameVendorData {
  title: string;
  lanes: GameLane[];
  gameClassify: GameClassify[];
}

/**
 * POST /wps/game/launchGame's value (docs/product.md §3, "Game launch"): where the game is (`gameUrl`,
 * checked before the frame opens it) and what was launched.
 */
export interface GameLaunch {
  gameUrl: string;
  vendor?: string;
  prizeMode?: string;
  gameCode?: string;
  hasLobby?: boolean;
  playType?: string;
  backUrl?: string;
  labelName?: string;
}
