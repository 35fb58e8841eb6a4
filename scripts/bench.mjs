// npm run bench: the reference server's speed and footprint next to a bare Hono "hello" measured in
// the same run on the same machine (docs/server.md, "Speed and footprint"). Loopback only, bounded.
//
// - cold start: spawn `server/main.ts` on a fresh DATA_DIR until GET /wps/system/status answers 200;
// - resident memory (VmRSS) of that server after it sat idle for 3 s;
// - autocannon, 50 connections, 10 s each: the bare hello, GET /wps/system/status, GET /m/home, the
//   hello again (its two runs averaged).
// Prints each figure with its goal and the ratio to the hello; exits 1 when a goal is missed.
//
// Usage: npm run bench [-- --duration 10 --connections 50]   (needs a build: npm run build)
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 50);

// The goals of the hardening issue, as budgets.
const GOALS = {
  statusRatio: 0.5, // status req/s at least half the bare hello's
  statusP99Ms: 30,
  homeRatio: 0.5,
  rssMiB: 400,
  coldStartMs: 3000,
};

const HELLO = `
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
app.get('/', (c) => c.text('hello'));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log('listening on http://127.0.0.1:' + info.port + '/'));
`;

const children = [];
async function stopAll() {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => (clearTimeout(timer), resolve()));
    });
  }
}

/** Spawns a node process and resolves with its origin once it prints "listening on http://...". */
function start(args, env = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 120 s:\n${output}`)), 120_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/[\d.:]+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, origin: url });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before listening:\n${output}`)));
  });
}

async function until200(url, headers) {
  for (;;) {
    const ok = await fetch(url, { headers }).then(
      (r) => (void r.arrayBuffer(), r.status === 200),
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function rssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, result) =>
      err
        ? reject(err)
        : resolve({ rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors }),
    );
  });
}

const dataDir = await mkdtemp(join(tmpdir(), 'wps-bench-'));
let failed = false;
try {
  // Cold start: from spawn to the first status answer, on a fresh data folder.
  const t0 = performance.now();
  const server = await start(['--import', 'tsx', 'server/main.ts'], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(dataDir, 'data'),
    AUTH_EMULATOR: '0',
  });
  const merchant = { Merchant: 'demo' };
  await until200(`${server.origin}/wps/system/status`, merchant);
  const coldStartMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 3000));
  const rss = await rssMiB(server.child.pid);

  // The hello before and after the two pages, averaged: this machine's speed drifts within a run.
  const hello = await start(['--input-type=module', '-e', HELLO]);
  const before = await load(hello.origin);
  const status = await load(`${server.origin}/wps/system/status`, merchant);
  const home = await load(`${server.origin}/m/home`);
  const afterwards = await load(hello.origin);
  const bare = { rps: (before.rps + afterwards.rps) / 2, p99: Math.max(before.p99, afterwards.p99) };

  const rows = [
    ['bare Hono hello', `${Math.round(bare.rps)} req/s, p99 ${bare.p99} ms`, '', true],
    [
      'GET /wps/system/status',
      `${Math.round(status.rps)} req/s (${(status.rps / bare.rps).toFixed(2)} of hello), p99 ${status.p99} ms`,
      `>= ${GOALS.statusRatio} of hello, p99 < ${GOALS.statusP99Ms} ms`,
      status.rps / bare.rps >= GOALS.statusRatio && status.p99 < GOALS.statusP99Ms && status.non2xx === 0,
    ],
    [
      'GET /m/home',
      `${Math.round(home.rps)} req/s (${(home.rps / bare.rps).toFixed(2)} of hello), p99 ${home.p99} ms`,
      `>= ${GOALS.homeRatio} of hello`,
      home.rps / bare.rps >= GOALS.homeRatio && home.non2xx === 0,
    ],
    ['resident memory, idle', `${Math.round(rss)} MiB`, `<= ${GOALS.rssMiB} MiB`, rss <= GOALS.rssMiB],
    [
      'cold start, fresh DATA_DIR',
      `${Math.round(coldStartMs)} ms`,
      `<= ${GOALS.coldStartMs} ms`,
      coldStartMs <= GOALS.coldStartMs,
    ],
  ];
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, loopback\n`);
  for (const [what, figure, goal, ok] of rows) {
    console.log(`${goal ? (ok ? 'ok  ' : 'MISS') : '    '} ${what.padEnd(28)} ${figure.padEnd(48)} ${goal}`);
    if (!ok) failed = true;
  }
} finally {
  await stopAll();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
