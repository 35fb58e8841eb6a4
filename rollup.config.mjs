// Builds the /m host page (dist/m), the per-element ESM entries sharing chunks (dist/elements/esm)
// and the one-file script-tag bundle (dist/elements/wps-elements.js). The service worker is built
// afterwards by scripts/build-sw.mjs, because it precaches what this build wrote.
import { readFileSync, readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';

const merchant = process.env.WPS_MERCHANT ?? 'demo';
const appName = process.env.WPS_APP_NAME ?? 'WPS Lottery Online';
const appShortName = process.env.WPS_APP_SHORT_NAME ?? 'WPS Lottery';

/** `import css from './x.css'` gives the CSS text (adopted into shadow roots / the document). */
const cssText = () => ({
  name: 'css-text',
  transform(code, id) {
    if (!id.endsWith('.css')) return null;
    return { code: `export default ${JSON.stringify(code.replace(/\s*\n\s*/g, ' '))};`, map: null };
  },
});

const plugins = () => [
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  json({ preferConst: true, compact: true }),
  cssText(),
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
  commonjs(),
  esbuild({ jsx: 'automatic', minify: true, target: 'es2020', tsconfig: 'tsconfig.json' }),
];

const onwarn = (warning, warn) => {
  // jsencrypt is written for a global `this`; rollup's rewrite is harmless there.
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.ids?.[0] ?? '')) return;
  warn(warning);
};

/**
 * Writes index.html (entry + modulepreload of its static imports), the web app manifest, the icons,
 * asset-manifest.json (every hashed asset, for the update check) and dist/meta/host-chunks.json
 * (each chunk's modules and imports, for `npm run size`).
 */
const hostPage = () => ({
  name: 'host-page',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
    const entry = chunks.find((c) => c.isEntry);
    const css = readFileSync('host/host.css', 'utf8');
    const cssName = `assets/host-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    this.emitFile({ type: 'asset', fileName: cssName, source: css });

    const preloads = entry.imports.map((f) => `<link rel="modulepreload" href="/m/${f}">`).join('\n  ');
    const html = readFileSync('host/index.html', 'utf8')
      .replace('%MERCHANT%', merchant)
      .replace('%APP_NAME%', appName)
      .replace('%HOST_CSS%', cssName)
      .replace('%PRELOADS%', preloads)
      .replace('%ENTRY%', entry.fileName);
    this.emitFile({ type: 'asset', fileName: 'index.html', source: html });

    const sizes = [192, 256, 384, 512];
    for (const size of sizes) {
      this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: readFileSync(`host/icons/icon-${size}.png`) });
    }
    const manifest = {
      name: appName,
      short_name: appShortName,
      start_url: '/m/home',
      scope: '/m/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#ffffff',
      theme_color: '#d62f3a',
      icons: sizes.map((s) => ({ src: `/m/icons/icon-${s}.png`, sizes: `${s}x${s}`, type: 'image/png', purpose: 'any' })),
    };
    this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(manifest, null, 2) });

    const files = {};
    for (const f of Object.values(bundle)) if (f.fileName.startsWith('assets/')) files[f.name ?? f.fileName] = `/m/${f.fileName}`;
    files['host.css'] = `/m/${cssName}`;
    const assetManifest = { files, entrypoints: [`/m/${entry.fileName}`, `/m/${cssName}`] };
    this.emitFile({ type: 'asset', fileName: 'asset-manifest.json', source: JSON.stringify(assetManifest, null, 2) });

    const meta = chunks.map((c) => ({
      fileName: c.fileName,
      isEntry: c.isEntry,
      imports: c.imports,
      dynamicImports: c.dynamicImports,
      modules: Object.keys(c.modules),
    }));
    mkdirSync('dist/meta', { recursive: true });
    writeFileSync('dist/meta/host-chunks.json', JSON.stringify(meta, null, 2));
  },
});

const elementFiles = readdirSync('elements').filter((f) => /\.tsx$/.test(f) && f !== 'define.tsx');
const elementInputs = Object.fromEntries(elementFiles.map((f) => [`wps-${f.replace(/\.tsx$/, '')}`, `elements/${f}`]));

export default [
  {
    input: { main: 'host/main.tsx' },
    output: {
      dir: 'dist/m',
      format: 'es',
      entryFileNames: 'assets/[name]-[hash].js',
      chunkFileNames: 'assets/[name]-[hash].js',
    },
    plugins: [...plugins(), hostPage()],
    onwarn,
  },
  {
    input: { ...elementInputs, 'wps-elements': 'elements/index.ts' },
    output: {
      dir: 'dist/elements/esm',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    plugins: plugins(),
    onwarn,
  },
  {
    input: 'elements/index.ts',
    output: { file: 'dist/elements/wps-elements.js', format: 'iife', name: 'WpsElements', inlineDynamicImports: true },
    plugins: plugins(),
    onwarn,
  },
];
