// The test command of a mutation run (scripts/mutate.mjs), run by Stryker in its sandbox for the dry
// run and for each mutant. `node scripts/mutate-run.mjs PLAN.json`: PLAN is `{ everything, bySource }`,
// `bySource` mapping each mutated source file to the command that runs its tests. The active mutant
// (Stryker's __STRYKER_ACTIVE_MUTANT__) is found in the instrumented copy of one source file; only
// that file's tests run. Without one (the dry run) every test file runs once (`everything`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;

/** The source file whose instrumented copy (in this sandbox) holds the mutant. */
function sourceOf(id) {
  const marker = `stryMutAct_9fa48("${id}")`;
  return Object.keys(plan.bySource).find((source) => readFileSync(source, 'utf8').includes(marker));
}

const command = mutant === undefined ? plan.everything : plan.bySource[sourceOf(mutant)];
if (!command) {
  console.error(`mutate-run: mutant ${mutant} is in none of the planned files`);
  process.exit(2);
}
const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
process.exit(status ?? 1);
