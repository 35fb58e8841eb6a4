// `npm run lighthouse [-- --runs N] [--json FILE] [--build] [--reports DIR]`: Lighthouse mobile (simulated throttling,
// performance only) on a trivial React 19 page (bench/trivial), /m/home and /m/login, alternating in
// each round; prints the medians and fails when /m is too slow next to the trivial page. A ratio,
// because absolute figures on a shared 2-core machine swing with the load (docs/performance.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import lighthouse from 'lighthouse';

// The load-time budgets of docs/performance.md (medians, page / trivial page; CLS absolute).
const HOME_LCP_RATIO = 1.2;
const LOGIN_LCP_RATIO = 1.2;
const TBT_RATIO = 2;
/** Cumulative layout shift of a page, at most ("good" is 0.1; the prerendered shells keep every place). */
const CLS_MAX = 0.05;
/** A trivial page often has 0 ms TBT; the TBT budget is against max(its TBT, this). */
const TBT_FLOOR_MS = 50;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let lighthouseVersion; // as reported by the runs

const USAGE = 'usage: npm run lighthouse [-- --runs N] [--json FILE] [--build] [--reports DIR]';
let args;
try {
  args = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      json: { type: 'string' },
      build: { type: 'boolean', default: false },
      reports: { type: 'string' },
    },
  }).values;
} catch (err) {
  console.error(`${err.message}\n${USAGE}`);
  process.exit(2);
}
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs needs a whole number of at least 1, got ${args.runs}\n${USAGE}`);
  process.exit(2);
}

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`no Chrome at ${chromePath}: install chromium or set CHROME_PATH`);
  process.exit(1);
}

if (args.build) {
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
} else if (!existsSync('dist/m/index.html')) {
  console.error('dist is missing: run npm run build first (or pass --build)');
  process.exit(1);
}

// Everything started here is stopped here, in reverse order: at the end, on an error and on a signal.
const cleanups = [];
let cleaning;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((err) => console.error('cleanup:', err.message));
  })());
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => void cleanUp().then(() => process.exit(code)));
}
// chrome-launcher can throw from an event handler (e.g. Chrome crashing): still stop the server.
process.once('uncaughtException', (err) => {
  console.error('lighthouse:', err.message);
  void cleanUp().then(() => process.exit(1));
});

try {
  const server = await startReferenceServer();
  const trivial = await serveTrivialPage();
  const pages = [
    { name: 'trivial', url: trivial },
    { name: '/m/home', url: `${server}/m/home`, lcpBudget: HOME_LCP_RATIO },
    { name: '/m/login', url: `${server}/m/login`, lcpBudget: LOGIN_LCP_RATIO },
  ];
  const launcher = await chromeLauncher();
  const samples = new Map(pages.map((p) => [p.name, []]));
  for (let round = 1; round <= runs; round++) {
    for (const page of pages) {
      const m = await measure(launcher, page.url);
      samples.get(page.name).push(m);
      console.log(
        `round ${round}/${runs} ${page.name.padEnd(9)} LCP ${ms(m.lcp)}  TBT ${ms(m.tbt)}  FCP ${ms(m.fcp)}  CLS ${m.cls.toFixed(3)}  score ${m.score}  JS ${kb(m.jsBytes)}`,
      );
    }
  }
  process.exitCode = report(pages, samples) ? 0 : 1;
} catch (err) {
  // After a signal the error is only the run being cut short.
  if (!cleaning) console.error('lighthouse:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

/** `npm start`'s server with its default configuration (less the Auth emulator), on a free port and a fresh DATA_DIR; its origin. */
async function startReferenceServer() {
  const dataDir = await mkdtemp(join(tmpdir(), 'wps-lighthouse-data-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // No Auth emulator: it would compete for the CPU during the runs, and the demo merchant's
    // configured default (merchants.json) has the identity provider off.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_EMULATOR: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });

  // PORT=0 lets the system pick the port; main.ts prints the URL once it listens.
  let output = '';
  const origin = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+?)\/m\/home/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened:\n${output}`));
    });
  });
  for (let i = 0; ; i++) {
    const ok = await fetch(`${origin}/m/home`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i === 50) throw new Error(`${origin}/m/home does not answer`);
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`reference server on ${origin} (DATA_DIR ${dataDir})`);
  return origin;
}

/**
 * Bundles bench/trivial like the host page is bundled (esbuild, minified, production React, ESM,
 * es2020) and serves it on a loopback port: gzip above 1 KiB as hono/compress does on the server
 * (default level, compressed once here), and the server's caching (server/infra/static.ts cacheControl):
 * HTML `no-cache` like the /m shell, the content-hashed script for a year. Returns the page's URL.
 */
