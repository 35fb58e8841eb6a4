/**
 * The mini-game script and its demo game under /mini-game/, from DIST_DIR/mini-game
 * (docs/mini-game.md): served like the other built files (infra/static.ts: path checks, precompressed
 * siblings, ETags), with the headers of a file that other sites use. Any page may load minigame.js
 * with a plain `<script src>`, and game.html is framed by those pages, so it allows every ancestor but
 * loads nothing that is not its own.
 */
import { resolve } from 'node:path';
import type { Hono } from 'hono';
import { answerHeaders, finishAnswerHeaders } from './answer.ts';
import { serveFrom } from './static.ts';

export const MINI_GAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  // Merchants' pages, whoever they are, frame the game (the script is for any page).
  'frame-ancestors *',
].join('; ');

const HEADERS = {
  // Loaded from other origins: a browser that isolates cross-origin resources must still hand it over.
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Access-Control-Allow-Origin': '*',
  'Timing-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': MINI_GAME_CSP,
};

export function mountMiniGame(app: Hono, distDir: string): void {
  const root = resolve(distDir, 'mini-game');
  // Cache-Control comes from static.ts: the names are not hashed, so `no-cache` with an ETag (a new
  // release reaches merchants' pages at once; an unchanged script costs a 304).
  app.get('/mini-game/*', async (c) => {
    answerHeaders(c, HEADERS);
    return finishAnswerHeaders(c, await serveFrom(c, root, '/mini-game/'));
  });
}
