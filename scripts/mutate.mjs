// npm run mutate -- <source files or folders>: a mutation run (Stryker, CONTRIBUTING.md "Mutation runs").
//
// Each given source file is mutated on its own, and each of its mutants is run against only the test
// files that import it (found by bundling every test file with esbuild and reading its inputs):
// browser tests through web-test-runner (the active mutant reaches the page through the test bundle,
// web-test-runner.config.mjs), node tests through node:test. Test files run one at a time, the
// fastest first, and the run stops at the first red file: most mutants die in the first one.
// End-to-end tests are not used (they need a build per mutant).
//
// Prints per file and in total: mutants, killed, survived, timed out, errors, score; then every
// survivor (file:line, mutator, the code it became). Exit code 0 even with survivors: it is a report.
//
// Options: --concurrency N (default 2), --json FILE (every result as JSON), --deep (after the direct
// tests, also every test file that reaches the source through other modules: slower, fewer
// survivors that only a far test would have caught).
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { Stryker } from '@stryker-mutator/core';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const concurrency = Number(option('concurrency', 2));
const jsonOut = option('json', undefined);
const deepAt = args.indexOf('--deep');
const deep = deepAt >= 0;
if (deep) args.splice(deepAt, 1);
const commandAt = args.indexOf('--command');
const useCommand = commandAt >= 0;
if (useCommand) args.splice(commandAt, 1);
if (args.length === 0) {
  console.error('usage: npm run mutate -- <source files or folders> [--concurrency N] [--json FILE]');
  process.exit(2);
}

const root = process.cwd();
const rel = (p) => relative(root, resolve(p)).split('\\').join('/');
const isSource = (p) => /\.(ts|tsx|mjs|js)$/.test(p) && !/\.d\.ts$/.test(p) && !/\.test\./.test(p);

function expand(path) {
  if (!existsSync(path)) throw new Error(`no such file or folder: ${path}`);
  if (!statSync(path).isDirectory()) return isSource(path) ? [rel(path)] : [];
  return readdirSync(path, { withFileTypes: true }).flatMap((e) => expand(join(path, e.name)));
}
const sources = [...new Set(args.flatMap(expand))].sort();
if (sources.length === 0) {
  console.error('nothing to mutate: give .ts, .tsx or .mjs source files, or folders holding them');
  process.exit(2);
}

// ---- Which test files import which source files -------------------------------------------------

const testFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => /\.test\.tsx?$/.test(f))
        .map((f) => rel(join(dir, f)))
    : [];
const browserTests = ['test/core', 'test/features', 'test/elements'].flatMap(testFiles);
const nodeTests = ['test/server', 'test/i18n', 'test/contract'].flatMap(testFiles);

/** The project files a test file pulls in (esbuild's view, the aliases of web-test-runner.config.mjs). */
async function inputsOf(file, platform) {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    platform,
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'silent',
    loader: { '.css': 'text', '.html': 'text' },
    ...(platform === 'node'
      ? { packages: 'external' }
      : { external: ['util'], alias: { 'use-sync-external-store/shim/index.js': './build-shims/use-sync-external-store.ts' } }),
  });
  const inputs = result.metafile.inputs;
  const entry = Object.keys(inputs).find((k) => rel(k) === file);
  return {
    all: new Set(Object.keys(inputs).map(rel)),
    direct: new Set((entry ? inputs[entry].imports : []).map((i) => rel(i.path))),
  };
}

console.log(`finding the tests of ${sources.length} file(s)…`);
const coverage = [];
for (const [files, platform, kind] of [
  [browserTests, 'browser', 'browser'],
  [nodeTests, 'node', 'node'],
]) {
  for (const file of files) {
    try {
      const { all, direct } = await inputsOf(file, platform);
      coverage.push({ file, kind, inputs: all, direct });
    } catch (err) {
      console.warn(`  (skipped ${file}: ${err.message.split('\n')[0]})`);
    }
  }
}

/** A test file's weight: how many project files it bundles (small ones are quick). */
const sizeOf = (t) => t.inputs.size;

/**
 * The command for one source file's mutants: the test files that import it directly, one at a time
 * and lightest first, stopping at the first red one (most mutants die there). With --deep, or when no
 * test imports the file directly, every other test file that reaches it follows, in one
 * web-test-runner run (one browser start) and one node:test run.
 */
function commandFor(source, tests) {
  const byWeight = [...tests].sort((a, b) => sizeOf(a) - sizeOf(b));
  const direct = byWeight.filter((t) => t.direct.has(source));
  const rest = deep || direct.length === 0 ? byWeight.filter((t) => !t.direct.has(source)) : [];
  return [...direct.map((t) => run(t.kind, [t.file])), ...together(rest)].join(' && ');
}

const run = (kind, files) =>
  kind === 'browser'
    ? `npx web-test-runner ${files.join(' ')} --static-logging`
    : `node --import tsx --test --test-concurrency=1 ${files.join(' ')}`;

/** One web-test-runner run and one node:test run for these test files. */
function together(tests) {
  return ['browser', 'node']
    .map((kind) => tests.filter((t) => t.kind === kind).map((t) => t.file))
    .flatMap((files, i) => (files.length ? [run(i === 0 ? 'browser' : 'node', files)] : []));
}

