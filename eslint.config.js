// Lint rules of the house (docs/architecture.md): TypeScript's recommended rules, React hooks,
// accessibility in JSX, and the one-way layering as rules that fail `npm test`:
//   contract <- core <- ui <- features <- elements <- host; a feature uses another only through its
//   index.ts; server/ imports only the contract (src/contract); no browser code imports server/; core has no React or Preact.
// test/build/lint-rules.test.ts proves each rule on a breaching file of test/lint-fixtures/. Import
// cycles, type-only ones too, are test/build/import-cycles.test.ts's (import-x/no-cycle saw fewer, for
// a fifth of the lint's CPU).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** import-x/no-restricted-paths zones: `target` may not import from `from`. */
const layers = [
  {
    target: './src/core',
    from: ['./src/ui', './src/features', './elements', './host'],
    message: 'core is the ground floor: it imports no ui, feature, element or host code.',
  },
  {
    target: './src/ui',
    from: ['./src/features', './elements', './host'],
    message: 'ui holds shared primitives: no feature, element or host code.',
  },
  {
    target: './src/features',
    from: ['./elements', './host'],
    message: 'a feature never imports an element or the host: the element layer composes features.',
  },
  { target: './elements', from: ['./host'], message: 'elements work on any page: they never import the /m host.' },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...features.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: "a feature uses another only through that feature's public entry (its index.ts), never its inner files.",
  })),
  {
    // The contract (src/contract: rows, payload schemas, answer types, constants, the tracking wire,
    // the pixel host table, the language list) is shared by the browser and the server: it imports
    // nothing of either (valibot aside).
    target: './src/contract',
    from: ['./src/core', './src/ui', './src/features', './elements', './host', './server'],
    message: 'the contract is shared by browser and server: it imports neither.',
  },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'the server imports only the contract (src/contract), never the browser runtime.',
  },
  {
    // Browser code of every kind: the server's files would be bundled into a page (and its secrets with them).
    target: ['./src', './elements', './host', './sw', './mini-game', './redirect'],
    from: './server',
    message: 'browser code (src, elements, host, sw, mini-game, redirect) never imports the server.',
  },
  {
    target: './mini-game',
    from: './src',
    except: ['./core/i18n/languages.ts', './core/layers.json'],
    message:
      'the mini-game script runs on pages that are not ours: only the tiny language helpers and the layer table, no app code.',
  },
  {
    target: './redirect',
    from: './src',
    except: ['./core/i18n/languages.ts'],
    message: 'the redirect page is a standalone script: only the language helpers, no app code (and so no session).',
  },
];

/** Packages core never imports (subpaths too, see the patterns below). */
const coreBans = ['react', 'react-dom', 'preact', '@preact/signals-react', '@preact/signals', '@r2wc/react-to-web-component'];
const CORE_BAN = 'src/core is framework-free: no React or Preact (signals come from @preact/signals-core).';

export default tseslint.config(
  // test/lint-fixtures breach the rules on purpose: test/build/lint-rules.test.ts lints them as the files they pretend to be.
  {
    ignores: [
      'test/lint-fixtures/**',
      'dist/**',
      'node_modules/**',
      'data/**',
      'elements/jsx.d.ts',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Core is framework-free whatever the file's extension: no React, no Preact, no JSX runtime, no
    // React bindings of the signals. @preact/signals-core (the models' signals) is allowed.
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: coreBans.map((name) => ({ name, message: CORE_BAN })),
          patterns: [{ group: ['react/*', 'react-dom/*', 'preact/*', '@preact/signals-react/*'], message: CORE_BAN }],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    // The classic hook rules; the React Compiler's extra rules do not apply (no compiler here).
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/**', 'elements/**', 'host/**', 'build-shims/**', 'bench/**', 'mini-game/**', 'redirect/**'],
    languageOptions: { globals: globals.browser },
  },
  { files: ['sw/**'], languageOptions: { globals: globals.serviceworker } },
  // Scripts the server hands to browsers (the dev page, the captcha stand-in) and the merchant demo.
  {
    files: ['server/dev/dev.js', 'server/dev/vitals.js', 'server/signin/captcha-standin*.js', 'demo/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**', 'scripts/**', '*.config.*', 'test/server/**', 'test/e2e/**', 'test/contract/**', 'test/i18n/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['test/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.mocha } },
    // Tests poke at internals and fake what they must.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
