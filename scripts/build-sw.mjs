// Bundles sw/sw.ts and injects the precache list of dist/m with workbox-build (injectManifest).
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { mkdirSync } from 'node:fs';

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
const { count, size, warnings } = await injectManifest({
  swSrc: 'dist/meta/sw.src.js',
  swDest: 'dist/m/sw.js',
  globDirectory: 'dist/m',
  globPatterns: ['index.html', 'manifest.webmanifest', 'assets/**/*.{js,css}', 'icons/*.png'],
  modifyURLPrefix: { '': '/m/' },
  // Hashed files never change; their names are their revisions.
  dontCacheBustURLsMatching: /assets\/.+-[A-Za-z0-9_-]{8}\.(js|css)$/,
});
for (const w of warnings) console.warn(w);
console.log(`sw.js: precaches ${count} files, ${(size / 1024).toFixed(1)} KiB`);
