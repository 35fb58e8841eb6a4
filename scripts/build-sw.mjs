// Bundles sw/sw.ts and injects the precache list with workbox-build (injectManifest). Only the shell
// is precached: index.html, the stylesheet, main.js and what it imports, and the page's icon.
// Languages and lazy chunks are cached at run time when first used (sw/sw.ts), so a first visit
// downloads nothing it does not show.
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const chunks = JSON.parse(readFileSync('dist/meta/host-chunks.json', 'utf8'));
const byName = new Map(chunks.map((c) => [c.fileName, c]));
const shellJs = new Set();
const visit = (name) => {
  if (shellJs.has(name)) return;
  shellJs.add(name);
  byName.get(name).imports.forEach(visit);
};
visit(chunks.find((c) => c.isEntry).fileName);

mkdirSync('dist/meta', { recursive: true });
await build({
  entryPoints: ['sw/sw.ts'],
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2020',
  outfile: 'dist/meta/sw.src.js',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
// The push worker (docs/push.md), served at the site root as /firebase-messaging-sw.js: no precache, no workbox.
await build({
  entryPoints: ['sw/firebase-messaging-sw.ts'],
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2020',
  outfile: 'dist/firebase-messaging-sw.js',
  logLevel: 'warning',
});
const { count, size, warnings } = await injectManifest({
  swSrc: 'dist/meta/sw.src.js',
  swDest: 'dist/m/sw.js',
  globDirectory: 'dist/m',
  // Not the web app manifest: the server writes it per merchant (server/infra/webmanifest.ts), and the
  // browser fetches it online only.
  // Of the icons only the page's own (icon-192, its favicon and touch icon): the larger ones serve the
  // web app manifest, which the browser reads online, at install.
  globPatterns: ['index.html', 'assets/host-*.css', 'icons/icon-192.png', ...shellJs],
  modifyURLPrefix: { '': '/m/' },
  // Hashed files never change; their names are their revisions.
  dontCacheBustURLsMatching: /assets\/.+-[A-Za-z0-9_-]{8}\.(js|css)$/,
});
for (const w of warnings) console.warn(w);
writeFileSync('dist/meta/precache.json', JSON.stringify({ count, size }));
console.log(`sw.js: precaches ${count} files, ${(size / 1024).toFixed(1)} KiB`);
