// Browser tests (test/core, test/features, test/elements, test/mini-game) in Debian's Chromium.
// Each test file is bundled whole by esbuild: serving React 19's CommonJS file by file loses the
// named exports of react-dom/client (docs/architecture.md, Browser tests).
import { build } from 'esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { catalogueStrings, MINIGAME_KEYS } from './scripts/catalogue-strings.mjs';
import { testChromePath } from './scripts/test-chrome.mjs';

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

// The source map of each bundle, served when a failure's stack trace is mapped: linked rather than
// inline, so a page does not load about 6 MB of map with every test file.
const maps = new Map();

const bundleTests = {
  name: 'bundle-tests',
  async serve(context) {
    if (maps.has(context.path)) return { body: maps.get(context.path), type: 'json' };
    if (!/\.test\.tsx?$/.test(context.path)) return undefined;
    const result = await build({
      entryPoints: [`.${context.path}`],
      outfile: `.${context.path}.js`,
      bundle: true,
      format: 'esm',
      write: false,
      jsx: 'automatic',
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
    });
    const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
    const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
    maps.set(`${context.path}.js.map`, map.text);
    return { body: js.text, type: 'js' };
  },
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
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: testChromePath({ full: true }),
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-dev-shm-usage',
        ],
      },
    }),
  ],
};
