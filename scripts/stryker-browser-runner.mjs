// The mutation run's browser test runner (scripts/mutate.mjs, CONTRIBUTING.md "Mutation runs"): a
// Stryker test runner plugin, `wps-browser`, that keeps one Chromium and one small HTTP server for
// the whole run instead of starting web-test-runner for every mutant.
//
// - Each browser test file is bundled once per sandbox with esbuild, exactly as
//   web-test-runner.config.mjs bundles it (the instrumented sources of the sandbox are in it: every
//   mutant is in the bundle, switched on by `globalThis.__stryker__.activeMutant`).
// - A run opens a fresh page per test file (a clean module state, as web-test-runner gives), runs
//   mocha there and reports each test through an exposed function.
// - Dry run: every file once, with per-test coverage (the instrumented code counts, per
//   `__stryker__.currentTestId`, which mutants each test reached). Mutant run: only the tests that
//   reached the mutant (Stryker's testFilter), by exact full title, stopping at the first failure.
//   A mutant reached while the modules load (static) runs every file that bundles the mutated file.
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, testChromePath } from './test-chrome.mjs';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { DryRunStatus, MutantRunStatus, TestStatus } from '@stryker-mutator/api/test-runner';

const require = createRequire(import.meta.url);
const MOCHA_JS = require.resolve('mocha/mocha.js');
/** The per-test timeout of web-test-runner.config.mjs. */
const TEST_TIMEOUT_MS = 10_000;
const TYPES = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** A test's id: its file and full title (titles repeat across files). */
const testId = (file, title) => `${file} :: ${title}`;
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>mutation run</title></head><body>
<script src="/__wps/mocha.js"></script>
<script>
  const run = window.__WPS_RUN__;
  globalThis.__stryker__ = run.stryker;
  mocha.setup({ ui: 'bdd', timeout: ${TEST_TIMEOUT_MS}, bail: run.bail, reporter: function () {} });
  if (run.grep) mocha.grep(new RegExp(run.grep));
</script>
<script type="module">
  const run = window.__WPS_RUN__;
  const results = [];
  const id = (title) => run.prefix + title;
  try {
    await import('/__wps/bundle/' + run.file);
  } catch (error) {
    await window.__wpsDone({ error: 'the test file did not load: ' + (error && error.stack || error) });
  }
  const runner = mocha.run(() =>
    window.__wpsDone({ results, coverage: globalThis.__stryker__.mutantCoverage || null }),
  );
  runner.on('test', (t) => (globalThis.__stryker__.currentTestId = id(t.fullTitle())));
  runner.on('pass', (t) => results.push({ id: id(t.fullTitle()), name: t.fullTitle(), status: 'passed', ms: t.duration || 0 }));
  runner.on('pending', (t) => results.push({ id: id(t.fullTitle()), name: t.fullTitle(), status: 'skipped', ms: 0 }));
  runner.on('fail', (t, err) => {
    // A failing hook counts against the test it ran for (or the hook itself outside a test).
    const test = t.type === 'hook' ? t.ctx && t.ctx.currentTest : t;
    const title = test ? test.fullTitle() : t.fullTitle();
    results.push({ id: id(title), name: title, status: 'failed', ms: t.duration || 0, message: String(err && err.message || err) });
  });
