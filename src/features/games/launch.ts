/**
 * Launching a game (docs/games.md, "Launch"; docs/product.md §2 /m/launchGame, §5, §7, §8, §9):
 * what /m/launchGame's query asks for, the POST /wps/game/launchGame payload per vendor, the 150 ms
 * delay before the call, and the free trial (GCS_gameTrialLaunch). The game itself opens in the
 * game frame (GameFrame.tsx), which gives up after GAME_LOAD_TIMEOUT_MS.
 */
import { call, isApiError } from '../../core/api/client.ts';
import { gameEndpoints } from '../../contract/rows/games.ts';
import type { GameLaunch } from '../../contract/endpoints.ts';
import type { LaunchGamePayload } from '../../contract/schemas.ts';
import { safeUrl } from '../../core/config/config.ts';
import { isOwnOrigin, resolveLink } from '../../core/html/links.ts';
import { launchPath } from '../../core/html/banners.ts';
export { launchPath };
import { language } from '../../core/i18n/i18n.ts';
import { LANGUAGE_KEY, normaliseLanguage, type Language } from '../../core/i18n/languages.ts';
import { localStore } from '../../core/storage/storage.ts';
import { track } from '../../core/tracking/track.ts';

/** docs/product.md §9: the delay before a launch, the launch call's timeout, and how long a game page may take to load. */
export const LAUNCH_DELAY_MS = 150;
export const LAUNCH_TIMEOUT_MS = 10_000;
export const GAME_LOAD_TIMEOUT_MS = 10_000;

/** The lottery vendors (docs/product.md §3): their launches carry the lottery fields. */
export const LOTTERY_VENDORS = new Set(['LOTT', 'TCG_SEA', 'TCG_LOTTO_VN']);
export const SEA_LOTTO_MODE = 'SEA_Tradition_Mobile';

export type LottoView = 'betting' | 'lobby';

export interface LaunchRequest {
  vendor: string;
  prizeMode?: string;
  code?: string;
  playType?: string;
  nodeId?: string;
  lottoView: LottoView;
  /** A checked /m path or own-domain URL the game's back link returns to. */
  backUrl?: string;
}

/** A vendor's real game, its lobby, as the catalogue's card opens it; back leads to the catalogue. */
export function vendorGamePath(vendor: string, name?: string): string {
  const path = launchPath({ vendor, lottoView: 'lobby', backUrl: '/m/game' });
  return name ? `${path}&title=${encodeURIComponent(name)}` : path;
}

const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const codeOr = (raw: string | null | undefined) => (raw && CODE.test(raw) ? raw : undefined);

/**
 * Where the game's back link may lead (docs/product.md §2): an /m path of this app, or a URL on the
 * merchant's own domains; anything else (another site, javascript:, data:) is dropped.
 */
export function checkBackUrl(raw: string | null | undefined): string | undefined {
  const target = resolveLink(raw);
  if (target.kind === 'app') return target.path;
  const url = target.kind === 'web' ? safeUrl(raw) : undefined;
  return url && isOwnOrigin(new URL(url).origin) ? url : undefined;
}

/**
 * /m/launchGame's query (docs/product.md §2): prize_mode (or vendor), code, playType, backUrl,
 * lottoView. A prize mode without a vendor is the operator's own lottery (LOTT). Undefined when it
 * names no vendor; fields that are not codes are dropped.
 */
export function launchFromQuery(search: string): LaunchRequest | undefined {
  const q = new URLSearchParams(search);
  const prizeMode = codeOr(q.get('prize_mode'));
  const vendor = codeOr(q.get('vendor')) ?? (prizeMode ? 'LOTT' : undefined);
  if (!vendor) return undefined;
  const code = codeOr(q.get('code'));
  const view = q.get('lottoView');
  return {
    vendor,
    prizeMode,
    code,
    playType: codeOr(q.get('playType')),
    nodeId: codeOr(q.get('nodeId')),
    // A named game opens at its betting page, a vendor alone at its lobby.
    lottoView: view === 'betting' || view === 'lobby' ? view : code ? 'betting' : 'lobby',
    backUrl: checkBackUrl(q.get('backUrl')),
  };
}

/**
 * The language a game opens in: the player's. The default (no stored choice and no browser language
 * the app knows) is CN, except for a lottery launch, which opens in VI (docs/product.md §1).
 */
