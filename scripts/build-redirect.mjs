// Builds the redirect page (redirect/, docs/architecture.md "The redirect page") into dist/mobile/mc:
// redirect.html with the merchant code and app name put in (as rollup.config.mjs does for index.html),
// and next to it under assets/ one script and one stylesheet, content-hashed (cached for a year; the
// page itself is revalidated). No inline script or style: the server sends a strict CSP. The script's
// texts of every language come from the core catalogues (scripts/catalogue-strings.mjs). Runs after
// rollup, which empties dist/ when it starts.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { catalogueStrings, REDIRECT_KEYS } from './catalogue-strings.mjs';

const OUT = 'dist/mobile/mc';
const merchant = process.env.WPS_MERCHANT ?? 'demo';
const appName = process.env.WPS_APP_NAME ?? 'WPS Lottery Online';
// Browsers of old phones open these links too (as for the mini-game script).
const TARGET = ['es2019', 'safari14'];

const hashed = (name, ext, source) => `assets/${name}-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.${ext}`;
const escapeHtml = (s) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const { outputFiles } = await build({
  entryPoints: ['redirect/redirect.ts'],
  bundle: true,
  write: false,
  format: 'iife',
  minify: true,
  target: TARGET,
  legalComments: 'none',
  // \u escapes: right whatever charset a proxy gives the file (as minigame.js).
  charset: 'ascii',
  define: { __REDIRECT_STRINGS__: JSON.stringify(catalogueStrings(REDIRECT_KEYS)) },
  logLevel: 'warning',
});
const script = outputFiles[0].contents;
const { code: css } = await transform(readFileSync('redirect/redirect.css', 'utf8'), {
  loader: 'css',
  minify: true,
  target: TARGET,
});

rmSync(`${OUT}/assets`, { recursive: true, force: true });
mkdirSync(`${OUT}/assets`, { recursive: true });
const scriptName = hashed('redirect', 'js', script);
const cssName = hashed('redirect', 'css', css);
writeFileSync(`${OUT}/${scriptName}`, script);
writeFileSync(`${OUT}/${cssName}`, css);
const html = readFileSync('redirect/redirect.html', 'utf8')
  .replaceAll('%MERCHANT%', escapeHtml(merchant))
  .replace('%APP_NAME%', escapeHtml(appName))
  .replace('%CSS%', cssName)
  .replace('%SCRIPT%', scriptName);
writeFileSync(`${OUT}/redirect.html`, html);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `redirect page: ${scriptName} ${kb(script.length)} (${kb(gzipSync(script, { level: 9 }).length)} gzip), ` +
    `${cssName} ${kb(css.length)}, redirect.html`,
);
