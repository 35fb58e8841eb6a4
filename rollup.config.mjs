// Builds, in this order (rollup runs the configs one after another):
// 1. the /m host page (dist/m), on React;
// 2. the element modules on React (dist/elements/esm: one unhashed module per tag, shared chunks);
// 3. the same element modules with React aliased to preact/compat (dist/elements/lite, hashed), the
//    build merchants get by default;
// 4. the script-tag loader dist/elements/wps-elements.js, which embeds the lite build's file list.
// The service worker is built afterwards by scripts/build-sw.mjs, because it precaches what this wrote.
import { SPLASH_SCREENS, splashLinks } from './scripts/splash-screens.mjs';
import { readFileSync, readdirSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { createRequire } from 'node:module';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';
import terser from '@rollup/plugin-terser';
import { build as esbuildBuild, transform as esbuildTransform } from 'esbuild';

const require = createRequire(import.meta.url);
const merchant = process.env.WPS_MERCHANT ?? 'demo';
const appName = process.env.WPS_APP_NAME ?? 'WPS Lottery Online';
const appShortName = process.env.WPS_APP_SHORT_NAME ?? 'WPS Lottery';
/**
 * The build's version, as field data reports it (src/features/field-data): WPS_BUILD_VERSION, else
 * package.json's version and the commit (`0.1.0+89868e7`) when git can tell it.
 */
const BUILD_VERSION = process.env.WPS_BUILD_VERSION ?? buildVersion();
function buildVersion() {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  try {
    return `${version}+${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()}`;
  } catch {
    return version;
  }
}
/** The maskable icon sizes scripts/make-icons.mjs draws (server/infra/webmanifest.ts lists the same). */
const MASKABLE_ICON_SIZES = [192, 512];

/**
 * `import css from './x.css'` gives the CSS text (adopted into shadow roots / the document), minified:
 * a merchant pays for every byte of an element's styles.
 */
const cssText = () => ({
  name: 'css-text',
  async transform(code, id) {
    if (!id.endsWith('.css')) return null;
    const { code: css } = await esbuildTransform(code, { loader: 'css', minify: true, target: ['chrome90', 'safari14'] });
    return { code: `export default ${JSON.stringify(css.trim())};`, map: null };
  },
});

/**
 * The lite build: the same source with React served by preact/compat (most specific names first),
 * and i18next by the part of it i18n.ts uses (build-shims/i18next-lite.ts: about 14 KB gzip less for a
 * merchant page, docs/performance.md; test/i18n/i18next-lite.test.ts holds it to i18next's answers).
 */
const preactCompat = () =>
  alias({
    entries: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react(-dom)?$/, replacement: resolvePath('build-shims/react-lite.js') },
      { find: /^i18next$/, replacement: resolvePath('build-shims/i18next-lite.ts') },
    ],
  });

const plugins = () => [
  alias({
    entries: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: resolvePath('build-shims/use-sync-external-store.ts'),
      },
    ],
  }),
  replace({
    preventAssignment: true,
    values: { 'process.env.NODE_ENV': JSON.stringify('production'), __WPS_BUILD__: JSON.stringify(BUILD_VERSION) },
  }),
  json({ preferConst: true, compact: true }),
  cssText(),
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
  commonjs(),
  esbuild({ jsx: 'automatic', target: 'es2020', tsconfig: 'tsconfig.json' }),
  // terser, not esbuild, minifies: on React DOM and i18next it saves about 2.5 KB gzip of /m/home's
  // first load (measured), which the 100 KB budget needs.
  terser({ module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
];

const onwarn = (warning, warn) => {
  // jsencrypt is written for a global `this`; rollup's rewrite is harmless there.
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.ids?.[0] ?? '')) return;
  warn(warning);
};

/** The lazy parts home loads with its page (host/App.tsx preloadPage). */
const HOME_PARTS = /host\/(HomeEngagement|BottomNav)\.tsx$/;

/**
 * host/preload.ts compiled with this build's file names: each language's catalogue chunk, and for
 * each lazy page its chunk and the chunks it imports that main.js lacks, and the routes' pages.
 */