export function launchLanguage(vendor: string, browser: readonly string[] = navigator.languages ?? []): Language {
  if (!LOTTERY_VENDORS.has(vendor)) return language.value;
  const chosen = normaliseLanguage(localStore.get<string>(LANGUAGE_KEY)) ?? browser.map(normaliseLanguage).find(Boolean);
  return chosen ? language.value : 'VI';
}

/** POST /wps/game/launchGame's payload (docs/product.md §7): the lottery fields per vendor, or the vendor's lobby. */
export function launchPayload(
  req: LaunchRequest,
  extra: { language: string; title?: string; labelName?: string },
): LaunchGamePayload {
  const common = {
    vendor: req.vendor,
    lottoView: req.lottoView,
    lottoGameCode: req.code,
    device: 'MOBILE' as const,
    backUrl: req.backUrl,
    hasLobby: req.lottoView === 'lobby' || LOTTERY_VENDORS.has(req.vendor),
    language: extra.language,
    title: extra.title,
    labelName: extra.labelName,
    playType: req.playType,
    nodeId: req.nodeId,
  };
  switch (req.vendor) {
    case 'LOTT':
      return { ...common, launchMode: 'LOTT', lottoPrizeMode: req.prizeMode };
    case 'TCG_LOTTO_VN':
      return { ...common, launchMode: 'LOTT', lottoArea: 'VN', lottoPrizeMode: req.prizeMode };
    case 'TCG_SEA':
      return { ...common, lottoArea: 'SEA', lottoMode: SEA_LOTTO_MODE };
    default:
      return common;
  }
}

/** Why a launch did not give a game: the text the page shows (an i18n key or the server's message) and whether a retry may help. */
export type LaunchFailure =
  { kind: 'timeout' } | { kind: 'session' } | { kind: 'failed'; message?: string } | { kind: 'bad-url' };

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * Launches: waits LAUNCH_DELAY_MS (a second tap meanwhile is the same launch), asks the server within
 * LAUNCH_TIMEOUT_MS, checks the game URL. Quiet on its own failures (the page shows them with a
 * retry); a lost session still ends the session with the please-login notice.
 */
export async function launchGame(
  req: LaunchRequest,
  extra: { title?: string; labelName?: string } = {},
  signal?: AbortSignal,
): Promise<{ ok: true; launch: GameLaunch; url: string } | { ok: false; failure: LaunchFailure }> {
  await wait(LAUNCH_DELAY_MS, signal);
  try {
    const res = await call(gameEndpoints.launchGame, launchPayload(req, { ...extra, language: launchLanguage(req.vendor) }), {
      alert: false,
      sessionAlert: true,
      timeout: LAUNCH_TIMEOUT_MS,
      signal,
    });
    const launch = res.value;
    const url = safeUrl(launch?.gameUrl);
    if (!launch || !url) return { ok: false, failure: { kind: 'bad-url' } };
    track('gameLaunch', { vendor: req.vendor, gameCode: req.code });
    return { ok: true, launch, url };
  } catch (err) {
    if (!isApiError(err)) throw err; // an abort: the page is gone
    if (err.errorCode === 'ECONNABORTED') return { ok: false, failure: { kind: 'timeout' } };
    if (err.reaction.kind === 'logout') return { ok: false, failure: { kind: 'session' } };
    return { ok: false, failure: { kind: 'failed', message: err.serverMessage } };
  }
}

/** A free demo game (GCS_gameTrialLaunch, no session needed): its checked URL. */
export async function launchTrial(
  gameId: string,
  nodeId: string | undefined,
  signal?: AbortSignal,
): Promise<{ ok: true; url: string } | { ok: false; failure: LaunchFailure }> {
  if (!CODE.test(gameId)) return { ok: false, failure: { kind: 'failed' } };
  try {
    const res = await call(
      gameEndpoints.gameTrialLaunch,
      { gameId, nodeId: codeOr(nodeId), platform: 'html5' },
      { alert: false, auth: false, timeout: LAUNCH_TIMEOUT_MS, signal },
    );
    const url = safeUrl(res.value?.gameUrl);
    if (!url) return { ok: false, failure: { kind: 'bad-url' } };
    track('startTrial', { gameId });
    return { ok: true, url };
  } catch (err) {
    if (!isApiError(err)) throw err;
    if (err.errorCode === 'ECONNABORTED') return { ok: false, failure: { kind: 'timeout' } };
    return { ok: false, failure: { kind: 'failed', message: err.serverMessage } };
  }
}
