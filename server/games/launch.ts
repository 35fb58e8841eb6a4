/**
 * POST /wps/game/launchGame and GET /wps/relay/GCS_gameTrialLaunch (docs/api.md, "Games"): the
 * vendor and game are checked against the merchant's catalogue, and the answer is a demo game page
 * of this server with a signed ticket (./ticket.ts), never the session token.
 *
 * The dev control's `gameLaunchMode` (db/state-fields.ts) makes the launch hang or fail, so the
 * client's timeout and error paths can be seen; `page-hang` is the pages' (./pages.ts).
 */
import type { Context } from 'hono';
import type { GameLaunch } from '../../src/contract/endpoints.ts';
import type { LaunchGamePayload, TrialLaunchQuery } from '../../src/contract/schemas.ts';
import type { Call } from '../api/call.ts';
import type { MemberRow } from '../db/sessions.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { hold } from '../infra/hold.ts';
import { clock } from '../infra/limits.ts';
import { ownBackUrl } from '../merchants/domains.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { trialGame, vendorCard } from './catalogue.ts';
import { drawGame, drawGamesOf } from './draws.ts';
import { GAME_CODE } from './schema.ts';
import { GAME_TICKET_MS, sessionRef, signTicket, type PlayTicket } from './ticket.ts';

/** How long 'hang' holds a launch and 'page-hang' a game page before giving up (tests shorten them). */
export const gameLimits = { launchHangMs: 60_000, pageHangMs: 60_000 };

const LANGUAGE = /^[A-Z]{2}(?:-[A-Z]{2})?$/;
const SEA_MODE = 'SEA_Tradition_Mobile';

/** What each lottery vendor's launch must say (docs/product.md §3, "Game launch"). */
const LOTTERY_MODES = new Map<string, { ok(input: LaunchGamePayload): boolean; needs: string }>([
  ['LOTT', { ok: (i) => i.launchMode === 'LOTT', needs: 'launchMode LOTT' }],
  ['TCG_LOTTO_VN', { ok: (i) => i.launchMode === 'LOTT', needs: 'launchMode LOTT' }],
  ['TCG_SEA', { ok: (i) => i.lottoMode === SEA_MODE, needs: `lottoMode ${SEA_MODE}` }],
]);

/** Our `vendor`, else what the SPEC's lottery fields imply. */
function vendorOf(input: LaunchGamePayload): string | undefined {
  if (input.vendor) return input.vendor;
  if (input.lottoMode === SEA_MODE) return 'TCG_SEA';
  if (input.lottoArea === 'VN') return 'TCG_LOTTO_VN';
  if (input.launchMode === 'LOTT') return 'LOTT';
  return undefined;
}

/** The game page's URL on the server's public origin (infra/public-origin.ts), never the request's Host. */
export function pageUrl(origin: string, path: string, ticket: string): string {
  return `${origin}${path}?${new URLSearchParams({ ticket })}`;
}

/** A code field: absent, or letters, digits, `_` and `-` (the schema lets any short text through). */
function codeField(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!GAME_CODE.test(value)) throw fieldError(name, false);
  return value;
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const oneLine = (s: string | undefined) => s?.replace(/[\u0000-\u001f\u007f]/g, '').trim() || undefined;

export const languageOf = (raw: string | undefined, fallback = 'EN') => {
  const upper = raw?.trim().toUpperCase();
  return upper && LANGUAGE.test(upper) ? upper : fallback;
};

export async function launchGame(call: Call<LaunchGamePayload>, member: MemberRow, token: string): Promise<GameLaunch> {
  const { c, deps, merchant, input } = call;
  const vendor = vendorOf(input);
  if (!vendor) throw fieldError('vendor', true);
  const card = vendorCard(merchant, vendor);
  if (!card) throw new ApiError('game.vendor.unknown', 'This game vendor is not offered here');
  const mode = LOTTERY_MODES.get(vendor);
  if (mode && !mode.ok(input)) throw new ApiError('game.mode.invalid', `A ${vendor} launch needs ${mode.needs}`);
  const prizeMode = codeField('lottoPrizeMode', input.lottoPrizeMode);
  let gameCode = codeField('lottoGameCode', input.lottoGameCode);

  const draws = drawGamesOf(vendor);
  let view = input.lottoView ?? (gameCode ? 'betting' : 'lobby');
  if (draws) {
    if (gameCode && !drawGame(vendor, gameCode)) throw new ApiError('game.not.found', 'No such game');
    // Betting without a game: the vendor's first one.
    if (view === 'betting') gameCode ??= draws[0]?.code;
    if (!gameCode) view = 'lobby';
  }
  const hasLobby = input.hasLobby ?? draws !== undefined;
  const backUrl = checkedBackUrl(c, merchant, input.backUrl);

  // Demo control: after the checks, where a real launch would call the vendor.
  const { gameLaunchMode } = await deps.state.get(merchant);
  if (gameLaunchMode === 'hang') await hold(c, gameLimits.launchHangMs);
  if (gameLaunchMode === 'hang' || gameLaunchMode === 'fail') {
    throw new ApiError('game.launch.failed', 'The game could not be launched, please try again later');
  }

  const ticket: PlayTicket = {
    kind: 'play',
    merchant: merchant.code,
    member: member.id,
    session: sessionRef(deps.secrets, token),
    vendor,
    game: gameCode,
    prizeMode,
    view,
    lobby: hasLobby,
    language: languageOf(input.language, languageOf(member.language)),
    backUrl,
    exp: clock.now() + GAME_TICKET_MS,
  };
  return {
    gameUrl: pageUrl(deps.publicOrigin(c), '/games/play', signTicket(deps.secrets, ticket)),
    vendor,
    prizeMode,
    gameCode,
    hasLobby,
    playType: input.playType,
    backUrl,
    labelName: oneLine(input.labelName),
  };
}

/** A trial game of the merchant's catalogue, no session: its page with a ticket of its own. */
export function trialLaunch(call: Call<TrialLaunchQuery>): { gameUrl: string } {
  const { c, deps, merchant, input } = call;
  const found = trialGame(merchant, input.gameId);
  if (!found) throw new ApiError('game.not.found', 'No such game');
  const ticket = signTicket(deps.secrets, {
    kind: 'trial',
    merchant: merchant.code,
    vendor: found.card.accountTypeName,
    gameId: input.gameId,
    nodeId: input.nodeId ?? found.card.trial?.nodeId,
    language: languageOf(c.req.header('Language')),
    exp: clock.now() + GAME_TICKET_MS,
  });
  return { gameUrl: pageUrl(deps.publicOrigin(c), '/games/trial', ticket) };
}

/** The launch's backUrl when the page may link to it (merchants/domains.ts, ownBackUrl). */
export const checkedBackUrl = (c: Context, merchant: Merchant, raw: string | undefined) => ownBackUrl(c, merchant.domains, raw);