async function preloadSnippet(chunks, entry) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start) => {
    const files = [start];
    for (let i = 0; i < files.length; i++) for (const f of byFile.get(files[i]).imports) if (!files.includes(f)) files.push(f);
    return files;
  };
  const firstLoad = new Set(closure(entry.fileName));
  // Names only (`LoginPage-abc123` for /m/assets/LoginPage-abc123.js): the page's HTML is on the critical path.
  const url = (f) => f.replace(/^assets\//, '').replace(/\.js$/, '');
  const languages = {};
  // Each chunk name once; the pages list their chunks by index (many pages share the same chunks).
  const names = [];
  const nameIndex = (f) => {
    const name = url(f);
    if (!names.includes(name)) names.push(name);
    return names.indexOf(name);
  };
  const pages = {};
  for (const c of chunks) {
    // The core catalogue's (the features' own strings come with their pages).
    const lang = /src\/core\/i18n\/locales\/([A-Z-]+)\.json$/.exec(c.facadeModuleId ?? '')?.[1];
    if (lang) languages[lang] = url(c.fileName);
    // Not the member pages: they are mostly reached from within the app, and their ten lists would
    // make the page's HTML (and the service worker's precache) 1.5 KB bigger (docs/performance.md).
    // Home's page is in main.js, but its entries and bottom navigation are loaded with it (host/App.tsx preloadPage).
    // A page's chunk is not always its facade (rollup names another module when the page's chunk is
    // also what a lazy part of it imports, as the login form's identity part does): the page module inside.
    const pageModule = [c.facadeModuleId, ...Object.keys(c.modules)].find((id) => id && /host\/pages\/\w+\.tsx$/.test(id));
    const page =
      /host\/pages\/(\w+)\.tsx$/.exec(pageModule ?? '')?.[1] ??
      (Object.keys(c.modules).some((id) => HOME_PARTS.test(id)) ? 'HomePage' : undefined);
    if (page && !firstLoad.has(c.fileName)) {
      const files = closure(c.fileName)
        .filter((f) => !firstLoad.has(f))
        .map(nameIndex);
      pages[page] = [...new Set([...(pages[page] ?? []), ...files])];
    }
  }
  // Route -> page name, page -> chunks: a page with several routes (register, register.html) is listed once.
  const routes = {};
  for (const [path, page] of Object.entries(JSON.parse(readFileSync('host/routes.json', 'utf8'))))
    if (pages[page]) routes[path] = page;
  const { code } = await esbuildBuild({
    entryPoints: ['host/preload.ts'],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2017',
    define: { __HOST_PRELOADS__: JSON.stringify({ entry: `/m/${entry.fileName}`, languages, names, pages, routes }) },
  }).then((r) => ({ code: r.outputFiles[0].text.trim() }));
  return code;
}

/** The member-centre pages (lazy pages, a chunk each) and their feature's per-language strings. */
const MEMBER_PAGE = /(?:^|\/)host\/pages\/member\/[^/]+\.tsx$/;
const MEMBER_LOCALE = /(?:^|\/)src\/features\/member-centre\/locales\/[^/]+\.json$/;

/**
 * Which chunks of the /m build belong to the member centre, and so are listed in
 * /mobile/mc/asset-manifest.json instead of /m/asset-manifest.json: the update check hashes both, and
 * a release that changes only the member centre must change only its manifest (docs/performance.md).
 *
 * - Roots: the chunks the entry lazy-loads for the member centre, i.e. whose lazily imported modules
 *   (the facade; after rollup's small-chunk merge a chunk may hold several and have no facade) are
 *   all member pages (host/pages/member/*.tsx) or member-centre catalogues
 *   (src/features/member-centre/locales/*.json). A chunk where rollup put a member page together
 *   with another page is not one: the other page's players load it too.
 * - With them, every chunk they reach through their imports (static, and dynamic: a member page's own
 *   lazy parts), as long as no chunk outside the set imports it: a chunk main.js or a non-member page
 *   also loads (shared with home, say) is not the member centre's, and neither are the chunks only it
 *   reaches. A dynamic import from outside takes a chunk out too, except for the roots themselves.
 * - Never an entry chunk (main.js), whatever imports it.
 *
 * `chunks`: rollup's output chunks (`fileName`, `isEntry`, `moduleIds`, `imports`, `dynamicImports`);
 * `isLazy(id)`: whether a module is imported with `import()` somewhere. Answers the set of file names.
 */
