// Builds the mini-game script (mini-game/minigame.ts) into dist/mini-game/minigame.js: one small
// classic script for pages that are not ours (docs/mini-game.md), with its three texts of every
// language put in from the catalogues, and copies the demo game page beside it. Runs after rollup,
// which empties dist/ when it starts.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { catalogueStrings, MINIGAME_KEYS } from './catalogue-strings.mjs';

const OUT = 'dist/mini-game';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
await build({
  entryPoints: ['mini-game/minigame.ts'],
  outfile: `${OUT}/minigame.js`,
  bundle: true,
  format: 'iife',
  minify: true,
  // Old phones' browsers meet it on merchants' pages too.
  target: ['es2019', 'safari14'],
  // The element's own fields (`_name`) get short names; nothing outside reads them.
  mangleProps: /^_/,
  legalComments: 'none',
  // The texts stay \u escapes (esbuild's default, ASCII only): right whatever charset a page or a CDN
  // gives the file, and no bigger in gzip than UTF-8 (measured).
  charset: 'ascii',
  // Plain assignments instead of a defineProperty helper per field.
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
  define: { __MINIGAME_STRINGS__: JSON.stringify(catalogueStrings(MINIGAME_KEYS)) },
  logLevel: 'warning',
});
for (const file of ['game.html', 'game.css', 'game.js']) copyFileSync(`mini-game/${file}`, `${OUT}/${file}`);

const code = readFileSync(`${OUT}/minigame.js`);
const gz = gzipSync(code, { level: 9 }).length;
const br = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`mini-game: minigame.js ${kb(code.length)}, ${kb(gz)} gzip, ${kb(br)} brotli; demo game copied`);