// ---- One Stryker run for every file; each mutant runs its own file's tests -----------------------

const plan = { everything: '', bySource: {} };
const testsOf = {};
for (const source of sources) {
  const tests = coverage.filter((t) => t.inputs.has(source));
  testsOf[source] = tests;
  if (tests.length === 0) console.log(`${source}: no test imports it; not mutated`);
  else {
    const direct = tests.filter((t) => t.direct.has(source)).length;
    console.log(
      `${source}: ${direct || tests.length} of its ${tests.length} test file(s) (${direct ? 'those importing it directly' : 'none imports it directly'})`,
    );
    plan.bySource[source] = commandFor(source, tests);
  }
}
plan.everything = together([...new Set(Object.values(testsOf).flat())]).join(' && ');
const started = Date.now();
let all = [];
if (Object.keys(plan.bySource).length) {
  mkdirSync('.stryker-tmp', { recursive: true });
  const planFile = resolve('.stryker-tmp', 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan, null, 2));
  // Browser tests only (the usual case for src/ and elements/): one Chromium per worker for the whole
  // run, and each mutant runs only the tests that reached it (scripts/stryker-browser-runner.mjs).
  // Otherwise, or with --command, a command per mutant (scripts/mutate-run.mjs).
  const involved = [...new Set(Object.keys(plan.bySource).flatMap((s) => testsOf[s]))];
  const browserOnly = !useCommand && involved.every((t) => t.kind === 'browser');
  const runner = browserOnly
    ? {
        testRunner: 'wps-browser',
        wpsBrowser: {
          files: [...involved].sort((a, b) => sizeOf(a) - sizeOf(b)).map((t) => t.file),
          // Without --deep, a mutant runs the reaching tests of the files that import its file directly
          // (all of them for a file no test imports directly), as the command runner does.
          only: deep
            ? {}
            : Object.fromEntries(
                Object.keys(plan.bySource).flatMap((source) => {
                  const direct = testsOf[source].filter((t) => t.direct.has(source)).map((t) => t.file);
                  return direct.length ? [[source, direct]] : [];
                }),
              ),
        },
        coverageAnalysis: 'perTest',
      }
    : {
        testRunner: 'command',
        commandRunner: { command: `node ${resolve('scripts/mutate-run.mjs')} ${planFile}` },
        coverageAnalysis: 'off',
      };
  console.log(
    browserOnly
      ? `runner: one browser per worker, ${involved.length} test file(s), each mutant only the tests that reach it`
      : 'runner: a command per mutant (node tests involved, or --command)',
  );
  const stryker = new Stryker({
    mutate: Object.keys(plan.bySource),
    plugins: ['@stryker-mutator/*', resolve('scripts/stryker-plugins.mjs')],
    ignorers: ['markup'],
    ...runner,
    concurrency,
    timeoutMS: 20_000,
    timeoutFactor: 1.5,
    disableTypeChecks: false, // esbuild ignores types; the preprocessor's parser trips on some of our syntax
    reporters: ['progress'],
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    ignorePatterns: ['dist', 'reports', 'docs', '.stryker-tmp', 'node_modules/.cache', 'bench', 'demo'],
    logLevel: 'warn',
    fileLogLevel: 'off',
  });
  all = (await stryker.runMutationTest()).map((r) => ({ ...r, source: rel(r.fileName) }));
}
const rows = sources.map((source) => ({
  source,
  tests: testsOf[source].length,
  results: all.filter((r) => r.source === source),
}));

// ---- Report ---------------------------------------------------------------------------------------

const count = (results, ...statuses) => results.filter((r) => statuses.includes(r.status)).length;
function line(name, results) {
  const killed = count(results, 'Killed', 'Timeout');
  const survived = count(results, 'Survived', 'NoCoverage');
  const valid = killed + survived;
  const score = valid ? ((100 * killed) / valid).toFixed(1) : '-';
  return `${name.padEnd(52)} ${String(results.length).padStart(7)} ${String(count(results, 'Killed')).padStart(6)} ${String(
    survived,
  ).padStart(8)} ${String(count(results, 'Timeout')).padStart(7)} ${String(
    count(results, 'RuntimeError', 'CompileError'),
  ).padStart(6)} ${score.padStart(6)}`;
}
console.log(`\n${'file'.padEnd(52)} mutants killed survived timeout errors  score`);
for (const row of rows) console.log(line(row.source + (row.tests ? '' : ' (no test)'), row.results));
console.log(line('total', all));
console.log(`(${Math.round((Date.now() - started) / 60_000)} min; the score counts timeouts as killed, errors not at all)`);

const survivors = all.filter((r) => r.status === 'Survived' || r.status === 'NoCoverage');
if (survivors.length) {
  console.log('\nsurvivors:');
  for (const r of survivors) {
    const replacement = (r.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100);
    // The results' lines count from 1 (the report schema's), unlike the instrumenter's positions.
    console.log(`  ${r.source}:${r.location.start.line} ${r.mutatorName}: ${replacement}`);
  }
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(all, null, 2));