export function memberCentreChunks(chunks, isLazy) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const isMember = (id) => MEMBER_PAGE.test(id) || MEMBER_LOCALE.test(id);
  const isRoot = (c) => {
    if (!c || c.isEntry) return false;
    const lazy = c.moduleIds.filter(isLazy);
    return lazy.length > 0 && lazy.every(isMember);
  };
  const members = new Set();
  const queue = chunks.filter(isRoot).map((c) => c.fileName);
  while (queue.length > 0) {
    const chunk = byFile.get(queue.pop());
    if (!chunk || chunk.isEntry || members.has(chunk.fileName)) continue;
    members.add(chunk.fileName);
    queue.push(...chunk.imports, ...chunk.dynamicImports);
  }
  // Until nothing changes: a chunk taken out is outside now, and what it imports is shared too.
  for (let changed = true; changed;) {
    changed = false;
    for (const c of chunks) {
      if (members.has(c.fileName)) continue;
      for (const f of c.imports) changed = members.delete(f) || changed;
      for (const f of c.dynamicImports) if (!isRoot(byFile.get(f))) changed = members.delete(f) || changed;
    }
  }
  return members;
}

/**
 * An asset manifest (`files`: name → URL, `entrypoints`) of the update check. A name that several
 * files share (each language's catalogue chunk is `EN`, `VI`…, in the core and in every feature)
 * becomes the file's facade module path, or its file name: each file is listed, whatever the order.
 */
export function assetManifest(outputs, entrypoints) {
  const keyOf = (f) => f.name ?? f.fileName;
  const count = new Map();
  for (const f of outputs) count.set(keyOf(f), (count.get(keyOf(f)) ?? 0) + 1);
  const files = {};
  for (const f of outputs) {
    const unique = count.get(keyOf(f)) === 1;
    const facade = f.facadeModuleId ? relativePath(f.facadeModuleId).replace(/\.[^./]+$/, '') : undefined;
    files[unique ? keyOf(f) : (facade ?? f.fileName)] = `/m/${f.fileName}`;
  }
  return { files, entrypoints };
}

const relativePath = (id) => id.replace(/\\/g, '/').replace(`${process.cwd().replace(/\\/g, '/')}/`, '');

/**
 * Writes index.html (entry + modulepreload of its static imports), the web app manifest, the icons,
 * the two asset manifests of the update check (m/asset-manifest.json: every hashed asset but the
 * member centre's; mobile/mc/asset-manifest.json: the member centre's, see memberCentreChunks),
 * dist/meta/host-chunks.json (each chunk's modules and imports, for `npm run size`), the route table
 * the server reads (dist/meta/routes.json) and dist/favicon.ico.
 */
