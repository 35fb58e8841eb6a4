/**
 * The demo game pages a launch's gameUrl opens (docs/server.md, "Games"), standing in for the
 * vendors' own: `GET /games/play?ticket=` (a draw vendor's lobby or betting page, any other vendor's
 * demo game), `POST /games/bet` (a demo bet's confirmation), `GET /games/trial?ticket=` (a free demo
 * game), their stylesheet and the catalogue's pictures (`/games/img/<name>.svg`).
 *
 * Plain HTML and forms, no script, under a strict CSP; refusals are pages too (the client shows them
 * in a frame). Served whenever the server answers /wps itself, production included, like the chat.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { Deps } from '../api/call.ts';
import { readBody, utf8 } from '../infra/body.ts';
import { ApiError } from '../infra/errors.ts';
import { expandDomains, requestHost } from '../merchants/domains.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { hold } from '../infra/hold.ts';
import { clock } from '../infra/limits.ts';
import { BANNER_IMAGES } from './banners.ts';
import { trialGame, vendorCard, VENDOR_PICTURES } from './catalogue.ts';
import { drawGame, drawGamesOf, isStake, readPicks } from './draws.ts';
import { gameLimits } from './launch.ts';
import { betPlacedMain, bettingMain, frame, HOME, lobbyMain, messageMain, slotMain, type Frame } from './render.ts';
import { readTicket, sessionLive, signTicket, type PlayTicket, type Ticket, type TicketRefusal } from './ticket.ts';

const FORM_LIMIT = 16 * 1024;

const CSP = ["default-src 'none'", "style-src 'self'", "img-src 'self' data:", "form-action 'self'", "base-uri 'none'"].join(
  '; ',
);
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The app shows the page in a frame of its own origin.
  'Content-Security-Policy': `${CSP}; frame-ancestors 'self'`,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // The URL holds the ticket: a link to another site must not carry it along.
  'Referrer-Policy': 'same-origin',
};
const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  // An SVG opened on its own is a document: no script, no loads, only its own attributes' styles.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'Cache-Control': 'public, max-age=604800',
  'X-Content-Type-Options': 'nosniff',
};

const REFUSALS: Record<TicketRefusal, string> = {
  invalid: 'This game link is not valid. Go back and open the game again.',
  expired: 'This game link has expired. Go back and open the game again.',
  session: 'Your session has ended. Log in again, then open the game.',
};

const CSS = readFileSync(new URL('./games.css', import.meta.url), 'utf8');
const IMG_DIR = new URL('./img/', import.meta.url);
/**
 * The pictures by file name, read (or made: ./banners.ts, ./catalogue.ts) once: a name not in the map is a
 * 404, never a path.
 */
const IMAGES = new Map([
  ...readdirSync(IMG_DIR)
    .filter((f) => /^[a-z0-9-]{1,64}\.svg$/.test(f))
    .map((f): [string, string] => [f, readFileSync(new URL(f, IMG_DIR), 'utf8')]),
  ...BANNER_IMAGES,
  ...VENDOR_PICTURES,
]);

/**
 * A ticket's page may also be framed by its merchant's sites (`allowedOrigins`: a merchant page
 * embedding <wps-trial-game>) and the merchant's other lines.
 */
function pageHeaders(c: Context, merchant: Merchant | undefined) {
  if (!merchant) return PAGE_HEADERS;
  const lines = expandDomains(merchant.domains, requestHost(c)).filter((d) => !d.startsWith('['));
  const ancestors = [...new Set([...merchant.allowedOrigins.map((o) => new URL(o).origin), ...lines])];
  if (ancestors.length === 0) return PAGE_HEADERS;
  return { ...PAGE_HEADERS, 'Content-Security-Policy': `${CSP}; frame-ancestors 'self' ${ancestors.join(' ')}` };
}

/**
 * Opened in a frame (the app's game frame, a merchant's <wps-trial-game>): the frame's bar is the one
 * way back, so the page drops its own link, which led elsewhere (issue 32). Opened on its own, it keeps it.
 */
const framed = (c: Context) => /^i?frame$/.test(c.req.header('Sec-Fetch-Dest') ?? '');

type Status = 200 | 400 | 403 | 413 | 503;
const page = (c: Context, f: Frame, status: Status = 200, merchant?: Merchant) =>
  c.html(frame(framed(c) ? { ...f, back: undefined } : f), status, { ...pageHeaders(c, merchant), Vary: 'Sec-Fetch-Dest' });
const refused = (c: Context, status: Status, message: string, language?: string, merchant?: Merchant) =>
  page(c, { heading: 'Game', back: HOME, main: messageMain(message), tone: 'error', language }, status, merchant);

