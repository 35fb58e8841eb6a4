// npm test: every stage of the suite, two at a time where the 2-core machine allows, then the
// timing-sensitive ones alone (CONTRIBUTING.md, "Where the suite's time goes").
//
// A phase's lanes run side by side; a lane's stages run one after another. Each stage's output is
// held and printed whole when it ends, so two stages never interleave their lines. A failed stage
// lets its phase finish, then no later phase starts; the exit code is 1. At the end: a table of
// every stage's time and result, which is how the suite's time is reported.
//
// `node scripts/test.mjs --only <stage> [...]` runs the named stages alone, in the order given.
import { spawn } from 'node:child_process';

const PHASES = [
  // Type-check, lint and build share nothing: three processes on two cores.
  { name: 'checks and build', lanes: [['typecheck'], ['lint'], ['build']] },
  // Server tests (one Node process at a time, PGlite) beside the browser tests (one Chromium).
  { name: 'server and browser', lanes: [['test:server:together'], ['test:browser:react', 'test:browser:lite']] },
  // End-to-end files that hold under shared cores, several at a time (package.json sets how many).
  { name: 'end to end', lanes: [['test:e2e:together']] },
  // What measures time or speed runs with nothing beside it.
  { name: 'alone', lanes: [['test:server:alone', 'test:e2e:alone', 'size']] },
];

const started = Date.now();
const results = [];
const seconds = (ms) => (ms / 1000).toFixed(0);

function run(stage) {
  const t0 = Date.now();
  console.log(`▸ ${stage} started at ${seconds(t0 - started)} s`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', stage], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      const ms = Date.now() - t0;
      const ok = code === 0;
      process.stdout.write(
        `\n──── ${stage}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(ms)} s ────\n`,
      );
      process.stdout.write(Buffer.concat(out));
      results.push({ stage, ms, ok });
      resolve(ok);
    });
  });
}

async function lane(stages) {
  for (const stage of stages) if (!(await run(stage))) return false;
  return true;
}

const only = process.argv.indexOf('--only');
const phases = only >= 0 ? [{ name: 'chosen', lanes: [process.argv.slice(only + 1)] }] : PHASES;

let failed = false;
for (const phase of phases) {
  const t0 = Date.now();
  const oks = await Promise.all(phase.lanes.map(lane));
  console.log(`\n═══ phase "${phase.name}": ${seconds(Date.now() - t0)} s ═══\n`);
  if (oks.includes(false)) {
    failed = true;
    break;
  }
}

console.log('stage                      time   result');
for (const r of results) console.log(`${r.stage.padEnd(26)} ${seconds(r.ms).padStart(4)} s  ${r.ok ? 'passed' : 'FAILED'}`);
console.log(`${'whole suite'.padEnd(26)} ${seconds(Date.now() - started).padStart(4)} s  ${failed ? 'FAILED' : 'passed'}`);
process.exit(failed ? 1 : 0);