const hostPage = () => ({
  name: 'host-page',
  async generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
    const entry = chunks.find((c) => c.isEntry);
    const inlineScript = await preloadSnippet(chunks, entry);
    // The shared primitives' styles (src/ui/ui.css, fields.css) ride in the page's stylesheet, not in main.js.
    // The layer tokens first (src/core/layers.ts builds the same rule for the elements' shadow roots).
    const layers = Object.entries(JSON.parse(readFileSync('src/core/layers.json', 'utf8')));
    const layerCss = `:root{${layers.map(([name, z]) => `--_z-${name}:var(--wps-z-${name},${z})`).join(';')}}`;
    // The pages' styles and the banner carousel's too: a prerendered shell paints with them before any script has run.
    const sources = ['host/host.css', 'src/ui/ui.css', 'src/ui/fields.css', 'host/pages.css', 'src/ui/carousel.css'];
    const { code: css } = await esbuildTransform([layerCss, ...sources.map((f) => readFileSync(f, 'utf8'))].join('\n'), {
      loader: 'css',
      minify: true,
      target: ['chrome90', 'safari14'],
    });
    const cssName = `assets/host-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    this.emitFile({ type: 'asset', fileName: cssName, source: css });

    const preloads = entry.imports.map((f) => `<link rel="modulepreload" href="/m/${f}">`).join('\n  ');
    const html = readFileSync('host/index.html', 'utf8')
      .replaceAll('%MERCHANT%', merchant)
      .replace('%APP_NAME%', appName)
      .replace('%HOST_CSS%', cssName)
      .replace('%PRELOADS%', preloads)
      .replace('%SPLASH_LINKS%', splashLinks())
      .replace('%INLINE_SCRIPT%', inlineScript)
      .replace('%ENTRY%', entry.fileName);
    this.emitFile({ type: 'asset', fileName: 'index.html', source: html });

    for (const s of SPLASH_SCREENS) {
      this.emitFile({ type: 'asset', fileName: `splash/${s.file}`, source: readFileSync(`host/splash/${s.file}`) });
    }
    const sizes = [192, 256, 384, 512];
    for (const size of sizes) {
      this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: readFileSync(`host/icons/icon-${size}.png`) });
    }
    // The maskable icons (scripts/make-icons.mjs) and the narrow screenshots of /m/home per merchant
    // (`npm run screenshots:manifest`, committed under host/manifest-screenshots/): docs/install.md.
    for (const size of MASKABLE_ICON_SIZES) {
      const file = `icons/icon-maskable-${size}.png`;
      this.emitFile({ type: 'asset', fileName: file, source: readFileSync(`host/${file}`) });
    }
    const shots = JSON.parse(readFileSync('server/infra/manifest-screenshots.json', 'utf8'));
    for (const list of Object.values(shots)) {
      for (const shot of list) {
        const file = shot.src.replace(/^\/m\//, '');
        this.emitFile({ type: 'asset', fileName: file, source: readFileSync(`host/manifest-${file}`) });
      }
    }
    const manifest = {
      id: '/m/home',
      name: appName,
      short_name: appShortName,
      start_url: '/m/home',
      scope: '/m/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#ffffff',
      theme_color: '#d62f3a',
      icons: [
        ...sizes.map((s) => ({ src: `/m/icons/icon-${s}.png`, sizes: `${s}x${s}`, type: 'image/png', purpose: 'any' })),
        ...MASKABLE_ICON_SIZES.map((s) => ({
          src: `/m/icons/icon-maskable-${s}.png`,
          sizes: `${s}x${s}`,
          type: 'image/png',
          purpose: 'maskable',
        })),
      ],
      screenshots: shots[merchant] ?? [],
      prefer_related_applications: false,
    };
    this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(manifest, null, 2) });

    const members = memberCentreChunks(chunks, (id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0);
    const assets = Object.values(bundle).filter((f) => f.fileName.startsWith('assets/'));
    const main = assetManifest(
      assets.filter((f) => !members.has(f.fileName)),
      [`/m/${entry.fileName}`, `/m/${cssName}`],
    );
    main.files['host.css'] = `/m/${cssName}`;
    this.emitFile({ type: 'asset', fileName: 'asset-manifest.json', source: JSON.stringify(main, null, 2) });
    // Only a build with member pages writes it; without, the server answers a stand-in (server/infra/manifests.ts).
    if (members.size > 0) {
      const memberAssets = assets.filter((f) => members.has(f.fileName));
      const pages = memberAssets.filter((c) => c.moduleIds?.some((id) => MEMBER_PAGE.test(id))).map((c) => `/m/${c.fileName}`);
      mkdirSync('dist/mobile/mc', { recursive: true });
      writeFileSync('dist/mobile/mc/asset-manifest.json', JSON.stringify(assetManifest(memberAssets, pages.sort()), null, 2));
    }

    const meta = chunks.map((c) => ({
      fileName: c.fileName,
      isEntry: c.isEntry,
      imports: c.imports,
      dynamicImports: c.dynamicImports,
      modules: Object.keys(c.modules),
      // Rendered size of each module (minified later): what `npm run size -- --why` lists.
      sizes: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength])),
    }));
    mkdirSync('dist/meta', { recursive: true });
    writeFileSync('dist/meta/host-chunks.json', JSON.stringify(meta, null, 2));
    // The server allows exactly this inline script in the page's CSP (server/infra/static.ts).
    // Hashed as it stands in the page, whitespace included: that is what the browser hashes.
    const scriptSrc = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, code]) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
    );
    writeFileSync('dist/meta/csp.json', JSON.stringify({ scriptSrc }, null, 2));
    // The server answers a path outside this build's route table with a 404 (server/infra/static.ts).
    writeFileSync('dist/meta/routes.json', JSON.stringify(Object.keys(JSON.parse(readFileSync('host/routes.json', 'utf8')))));
    // Browsers ask for /favicon.ico by themselves (pages without an icon link, such as the demo chat).
    writeFileSync('dist/favicon.ico', readFileSync('host/icons/favicon.ico'));
  },
});

/**
 * Strings an element takes from a catalogue without loading all of it: the module that lists the
 * part's loaders (imports of a `locales/XX.json`) → the key prefixes. In the element builds each of
 * its imports becomes a module with only those keys (docs/performance.md, "The download bar's
 * bytes"); /m and the tests load the whole file, which holds the same keys.
 */
const CATALOGUE_SLICES = { 'src/features/download-bar/strings.ts': ['download_bar.'] };
/**
 * A feature's strings part cut for some of its elements: the install family (prompt, iOS guide,
 * in-app guide) takes the `install.*` and `inapp.*` keys of src/features/install/locales, not the
 * image popups' and the app upgrade's (docs/performance.md, "The install family's bytes"). In the
 * element builds their import of the part's module becomes a part of its own name (a page with the
 * app upgrade too still loads the whole file for it) whose loaders import the slices.
 */
const PART_SLICES = {
  'src/features/install/locales/index.ts': {
    importers: ['elements/install-prompt.tsx', 'elements/ios-guide.tsx', 'elements/inapp-guide.tsx'],
    name: 'install-guides',
    prefixes: ['install.', 'inapp.'],
  },
};
const SLICE = '\0catalogue-slice:';
const PART = '\0catalogue-part:';
const catalogueSlices = () => ({
  name: 'catalogue-slices',
  resolveId(source, importer) {
    if (source.startsWith(SLICE)) return source;
    if (!importer || importer.startsWith(PART)) return null;
    const target = relativePath(resolvePath(dirname(importer), source));
    if (PART_SLICES[target]?.importers.includes(relativePath(importer))) return `${PART}${target}`;
    const prefixes = CATALOGUE_SLICES[relativePath(importer)];
    if (!prefixes || !/\/locales\/[A-Z-]+\.json$/.test(source)) return null;
    return `${SLICE}${prefixes.join(',')}|${resolvePath(dirname(importer), source)}`;
  },
  load(id) {
    if (id.startsWith(PART)) {
      // The part module's language loaders, each pointing at a slice of its file.
      const file = id.slice(PART.length);
      const { name, prefixes } = PART_SLICES[file];
      const source = readFileSync(file, 'utf8');
      const exported = /export const (\w+): CataloguePart/.exec(source)?.[1];
      const loaders = [...source.matchAll(/^\s*('?[A-Z-]+'?): \(\) => import\('\.\/([A-Z-]+)\.json'\),$/gm)];
      if (!exported || loaders.length === 0) this.error(`${file} is not the shape catalogueSlices expects`);
      const slice = (lang) => JSON.stringify(`${SLICE}${prefixes.join(',')}|${resolvePath(dirname(file), `${lang}.json`)}`);
      const table = loaders.map(([, key, lang]) => `${key}: () => import(${slice(lang)})`).join(',\n  ');
      return { code: `export const ${exported} = { name: ${JSON.stringify(name)}, loaders: {\n  ${table}\n} };`, map: null };
    }
    if (!id.startsWith(SLICE)) return null;
    const [prefixes, file] = id.slice(SLICE.length).split('|');
    const list = prefixes.split(',');
    const keys = Object.entries(JSON.parse(readFileSync(file, 'utf8'))).filter(([key]) => list.some((p) => key.startsWith(p)));
    if (keys.length === 0) this.error(`${file} has no ${prefixes} keys`);
    return { code: `export default ${JSON.stringify(Object.fromEntries(keys))};`, map: null };
  },
});

const elementFiles = readdirSync('elements').filter((f) => /\.tsx$/.test(f) && f !== 'define.tsx');
const elementInputs = Object.fromEntries(elementFiles.map((f) => [`wps-${f.replace(/\.tsx$/, '')}`, `elements/${f}`]));
/** Every element module, plus `wps-api` (configure, setLanguage) for the loader's page-wide calls. */
const moduleInputs = { ...elementInputs, 'wps-api': 'elements/api.ts' };
const LOADER_MANIFEST = 'dist/meta/loader-manifest.json';

/**
 * Writes the lite build's file list for the loader: each tag's entry and the chunks it imports
 * statically (fetched in parallel by the loader), and each language's catalogue chunk.
 */
const loaderManifest = () => ({
  name: 'loader-manifest',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const closure = (chunk) => {
      const files = [chunk.fileName];
      for (let i = 0; i < files.length; i++) for (const f of byFile.get(files[i]).imports) if (!files.includes(f)) files.push(f);
      return files;
    };
    const tags = {};
    let api = [];
    const languages = {};
    const langOf = (c) => /src\/core\/i18n\/locales\/([A-Z-]+)\.json$/.exec(c.facadeModuleId ?? '')?.[1];
    const isSlice = (c) => c.facadeModuleId?.startsWith(SLICE);
    for (const c of chunks) {
      if (c.isEntry && c.name === 'wps-api') api = closure(c);
      else if (c.isEntry) tags[c.name] = closure(c);
      // The core catalogue's, not a feature's (games, install...): those share the file names, and
      // the last one read used to win, so the loader preloaded the games' strings.
      if (langOf(c) && !isSlice(c)) languages[langOf(c)] = c.fileName;
    }
    // A tag whose code loads a slice of the catalogue (CATALOGUE_SLICES) gets that, not the catalogue.
    const strings = {};
    for (const [tag, files] of Object.entries(tags)) {
      const slices = files
        .flatMap((f) => byFile.get(f).dynamicImports)
        .map((f) => byFile.get(f))
        // The core catalogue's slices only: a feature's (the install family's) loads beside it.
        .filter((c) => isSlice(c) && langOf(c));
      if (slices.length > 0) strings[tag] = Object.fromEntries(slices.map((c) => [langOf(c), c.fileName]));
    }
    mkdirSync('dist/meta', { recursive: true });
    writeFileSync(LOADER_MANIFEST, JSON.stringify({ tags, languages, strings, api }, null, 2));
    // Each chunk's modules, so `npm run size` can tell that no element pulls a lazy-only library.
    const modules = Object.fromEntries(chunks.map((c) => [c.fileName, Object.keys(c.modules)]));
    writeFileSync('dist/meta/lite-chunks.json', JSON.stringify(modules, null, 2));
  },
});

/**
 * React's production file as an ES module, so rollup leaves out the exports /m never uses (React
 * 19's file assigns each export once, `exports.name = ...`, at the end, and never reads them back).
 * React DOM's client gets only what it reads (build-shims/react-client-internals.js), r2wc a default
 * export with createElement (build-shims/react-default.js), and wouter reads its hooks by name. Fails
 * the build if React's file no longer has that shape (test/build/react-shims.test.ts checks it too).
 */
const hostReact = () => {
  const reactFile = production('react', 'react');
  const domClient = production('react-dom', 'react-dom-client');
  return {
    name: 'host-react',
    async resolveId(source, importer) {
      if (source === 'react' && importer === domClient) return resolvePath('build-shims/react-client-internals.js');
      if (source === 'react' && /@r2wc\/react-to-web-component\//.test(importer ?? ''))
        return resolvePath('build-shims/react-default.js');
      if (source === 'react') return reactFile;
      return null;
    },
    transform(code, id) {
      // wouter reads one hook by a computed name (for old bundlers), which would keep every export of React.
      if (/\/wouter\/src\/react-deps\.js$/.test(id)) {
        const read = 'React["useInsertion" + "Effect"]';
        if (!code.includes(read)) this.error(`wouter's react-deps.js no longer reads ${read}: see hostReact`);
        return { code: code.replace(read, 'React.useInsertionEffect'), map: null };
      }
      if (id !== reactFile) return null;
      const names = [];
      const esm = code.replace(/^exports\.(\w+) =/gm, (_, name) => (names.push(name), `const __react_${name} =`));
      if (names.length < 20 || /\bexports\b|\brequire\(|module\.exports/.test(esm.replace(/^"use strict";/m, '')))
        this.error(`react.production.js is not the shape hostReact expects (${names.length} exports)`);
      return { code: `${esm}\nexport { ${names.map((n) => `__react_${n} as ${n}`).join(', ')} };\n`, map: null };
    },
  };
};
/** A package's production CommonJS file, as its entry would pick it. */
const production = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`)), `cjs/${file}.production.js`);
/**
 * React in /m: `react-dom/client` straight from its production file (its package entry only adds
 * React DevTools' dead-code check), and `react-dom` as the shared internals that file reads
 * (build-shims/react-dom-internals.js): /m uses no other export of it. With `hostReact`, 1.3 KB gzip of main.js.
 */
const hostReactDom = () =>
  alias({
    entries: [
      { find: /^react-dom$/, replacement: resolvePath('build-shims/react-dom-internals.js') },
      { find: /^react-dom\/client$/, replacement: production('react-dom', 'react-dom-client') },
      // The same for the JSX runtime and the scheduler: their entries only pick the production file.
      { find: /^react\/jsx-runtime$/, replacement: production('react', 'react-jsx-runtime') },
      { find: /^scheduler$/, replacement: production('scheduler', 'scheduler') },
    ],
  });

/**
 * /m's chunks after main.js come in two planned waves (docs/performance.md, "Waves after the paint"):
 * wave 1, asked for by main.js as the page paints, is `after-paint` (what every page starts after its
 * first frame: the API client, the error catalogue, the site status, the element loader, the overlays,
 * the bottom navigation, the notices) and `home` (the rest of the home page and the elements it shows);
 * wave 2, asked for by wave 1 when it is needed, is each of `install` (the install family), `tracking`
 * and the push prompt, and DOMPurify. Without these rules rollup cuts what they share into many small
 * chunks, each a further request after the one that imports it (seven waves, measured).
 *
 * A group is its roots and everything they import statically, less what main.js holds (main.js's own
 * modules are named `main` here: a manual chunk otherwise pulls in its imports, React and the core
 * included, and main.js would import it) and less what an earlier group took. A module of a later
 * group that something outside it imports too goes to `after-paint`, so /m/login, say, does not load
 * the home page's chunk for one shared helper.
 */
export const HOST_GROUPS = [
  ['after-paint', ['host/afterPaint.ts', 'host/Overlays.tsx', 'elements/notice.tsx', 'elements/network-notice.tsx']],
  // Loaded with home's page, before a prerendered shell is hydrated (host/App.tsx preloadPage), and by
  // the other pages with the navigation: a file of its own.
  ['nav', ['host/BottomNav.tsx']],
  // Home's own code, loaded with the page too. Not its elements: defined, they upgrade their tags in
  // the shell at once and ask for the site status, whose answer would change what the page renders
  // before React has hydrated it.
  ['home', ['host/HomeEngagement.tsx']],
  // The elements home shows, loaded when their tags are seen (host/lazyElements.ts), after the paint.
  [
    'home-elements',
    ['elements/download-bar.tsx', 'elements/customer-service.tsx', 'elements/chat-button.tsx', 'elements/announcement.tsx'],
  ],
  ['install', ['elements/install-prompt.tsx', 'elements/ios-guide.tsx', 'elements/inapp-guide.tsx', 'elements/image-popup.tsx']],
  ['tracking', ['src/features/tracking/index.ts']],
];

function hostWaves() {
  let assigned;
  const root = process.cwd().replace(/\\/g, '/');
  return (id, { getModuleInfo }) => {
    if (!assigned) {
      assigned = new Map();
      const closure = (ids) => {
        const seen = new Set();
        const queue = [...ids];
        while (queue.length) {
          const m = queue.pop();
          if (seen.has(m)) continue;
          seen.add(m);
          queue.push(...(getModuleInfo(m)?.importedIds ?? []));
        }
        return seen;
      };
      for (const m of closure([`${root}/host/main.tsx`])) assigned.set(m, 'main');
      const [[first]] = HOST_GROUPS;
      for (const [name, roots] of HOST_GROUPS) {
        const ids = roots.map((r) => `${root}/${r}`);
        const members = new Set([...closure(ids)].filter((m) => !assigned.has(m)));
        // After the first group: a module that something outside the group imports too (a page, say)
        // goes to the first one, which every page loads anyway; else that page would load this group.
        for (let changed = name !== first; changed;) {
          changed = false;
          for (const m of members) {
            const info = getModuleInfo(m);
            const outside = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].some((i) => !members.has(i));
            if (!ids.includes(m) && outside) changed = members.delete(m) || changed;
          }
        }
        for (const m of members) assigned.set(m, name);
        if (name !== first) for (const m of closure(ids)) if (!assigned.has(m)) assigned.set(m, first);
      }
    }
    return assigned.get(id);
  };
}

export default () => {
  // Start from an empty dist, so no file of an earlier build is served, precached or measured. Here
  // and not at the top: the build test imports this file for its functions.
  rmSync('dist', { recursive: true, force: true });
  return configs;
};

const configs = [
  {
    input: { main: 'host/main.tsx' },
    output: {
      dir: 'dist/m',
      format: 'es',
      experimentalMinChunkSize: 300,
      manualChunks: hostWaves(),
      entryFileNames: 'assets/[name]-[hash].js',
      chunkFileNames: 'assets/[name]-[hash].js',
      // Arrow functions and const in rollup's own code (the dynamic imports' `.then`): smaller main.js.
      generatedCode: 'es2015',
    },
    plugins: [hostReact(), hostReactDom(), ...plugins(), hostPage()],
    onwarn,
  },
  {
    input: { ...moduleInputs, 'wps-elements': 'elements/index.ts' },
    output: {
      dir: 'dist/elements/esm',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    plugins: [catalogueSlices(), ...plugins()],
    onwarn,
  },
  {
    input: moduleInputs,
    output: {
      dir: 'dist/elements/lite',
      format: 'es',
      // Hashed, so every file the loader names is immutable; only wps-elements.js is revalidated.
      // All in `chunks/`, which the server caches as immutable whatever the hash holds, and where an
      // entry names a chunk without the folder.
      entryFileNames: 'chunks/[name]-[hash].js',
      // Chunks by their hash alone: every import of one names it, and a merchant pays for each name. 7 characters (rollup's least for up to 4,096 chunks) are 42 bits, more than the
      // 8 hex digits many builds use. With no transitive imports hoisted into the entries (the loader
      // preloads each tag's chunks already), about 1.9 KB gzip less over all the elements
      // (docs/performance.md, "The install family's bytes").
      chunkFileNames: 'chunks/[hash:7].js',
      hoistTransitiveImports: false,
    },
    plugins: [catalogueSlices(), preactCompat(), ...plugins(), loaderManifest()],
    onwarn,
  },
  {
    input: 'elements/wps-elements.ts',
    output: { file: 'dist/elements/wps-elements.js', format: 'iife' },
    plugins: [
      ...plugins(),
      {
        // After esbuild has dropped the `declare` and the comments that also name it.
        name: 'inject-loader-manifest',
        buildStart() {
          this.addWatchFile(LOADER_MANIFEST);
        },
        transform(code, id) {
          if (!id.endsWith('elements/wps-elements.ts')) return null;
          return { code: code.replace(/\b__WPS_LOADER_MANIFEST__\b/g, () => readFileSync(LOADER_MANIFEST, 'utf8')), map: null };
        },
      },
    ],
    onwarn,
  },
];
