// npm test: every stage of the suite as one pool of jobs that keeps both cores of the 2-core machine
// busy, then the timing-sensitive stages alone (CONTRIBUTING.md, "Where the suite's time goes").
//
// Jobs: type-check, lint, build, the browser tests (React, then lite), and every node:test file of
// `test:server:together` and `test:e2e:together` (the files those package.json scripts name) as a job
// of its own. A job starts when what it needs has ended and the pool has room (CAPACITY jobs at once:
// an e2e file or a browser run spends much of its time waiting on a page, so two cores take more
// than two of them); the longest known jobs first, so no long file starts last; `size` once the build
// is there. Then, with nothing beside them: `test:server:alone`, `test:e2e:alone`.
//
// A passing job prints one line; a failing one prints its whole output. A failure lets the pool
// finish (every other result is still worth having), then the alone stages are skipped and the exit
// code is 1. At the end: each stage's span and result, and how busy the machine was.
//
// `node scripts/test.mjs --only <stage> [...]`: the named package.json stages, one after another.
// `--verbose`: every job's output, passing or not. `--list`: the jobs in the order they are started.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const CAPACITY = Number(process.env.WPS_TEST_JOBS ?? 4);
const verbose = process.argv.includes('--verbose');
const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;

/** The test files a package.json script names (its `dir/*.test.ts` globs). */
function filesOf(script) {
  return scripts[script]
    .split(/\s+/)
    .filter((t) => /^[\w/-]+\/\*\.test\.ts$/.test(t))
    .flatMap((glob) => {
      const dir = glob.slice(0, glob.lastIndexOf('/'));
      return readdirSync(dir)
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `${dir}/${f}`);
    })
    .sort();
}

/** The slow files first, longest first; then server and e2e files alternately (a CPU-bound file beside a waiting one). */
function slowFirst(server, e2e) {
  const rank = (job) => SLOW_FIRST.indexOf(job.name);
  const slow = [...server, ...e2e].filter((j) => rank(j) >= 0).sort((a, b) => rank(b) - rank(a));
  const [s, e] = [server, e2e].map((list) => list.filter((j) => rank(j) < 0));
  return [
    ...slow,
    ...Array.from({ length: Math.max(s.length, e.length) }, (_, i) => [s[i], e[i]])
      .flat()
      .filter(Boolean),
  ];
}

// The files that take longest (CPU seconds or wall time, measured 2026-11-28), the longest last here:
// started first, they end before the pool's tail. A stale list costs only some packing.
const SLOW_FIRST = [
  'test/e2e/push.test.ts',
  'test/server/signin.test.ts',
  'test/server/identity.test.ts',
  'test/e2e/identity.test.ts',
  'test/e2e/auth.test.ts',
  'test/e2e/demo.test.ts',
  'test/e2e/attention-budget.test.ts',
  'test/e2e/install.test.ts',
  'test/server/hardening.test.ts',
  'test/e2e/calm-screen.test.ts',
];

const npm = (stage) => ({ name: stage, stage, cmd: 'npm', args: ['run', '-s', stage] });
// A node:test file run directly (no `--test` runner process in between): its parent is this script,
// which is what the e2e harness keys its shared seeded data folder on (test/e2e/harness.ts).
// `--liftoff-only`: V8 compiles PGlite's WebAssembly with its baseline compiler only. A test file lives
// seconds, and optimising Postgres's hot functions costs more than it wins back in that time: the 50
// server-stage files took 188 CPU-s instead of 242, one at a time (CONTRIBUTING.md). The stages that
// measure time keep V8's defaults, as production runs.
const file = (stage, path) => ({
  name: path,
  stage,
  cmd: process.execPath,
  args: ['--liftoff-only', '--import', 'tsx', path],
  after: ['build'],
});

const POOL = [
  npm('typecheck'),
  npm('lint'),
  npm('build'),
  npm('test:browser:react'),
  { ...npm('test:browser:lite'), after: ['test:browser:react'] },
  // Bytes, not time: the budgets hold whatever runs beside them.
  { ...npm('size'), after: ['build'] },
  ...slowFirst(
    filesOf('test:server:together').map((f) => file('test:server:together', f)),
    filesOf('test:e2e:together').map((f) => file('test:e2e:together', f)),
  ),
];
const ALONE = ['test:server:alone', 'test:e2e:alone'].map(npm);