async function serveTrivialPage() {
  const built = await esbuild.build({
    entryPoints: ['bench/trivial/main.tsx'],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: '[name]-[hash]',
    outdir: 'trivial',
    write: false,
    logLevel: 'warning',
  });
  const script = built.outputFiles.find((f) => f.path.endsWith('.js'));
  const html = readFileSync('bench/trivial/index.html', 'utf8').replace('%ENTRY%', basename(script.path));
  const file = (body, type, cache) => ({ body, type, cache, gzip: body.length >= 1024 ? gzipSync(body) : undefined });
  const files = new Map([
    ['/', file(Buffer.from(html), 'text/html; charset=utf-8', 'no-cache')],
    [
      `/${basename(script.path)}`,
      file(Buffer.from(script.contents), 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'),
    ],
  ]);

  const http = createServer((req, res) => {
    const f = files.get(new URL(req.url, 'http://localhost').pathname);
    if (!f || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const gzip = f.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gzip ? f.gzip : f.body;
    res.writeHead(200, {
      'Content-Type': f.type,
      'Cache-Control': f.cache,
      'Content-Length': body.length,
      Vary: 'Accept-Encoding',
      ...(gzip && { 'Content-Encoding': 'gzip' }),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve, reject) => http.once('error', reject).listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  );
  const url = `http://127.0.0.1:${http.address().port}/`;
  console.log(`trivial page on ${url} (${kb(files.get(`/${basename(script.path)}`).gzip.length)} gzip JS)`);
  return url;
}

/** chrome-launcher is lighthouse's own dependency (not ours): load the copy lighthouse uses. */
async function chromeLauncher() {
  const path = createRequire(import.meta.resolve('lighthouse')).resolve('chrome-launcher');
  return import(pathToFileURL(path).href);
}

/** One Lighthouse run in a fresh Chrome: mobile form factor, default simulated throttling. */
async function measure(launcher, url) {
  const chrome = await launcher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false, // its handler exits at once, which would leave the server running
  });
  const stop = async () => chrome.kill();
  cleanups.push(stop);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      disableFullPageScreenshot: true,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no result for ${url}`);
    // --reports DIR: each run's whole report, to see what the main thread did (long tasks, bootup time).
    if (args.reports) {
      mkdirSync(args.reports, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root';
      writeFileSync(join(args.reports, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    lighthouseVersion = lhr.lighthouseVersion;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const value = (id) => {
      const audit = lhr.audits[id];
      if (typeof audit?.numericValue !== 'number') throw new Error(`${url}: no ${id} (${audit?.errorMessage ?? 'missing'})`);
      return audit.numericValue;
    };
    // Scripts the page loaded itself, not a worker's (the service worker precaches after load).
    const jsBytes = lhr.audits['network-requests'].details.items
      .filter((r) => r.resourceType === 'Script' && r.sessionTargetType === 'page')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    return {
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      fcp: value('first-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      score: Math.round(lhr.categories.performance.score * 100),
      jsBytes,
    };
  } finally {
    const i = cleanups.indexOf(stop);
    if (i >= 0) cleanups.splice(i, 1); // gone when a signal's cleanup took it
    await stop();
  }
}

/** Prints the medians, ratios and verdicts (and writes --json); true when every budget holds. */
function report(pages, samples) {
  const medians = new Map(
    pages.map((p) => {
      const of = (key) => median(samples.get(p.name).map((r) => r[key]));
      return [
        p.name,
        { lcp: of('lcp'), tbt: of('tbt'), fcp: of('fcp'), cls: of('cls'), score: of('score'), jsBytes: of('jsBytes') },
      ];
    }),
  );
  const base = medians.get('trivial');
  const tbtBase = Math.max(base.tbt, TBT_FLOOR_MS);
  const rows = pages.map((p) => {
    const m = medians.get(p.name);
    return p.lcpBudget ? { ...m, lcpRatio: m.lcp / base.lcp, tbtRatio: m.tbt / tbtBase } : m;
  });

  console.log(`\nLighthouse ${lighthouseVersion} mobile (simulated throttling), median of ${runs}`);
  const table = [
    ['page', 'LCP', 'TBT', 'FCP', 'CLS', 'score', 'LCP ratio', 'TBT ratio', 'JS transferred'],
    ...pages.map((p, i) => {
      const r = rows[i];
      const ratio = (x, budget) => (x === undefined ? '-' : `${x.toFixed(2)} (max ${budget})`);
      return [
        p.name,
        ms(r.lcp),
        ms(r.tbt),
        ms(r.fcp),
        r.cls.toFixed(3),
        String(r.score),
        ratio(r.lcpRatio, p.lcpBudget),
        ratio(r.tbtRatio, TBT_RATIO),
        kb(r.jsBytes),
      ];
    }),
  ];
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  for (const row of table)
    console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  console.log(`TBT ratio: against max(trivial TBT, ${TBT_FLOOR_MS} ms) = ${ms(tbtBase)}, as a trivial page's TBT is often 0.`);

  const failures = [];
  pages.forEach((p, i) => {
    const r = rows[i];
    if (!p.lcpBudget) return;
    if (r.lcpRatio > p.lcpBudget)
      failures.push(`${p.name} LCP is ${r.lcpRatio.toFixed(2)}x the trivial page's (budget ${p.lcpBudget}x)`);
    if (r.tbtRatio > TBT_RATIO)
      failures.push(`${p.name} TBT is ${r.tbtRatio.toFixed(2)}x max(trivial TBT, ${TBT_FLOOR_MS} ms) (budget ${TBT_RATIO}x)`);
    if (r.cls > CLS_MAX) failures.push(`${p.name} CLS is ${r.cls.toFixed(3)} (budget ${CLS_MAX})`);
  });
  for (const f of failures) console.error(`FAIL: ${f}`);
  if (failures.length === 0) console.log('OK: every page is within its budget');

  if (args.json) {
    const out = {
      runs,
      budgets: {
        homeLcpRatio: HOME_LCP_RATIO,
        loginLcpRatio: LOGIN_LCP_RATIO,
        tbtRatio: TBT_RATIO,
        tbtFloorMs: TBT_FLOOR_MS,
        clsMax: CLS_MAX,
      },
      pages: Object.fromEntries(pages.map((p, i) => [p.name, { url: p.url, ...rows[i], samples: samples.get(p.name) }])),
      passed: failures.length === 0,
    };
    writeFileSync(args.json, JSON.stringify(out, null, 2) + '\n');
    console.log(`medians written to ${args.json}`);
  }
  return failures.length === 0;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function ms(value) {
  return `${Math.round(value)} ms`;
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