export function gamesRoutes(deps: Deps): Hono {
  const app = new Hono();
  /** A ticket of the kind, with a live session for a play ticket; else the refusal page. */
  async function ticketOf<K extends Ticket['kind']>(c: Context, raw: string | undefined, kind: K) {
    const ticket = readTicket(deps.secrets, raw, kind);
    if (typeof ticket === 'string') return refused(c, 403, REFUSALS[ticket]);
    const merchant = deps.merchants.byCode.get(ticket.merchant);
    if (!merchant) return refused(c, 403, REFUSALS.invalid);
    const read: Ticket = ticket;
    if (read.kind === 'play' && !(await sessionLive(deps.db, deps.secrets, read))) {
      return refused(c, 403, REFUSALS.session, read.language, merchant);
    }
    return { ticket, merchant };
  }

  /** Demo control 'page-hang': the page never loads (held until the client leaves, or the limit). */
  async function pageHang(c: Context, merchant: Merchant) {
    if ((await deps.state.get(merchant)).gameLaunchMode !== 'page-hang') return undefined;
    await hold(c, gameLimits.pageHangMs);
    return refused(c, 503, 'The game did not load. Go back and try again.', undefined, merchant);
  }

  app.get('/games/play', async (c) => {
    const raw = c.req.query('ticket')!;
    const found = await ticketOf(c, raw, 'play');
    if (found instanceof Response) return found;
    return (await pageHang(c, found.merchant)) ?? playPage(c, found.ticket, found.merchant, raw);
  });

  /** A draw vendor's betting page or lobby; any other vendor's demo game. */
  function playPage(c: Context, ticket: PlayTicket, merchant: Merchant, raw: string) {
    const vendor = vendorCard(merchant, ticket.vendor)?.displayName ?? ticket.vendor;
    const base = { language: ticket.language, vendor, back: ticket.backUrl ?? HOME };
    const self = `/games/play?${new URLSearchParams({ ticket: raw })}`;
    const draws = drawGamesOf(ticket.vendor);
    if (!draws) {
      const name = ticket.game ? gameName(ticket.game) : `${vendor} lobby`;
      const main = slotMain('Demo game', name, 'A demo game: no money is involved.', self);
      return page(c, { ...base, heading: name, tone: 'slot', main }, 200, merchant);
    }
    // The lobby's links carry tickets of their own: same session and expiry, another view.
    const link = (change: Partial<PlayTicket>) =>
      `/games/play?${new URLSearchParams({ ticket: signTicket(deps.secrets, { ...ticket, ...change }) })}`;
    const game = drawGame(ticket.vendor, ticket.game);
    if (ticket.view === 'betting' && game) {
      const lobby = ticket.lobby ? link({ view: 'lobby', game: undefined }) : undefined;
      return page(c, { ...base, heading: game.title, main: bettingMain(game, raw, clock.now(), lobby) }, 200, merchant);
    }
    const games = draws.map((g) => ({ game: g, href: link({ view: 'betting', game: g.code }) }));
    return page(c, { ...base, heading: 'Lobby', main: lobbyMain(games, clock.now()) }, 200, merchant);
  }

  app.post('/games/bet', async (c) => {
    let fields: URLSearchParams;
    try {
      // The ticket is the secret; the Origin check a second lock. `null`: the app's sandboxed frame
      // (no allow-same-origin, docs/games.md) posts with an opaque origin.
      const origin = c.req.header('Origin');
      if (origin !== undefined && origin !== 'null' && !sameHost(c, origin)) {
        throw new ApiError('request.forbidden', 'forbidden');
      }
      fields = new URLSearchParams(utf8(await readBody(c.req.raw, FORM_LIMIT)));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return refused(c, err.status === 413 ? 413 : err.status === 403 ? 403 : 400, 'This bet could not be placed.');
    }
    const raw = fields.get('ticket') ?? undefined;
    const found = await ticketOf(c, raw, 'play');
    if (found instanceof Response) return found;
    const { ticket, merchant } = found;
    const game = drawGame(ticket.vendor, ticket.game);
    if (ticket.view !== 'betting' || !game)
      return refused(c, 400, 'Bets are placed from a game’s betting page.', ticket.language, merchant);
    const vendor = vendorCard(merchant, ticket.vendor)?.displayName ?? ticket.vendor;
    const again = `/games/play?${new URLSearchParams({ ticket: raw! })}`;
    const base = { language: ticket.language, vendor, back: ticket.backUrl ?? HOME, heading: game.title };
    const picks = readPicks(game, fields);
    const stake = fields.get('stake');
    if (typeof picks !== 'string' || !isStake(stake)) {
      const message = typeof picks === 'string' ? 'Choose a stake.' : picks.error;
      const main = messageMain(message, { href: again, text: 'Back to the game' });
      return page(c, { ...base, tone: 'error', main }, 400, merchant);
    }
    return page(c, { ...base, main: betPlacedMain({ game, picks, stake: stake!, now: clock.now(), again }) }, 200, merchant);
  });

  app.get('/games/trial', async (c) => {
    const raw = c.req.query('ticket')!;
    const found = await ticketOf(c, raw, 'trial');
    if (found instanceof Response) return found;
    const { ticket, merchant } = found;
    const hung = await pageHang(c, merchant);
    if (hung) return hung;
    // A game the merchant no longer lists keeps its page until the ticket expires.
    const name = trialGame(merchant, ticket.gameId)?.name ?? ticket.gameId;
    const again = `/games/trial?${new URLSearchParams({ ticket: raw })}`;
    const f: Frame = {
      language: ticket.language,
      vendor: vendorCard(merchant, ticket.vendor)?.displayName ?? ticket.vendor,
      heading: 'Free demo',
      back: HOME,
      tone: 'slot',
      main: slotMain('Free demo', name, 'For fun only: no money, no prizes.', again),
    };
    return page(c, f, 200, merchant);
  });

  app.get('/games/games.css', (c) =>
    c.body(CSS, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    }),
  );

  app.get('/games/img/:name', (c) => {
    const svg = IMAGES.get(c.req.param('name'));
    return svg === undefined ? c.text('Not found', 404) : c.body(svg, 200, SVG_HEADERS);
  });

  return app;
}

/** A vendor's game code as a name: `FORTUNE_OX` → `Fortune Ox`. */
const gameName = (code: string) =>
  code
    .split(/[_-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ') || code;

function sameHost(c: Context, origin: string): boolean {
  try {
    return new URL(origin).host === (c.req.header('Host') ?? new URL(c.req.url).host);
  } catch {
    return false;
  }
}
