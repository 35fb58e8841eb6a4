/**
 * The demo game pages' HTML (served by ./pages.ts): plain markup styled by /games/games.css, no
 * script and nothing inline, so the pages run under a strict CSP. Every value repeated is escaped.
 * They stand for the vendors' own pages, so their text is English whatever the language; `lang`
 * follows the ticket's language.
 */
import { randomInt } from 'node:crypto';
import { hhmm, nextDraw, schedule, STAKES, type DrawGame } from './draws.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

const LANGS: Record<string, string> = { EN: 'en', CN: 'zh-CN', VI: 'vi' };
const htmlLang = (language: string | undefined) => (language && Object.hasOwn(LANGS, language) ? LANGS[language]! : 'en');

export const HOME = '/m/home';

export interface Frame {
  language?: string;
  /** The vendor's name, above the heading. */
  vendor?: string;
  heading: string;
  /** Where the back link goes (the whole app, not the frame); none in a frame, whose own bar has the back. */
  back?: string;
  main: string;
  tone?: 'lottery' | 'slot' | 'error';
}

export function frame(f: Frame): string {
  const title = f.vendor ? `${f.heading} · ${f.vendor}` : f.heading;
  return `<!doctype html>
<html lang="${htmlLang(f.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${esc(title)}</title>
<link rel="stylesheet" href="/games/games.css">
</head>
<body class="theme-${f.tone ?? 'lottery'}">
<header class="bar">
${f.back ? `<a class="back" href="${esc(f.back)}" target="_top">‹ Back</a>\n` : ''}<div class="titles">${f.vendor ? `<p class="vendor">${esc(f.vendor)}</p>` : ''}<h1>${esc(f.heading)}</h1></div>
<span class="tag">Demo</span>
</header>
<main>
${f.main}
</main>
</body>
</html>
`;
}

/** "03:45 UTC, in 2 min" with a machine-readable time. */
function drawLine(game: DrawGame, now: number): string {
  const draw = nextDraw(game, now);
  const minutes = Math.max(1, Math.ceil((draw.at - now) / 60_000));
  const wait = minutes < 120 ? `in ${minutes} min` : `in ${Math.round(minutes / 60)} h`;
  return `<time datetime="${new Date(draw.at).toISOString()}">${hhmm(draw.at)} UTC</time>, ${wait} · draw ${esc(draw.id)}`;
}

export function lobbyMain(games: readonly { game: DrawGame; href: string }[], now: number): string {
  const items = games
    .map(
      ({ game, href }) =>
        `<li><a class="game" href="${esc(href)}"><span class="name">${esc(game.title)}</span>` +
        `<span class="when">Next draw ${drawLine(game, now)}</span><span class="how">Draws ${schedule(game)}</span></a></li>`,
    )
    .join('\n');
  return `<p class="lead">Pick a game to place a demo bet.</p>\n<ul class="games">\n${items}\n</ul>`;
}

function pickGrid(game: DrawGame): string {
  const bet = game.bet;
  if (bet.kind === 'digits') {
    return Array.from({ length: bet.positions }, (_, p) => {
      const cells = Array.from(
        { length: 10 },
        (_, d) => `<label><input type="radio" name="d${p + 1}" value="${d}" required><span>${d}</span></label>`,
      ).join('');
      return `<fieldset class="grid digits"><legend>Digit ${p + 1} of ${bet.positions}</legend>${cells}</fieldset>`;
    }).join('\n');
  }
  const cells = Array.from(
    { length: bet.of },
    (_, i) => `<label><input type="checkbox" name="n" value="${i + 1}"><span>${i + 1}</span></label>`,
  ).join('');
  const rule = bet.min === bet.max ? `exactly ${bet.max}` : `${bet.min} to ${bet.max}`;
  return `<fieldset class="grid numbers"><legend>Pick ${rule} numbers</legend>${cells}</fieldset>`;
}

export function bettingMain(game: DrawGame, ticket: string, now: number, lobbyHref?: string): string {
  const stakes = STAKES.map(
    (n) => `<label><input type="radio" name="stake" value="${n}"${n === 10 ? ' checked' : ''}><span>${n}</span></label>`,
  ).join('');
  return `<section class="draw"><p>Next draw ${drawLine(game, now)}</p><p class="how">Draws ${schedule(game)}</p></section>
<form class="bet" method="post" action="/games/bet">
<input type="hidden" name="ticket" value="${esc(ticket)}">
${pickGrid(game)}
<fieldset class="grid stakes"><legend>Stake (demo credits)</legend>${stakes}</fieldset>
<button type="submit">Place a demo bet</button>
<p class="note">Demo only: no money is involved and nothing is paid out.</p>
</form>${lobbyHref ? `\n<p class="more"><a href="${esc(lobbyHref)}">All games of this lottery</a></p>` : ''}`;
}

export function betPlacedMain(o: { game: DrawGame; picks: string; stake: string; now: number; again: string }): string {
  const draw = nextDraw(o.game, o.now);
  const reference = `DEMO-${randomInt(0, 0xffffff).toString(16).toUpperCase().padStart(6, '0')}`;
  return `<section class="placed" role="status">
<h2>Demo bet placed</h2>
<dl>
<dt>Game</dt><dd>${esc(o.game.title)}</dd>
<dt>Draw</dt><dd>${esc(draw.id)}, <time datetime="${new Date(draw.at).toISOString()}">${hhmm(draw.at)} UTC</time></dd>
<dt>Numbers</dt><dd>${esc(o.picks)}</dd>
<dt>Stake</dt><dd>${esc(o.stake)} demo credits</dd>
<dt>Reference</dt><dd>${reference}</dd>
</dl>
<p class="note">This is the reference server's demo: no money was involved.</p>
</section>
<p class="more"><a href="${esc(o.again)}">Place another demo bet</a></p>`;
}

const SYMBOLS = ['7', '★', '♦', '♣', '♥', '♠'];

/** A slot machine look: three reels (random on every load), and the page's note. */
export function slotMain(kicker: string, name: string, note: string, again: string): string {
  const reels = Array.from({ length: 3 }, () => SYMBOLS[randomInt(SYMBOLS.length)]!);
  return `<section class="slot">
<p class="kicker">${esc(kicker)}</p>
<h2>${esc(name)}</h2>
<div class="reels" role="img" aria-label="${esc(`Reels: ${reels.join(', ')}`)}">${reels.map((s) => `<span>${esc(s)}</span>`).join('')}</div>
<p class="spin"><a href="${esc(again)}">Spin</a></p>
<p class="note">${esc(note)}</p>
</section>`;
}

/** A refusal's or a mistake's text, and where to go from there. */
export const messageMain = (message: string, more?: { href: string; text: string }) =>
  `<p class="message" role="alert">${esc(message)}</p>` +
  (more ? `\n<p class="more"><a href="${esc(more.href)}">${esc(more.text)}</a></p>` : '');