</script></body></html>`;

export class BrowserTestRunner {
  static inject = [commonTokens.options, commonTokens.logger];

  constructor(options, log) {
    this.log = log;
    /** Test files, lightest first (scripts/mutate.mjs orders them). */
    this.files = options.wpsBrowser?.files ?? [];
    /** Per mutated source (relative path): the test files a mutant there may run (none given: all). */
    this.only = options.wpsBrowser?.only ?? {};
    this.root = process.cwd(); // the sandbox: the instrumented sources
    this.bundles = new Map();
    /** Per bundled test file: the sandbox files in it (esbuild's inputs). */
    this.inputs = new Map();
  }

  capabilities() {
    // Every run opens fresh pages: the environment is reloaded for static mutants as a matter of course.
    return { reloadEnvironment: true };
  }

  async init() {
    this.server = createServer((req, res) => this.serve(req, res));
    await new Promise((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.base = `http://127.0.0.1:${this.server.address().port}`;
    this.browser = await chromium.launch({
      executablePath: testChromePath({ full: true }),
      headless: true,
      args: CHROME_ARGS,
    });
  }

  async dispose() {
    await this.browser?.close();
    await new Promise((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }

  async serve(req, res) {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    try {
      if (path === '/__wps/run.html') return send(res, 200, 'text/html', PAGE);
      if (path === '/__wps/mocha.js') return send(res, 200, 'text/javascript', readFileSync(MOCHA_JS));
      if (path.startsWith('/__wps/bundle/'))
        return send(res, 200, 'text/javascript', await this.bundle(path.slice('/__wps/bundle/'.length)));
      // A module a test loads by URL (a probe frame's script): bundled like a test file, as web-test-runner does.
      if (/\.tsx?$/.test(path)) return send(res, 200, 'text/javascript', await this.bundle(path.slice(1)));
      // Anything else a test asks for by URL (a fixture script), from the sandbox.
      const file = resolve(this.root, `.${path}`);
      if (file.startsWith(this.root) && existsSync(file) && statSync(file).isFile())
        return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
      return send(res, 404, 'text/plain', 'not found');
    } catch (error) {
      return send(res, 500, 'text/plain', String(error?.stack ?? error));
    }
  }

  /** The test file bundled as web-test-runner.config.mjs bundles it (React build), once per sandbox. */
  bundle(file) {
    if (!this.bundles.has(file)) {
      this.bundles.set(
        file,
        build({
          entryPoints: [join(this.root, file)],
          absWorkingDir: this.root,
          bundle: true,
          format: 'esm',
          write: false,
          jsx: 'automatic',
          loader: { '.css': 'text' },
          external: ['util'],
          define: { 'process.env.NODE_ENV': '"development"' },
          alias: {
            'use-sync-external-store/shim/index.js': './build-shims/use-sync-external-store.ts',
            // web-test-runner's server commands (a key press) answered by this runner's page (runFile).
            '@web/test-runner-commands': './scripts/stryker-test-commands.mjs',
          },
          logLevel: 'silent',
          metafile: true,
          // A frame a test opens (the session probe) runs its own bundle: it shares its parent's Stryker
          // state, so it runs the parent's mutant and its coverage counts for the parent's current test.
          // (A copy of the active mutant alone ran the mutant, but the dry run never learnt that the
          // frame reached it: such mutants were planned with no test, "no coverage".)
          banner: {
            js: 'try{if(!globalThis.__stryker__&&parent!==window&&parent.__stryker__)globalThis.__stryker__=parent.__stryker__}catch(e){}',
          },
        }).then((r) => {
          this.inputs.set(file, new Set(Object.keys(r.metafile.inputs).map((i) => resolve(this.root, i))));
          return r.outputFiles[0].text;
        }),
      );
    }
    return this.bundles.get(file);
  }

  /** Runs `file` (only `titles` when given) in a fresh page; resolves with its results and coverage. */
  async runFile(file, { stryker, titles, bail, deadline }) {
    const context = await this.browser.newContext({ viewport: { width: 800, height: 600 } });
    try {
      const page = await context.newPage();
      const done = new Promise((ok) => page.exposeFunction('__wpsDone', ok));
      await page.exposeFunction('__wpsCommand', (name, payload) => command(page, name, payload));
      const grep = titles ? `^(?:${titles.map(escapeRegExp).join('|')})$` : undefined;
      await page.addInitScript((run) => (globalThis.__WPS_RUN__ = run), { file, stryker, grep, bail, prefix: `${file} :: ` });
      page.on('pageerror', (e) => this.log.debug(`${file}: ${e.message}`));
      await page.goto(`${this.base}/__wps/run.html`);
      const left = deadline - Date.now();
      let timer;
      const outcome = await Promise.race([
        done,
        new Promise((ok) => (timer = setTimeout(() => ok({ timeout: true }), Math.max(0, left)))),
      ]);
      clearTimeout(timer);
      return outcome;
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  async dryRun(options) {
    const tests = [];
    const coverage = { static: {}, perTest: {} };
    const deadline = Date.now() + Math.max(options.timeout, 30 * 60_000);
    for (const file of this.files) {
      const outcome = await this.runFile(file, { stryker: {}, bail: false, deadline });
      if (outcome.timeout) return { status: DryRunStatus.Timeout, reason: `${file} did not finish` };
      if (outcome.error) return { status: DryRunStatus.Error, errorMessage: `${file}: ${outcome.error}` };
      for (const r of outcome.results) tests.push(toTestResult(r));
      for (const [id, n] of Object.entries(outcome.coverage?.static ?? {})) coverage.static[id] = (coverage.static[id] ?? 0) + n;
      Object.assign(coverage.perTest, outcome.coverage?.perTest ?? {});
    }
    return { status: DryRunStatus.Complete, tests, mutantCoverage: options.coverageAnalysis === 'off' ? undefined : coverage };
  }

  async mutantRun(options) {
    const { activeMutant, testFilter, timeout, hitLimit, disableBail } = options;
    // Only the tests that reached the mutant, file by file; without a filter (a static mutant) every file.
    const byFile = new Map();
    if (testFilter) {
      for (const id of testFilter) {
        const at = id.indexOf(' :: ');
        const file = id.slice(0, at);
        if (!byFile.has(file)) byFile.set(file, []);
        byFile.get(file).push(id.slice(at + 4));
      }
    }
    // A static mutant (reached while the modules load): every file whose bundle holds the mutated file.
    const holds = (f) => this.inputs.get(f)?.has(resolve(options.sandboxFileName)) ?? true;
    const only = this.only[relative(this.root, resolve(options.sandboxFileName)).split('\\').join('/')];
    const allowed = (f) => !only || only.includes(f);
    const plan = testFilter
      ? this.files.filter((f) => byFile.has(f) && allowed(f)).map((f) => [f, byFile.get(f)])
      : this.files.filter((f) => holds(f) && allowed(f)).map((f) => [f, undefined]);
    const deadline = Date.now() + timeout;
    let ran = 0;
    for (const [file, titles] of plan) {
      const stryker = { activeMutant: activeMutant.id, ...(hitLimit === undefined ? {} : { hitLimit, hitCount: 0 }) };
      const outcome = await this.runFile(file, { stryker, titles, bail: !disableBail, deadline });
      if (outcome.timeout) return { status: MutantRunStatus.Timeout, reason: `${file} did not finish in time` };
      // A module that throws while loading under the mutant: killed by the file's first test.
      if (outcome.error)
        return {
          status: MutantRunStatus.Killed,
          killedBy: [testId(file, '(load)')],
          failureMessage: outcome.error,
          nrOfTests: ran + 1,
        };
      ran += outcome.results.length;
      const failed = outcome.results.filter((r) => r.status === 'failed');
      if (failed.some((r) => /Stryker: Hit count limit reached/.test(r.message)))
        return { status: MutantRunStatus.Timeout, reason: 'hit limit reached (an endless loop)' };
      if (failed.length)
        return {
          status: MutantRunStatus.Killed,
          killedBy: failed.map((r) => r.id),
          failureMessage: failed[0].message,
          nrOfTests: ran,
        };
    }
    return { status: MutantRunStatus.Survived, nrOfTests: ran };
  }
}

/** A web-test-runner server command (scripts/stryker-test-commands.mjs), as its Playwright launcher does it. */
async function command(page, name, payload) {
  if (name !== 'send-keys') throw new Error(`${name}: not a command the mutation run's runner knows`);
  if (payload.press) return page.keyboard.press(payload.press);
  if (payload.type) return page.keyboard.type(payload.type);
  if (payload.down) return page.keyboard.down(payload.down);
  if (payload.up) return page.keyboard.up(payload.up);
  throw new Error(`send-keys: nothing to send in ${JSON.stringify(payload)}`);
}

function toTestResult(r) {
  const base = { id: r.id, name: r.name, timeSpentMs: r.ms };
  if (r.status === 'failed') return { ...base, status: TestStatus.Failed, failureMessage: r.message };
  if (r.status === 'skipped') return { ...base, status: TestStatus.Skipped };
  return { ...base, status: TestStatus.Success };
}

function send(res, status, type, body) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

export const browserRunnerPlugin = declareClassPlugin(PluginKind.TestRunner, 'wps-browser', BrowserTestRunner);
