// Browser tests (test/core, test/features, test/elements, test/mini-game) in Debian's Chromium.
// The test files are bundled by esbuild, once per run: serving React 19's CommonJS file by file loses
// the named exports of react-dom/client (docs/architecture.md, "Browser tests are bundled").
import { build } from 'esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { catalogueStrings, MINIGAME_KEYS } from './scripts/catalogue-strings.mjs';
import { CHROME_ARGS, testChromePath } from './scripts/test-chrome.mjs';

// WPS_BUILD=lite runs the same tests on the lite element build: React served by preact/compat and
// i18next by build-shims/i18next-lite.ts, aliased exactly as rollup.config.mjs does for dist/elements/lite.
const lite = process.env.WPS_BUILD === 'lite';
const activeMutant = process.env.__STRYKER_ACTIVE_MUTANT__;
const preactCompat = {
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'react-dom': './build-shims/react-lite.js',
  react: './build-shims/react-lite.js',
  i18next: './build-shims/i18next-lite.ts',
};

const MINIGAME_STRINGS = JSON.stringify(catalogueStrings(MINIGAME_KEYS));

// The test files of this run (absolute paths), as web-test-runner resolved them from `files` or the
// command line: the browser launcher is told them before any page asks for one (see `browsers`).
let testFiles = [];
// The bundle of this run's test files, built once, on the first page's request: every test file an
// entry of one esbuild pass with code splitting, so what they share (React, i18next, the features
// under test) is bundled once rather than into each file, and what a feature loads with `import()`
// (a language, the sanitiser, firebase) is a chunk the page fetches only when a test needs it, as in
// the product. Each page still gets its own instances of every module. Served from memory: the test
// file's URL answers its entry, and the entry's relative imports reach the chunks beside it.
let shared;
// A module a page asks for by URL that is no entry of this run (the session probe a test frames):
// bundled on its own, whole.
const single = new Map();

const options = {
  bundle: true,
  format: 'esm',
  write: false,
  jsx: 'automatic',
  // Linked, not inline: a page does not load megabytes of map it rarely needs.
  sourcemap: 'linked',
  loader: { '.css': 'text' },
  // @sinonjs/fake-timers requires util only under Node (behind a `process` check).
  external: ['util'],
  // The mini-game script's texts, put in from the catalogues as its build does.
  define: { 'process.env.NODE_ENV': '"development"', __MINIGAME_STRINGS__: MINIGAME_STRINGS },
  alias: {
    'use-sync-external-store/shim/index.js': './build-shims/use-sync-external-store.ts',
    ...(lite ? preactCompat : {}),
  },
  logLevel: 'silent',
  // A mutation run (scripts/mutate.mjs): the mutant under test reaches the page's copy of the code.
  ...(activeMutant ? { banner: { js: `globalThis.__stryker__ = { activeMutant: ${JSON.stringify(activeMutant)} };` } } : {}),
};

/** Every output file of an esbuild result by its URL path (the outputs are laid out as the sources). */
function byUrl(result) {
  const files = new Map();
  const root = process.cwd();
  for (const out of result.outputFiles) files.set(out.path.slice(root.length), out.text);
  for (const [out, meta] of Object.entries(result.metafile.outputs))
    if (meta.entryPoint) files.set(`/${meta.entryPoint}`, files.get(`/${out}`));
  return files;
}

async function buildShared() {
  const root = process.cwd();
  const entryPoints = testFiles.map((f) => f.slice(root.length + 1));
  const result = await build({
    ...options,
    entryPoints,
    outdir: root,
    outbase: root,
    splitting: true,
    chunkNames: '__chunks/[name]-[hash]',
    metafile: true,
  });
  return byUrl(result);
}

async function buildSingle(path) {
  const result = await build({ ...options, entryPoints: [`.${path}`], outfile: `.${path}.js`, metafile: true });
  return byUrl(result);
}

const bundleTests = {
  name: 'bundle-tests',
  serverStart({ fileWatcher }) {
    // Watch mode: a changed file makes the next page's request bundle again.
    fileWatcher.on('change', () => {
      shared = undefined;
      single.clear();
    });
  },
  async serve(context) {
    const path = context.path;
    const isModule = /\.test\.tsx?$/.test(path);
    if (!isModule && !/\.(js|map)$/.test(path)) return undefined;
    // (web-test-runner names the test files to the browser before any page asks for one.)
    const files = testFiles.length ? await (shared ??= buildShared()) : new Map();
    let body = files.get(path);
    if (body === undefined && isModule) {
      if (!single.has(path)) single.set(path, buildSingle(path));
      body = (await single.get(path)).get(path);
    }
    if (body === undefined) for (const one of single.values()) body ??= (await one).get(path);
    if (body === undefined) return undefined;
    return { body, type: path.endsWith('.map') ? 'json' : 'js' };
  },
};

// The browser, told this run's test files before any page opens: they are the shared bundle's entries.
const chrome = chromeLauncher({
  launchOptions: {
    executablePath: testChromePath({ full: true }),
    headless: true,
    args: CHROME_ARGS,
  },
});
const initialize = chrome.initialize.bind(chrome);
chrome.initialize = (config, files) => {
  testFiles = files;
  return initialize(config, files);
};

export default {
  // The lite build changes only what renders: core tests run once, on the React build; so does the
  // mini-game script, which has no React to alias.
  files: [
    ...(lite ? [] : ['test/core/**/*.test.ts', 'test/core/**/*.test.tsx', 'test/mini-game/**/*.test.ts']),
    'test/features/**/*.test.tsx',
    'test/features/**/*.test.ts',
    'test/elements/**/*.test.tsx',
    'test/elements/**/*.test.ts',
    // The member centre is /m's only (React), never part of the lite element build.
    ...(lite ? ['!test/features/member-centre.test.tsx'] : []),
  ],
  nodeResolve: false,
  concurrency: 1,
  // A mutation run needs only the first red test of a file.
  testFramework: { config: { timeout: 10000, ...(activeMutant ? { bail: true } : {}) } },
  plugins: [bundleTests],
  browsers: [chrome],
};