if (process.argv.includes('--list')) {
  for (const job of [...POOL, ...ALONE]) console.log(`${job.name}${job.after ? `  (after ${job.after.join(', ')})` : ''}`);
  process.exit(0);
}

const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(0);
const results = [];

function run(job) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(job.cmd, job.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const text = Buffer.concat(out).toString();
      const tests = text.match(/^(?:# |ℹ )tests (\d+)/m)?.[1];
      const line = `${ok ? '✔' : '✖'} ${job.name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(Date.now() - t0)} s${tests ? `, ${tests} tests` : ''}`;
      // A package.json stage prints its output whole; a test file of the pool only when it failed.
      const whole = !ok || verbose || job.stage === job.name;
      process.stdout.write(whole ? `\n──── ${line} ────\n${text}` : `${line}\n`);
      results.push({ ...job, start: t0, end: Date.now(), ok });
      resolve(ok);
    });
  });
}

/** Runs the pool: each job once what it needs has ended, at most CAPACITY at a time. */
async function pool(jobs) {
  const done = new Set();
  const waiting = [...jobs];
  let running = 0;
  let allOk = true;
  await new Promise((finished) => {
    const next = () => {
      while (running < CAPACITY) {
        const i = waiting.findIndex((j) => (j.after ?? []).every((a) => done.has(a)));
        if (i < 0) break;
        const [job] = waiting.splice(i, 1);
        running++;
        run(job).then((ok) => {
          running--;
          allOk &&= ok;
          done.add(job.name);
          if (waiting.length === 0 && running === 0) finished();
          else next();
        });
      }
      // A job whose dependency failed still runs: a red build is reported, then its tests fail too.
    };
    next();
  });
  return allOk;
}

function busy() {
  const t = cpus().map((c) => c.times);
  const sum = (k) => t.reduce((s, c) => s + c[k], 0);
  return { work: sum('user') + sum('nice') + sum('sys') + sum('irq'), idle: sum('idle') };
}

const before = busy();
let ok;
const only = process.argv.indexOf('--only');
if (only >= 0) {
  ok = true;
  for (const stage of process.argv.slice(only + 1).filter((a) => !a.startsWith('--'))) ok = (await run(npm(stage))) && ok;
} else {
  ok = await pool(POOL);
  const poolEnd = Date.now();
  const after = busy();
  const share = (after.work - before.work) / (after.work - before.work + after.idle - before.idle);
  console.log(`\n═══ the pool: ${seconds(poolEnd - started)} s, the machine ${(share * 100).toFixed(0)} % busy ═══\n`);
  if (ok) {
    for (const job of ALONE) if (!(await run(job))) ok = false;
  } else console.log('A job failed: the stages that run alone are skipped.');
}

// Per stage: from its first job's start to its last one's end (a stage of many files ran several at once).
console.log('\nstage                      start   end   span  jobs  result');
const stages = [...new Set([...results].sort((a, b) => a.start - b.start).map((r) => r.stage))];
for (const stage of stages) {
  const rs = results.filter((r) => r.stage === stage);
  const start = Math.min(...rs.map((r) => r.start)) - started;
  const end = Math.max(...rs.map((r) => r.end)) - started;
  const failed = rs.filter((r) => !r.ok).map((r) => r.name);
  console.log(
    `${stage.padEnd(26)} ${seconds(start).padStart(5)} ${seconds(end).padStart(5)} ${seconds(end - start).padStart(6)} ${String(rs.length).padStart(5)}  ${failed.length ? `FAILED: ${failed.join(', ')}` : 'passed'}`,
  );
}
console.log(
  `${'whole suite'.padEnd(26)} ${''.padStart(5)} ${seconds(Date.now() - started).padStart(5)}        ${ok ? 'passed' : 'FAILED'}`,
);
process.exit(ok ? 0 : 1);
