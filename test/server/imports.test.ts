/**
 * The shape of server/: no import cycles between its files, and nothing of the browser code but the
 * contract (src/contract: paths, payload and response types, validation schemas, the tracking wire, the
 * language list). Imports are read
 * with the TypeScript compiler's preProcessFile (import, export-from, import(), type imports too).
 */
import assert from 'node:assert/strict';
import { join, sep } from 'node:path';
import { describe, test } from 'node:test';
import { cyclesOf, importsOf, name, ROOT, tsFiles, type Graph } from '../build/import-graph.ts';

const SERVER = join(ROOT, 'server');
/** The contract browser and server share (rows, schemas, answer types, constants, tracking wire, languages). */
const CONTRACT = join(ROOT, 'src', 'contract');
const isContract = (file: string) => inside(CONTRACT, file);
const inside = (dir: string, file: string) => file.startsWith(dir + sep);

describe('server/ imports', () => {
  const files = tsFiles(SERVER);
  const graph: Graph = new Map(files.map((f) => [f, importsOf(f).filter((target) => inside(SERVER, target))]));

  test('the cycle finder finds cycles (and only those)', () => {
    const g: Graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    assert.deepEqual(
      cyclesOf(g)
        .map((c) => c.join(' → '))
        .sort(),
      ['a → b → c → a', 'e → e'],
    );
    assert.deepEqual(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
      [],
    );
  });

  test('no import cycles', () => {
    assert.ok(files.length > 20, `server files found: ${files.length}`);
    const cycles = cyclesOf(graph).map((cycle) => `  ${cycle.map(name).join(' → ')}`);
    assert.equal(
      cycles.length,
      0,
      `import cycles in server/ (move what both sides need to a file both can import):\n${cycles.join('\n')}`,
    );
  });

  test('only the contract (src/contract) from outside server/, and the contract pulls in nothing else', () => {
    const wrong: string[] = [];
    // Followed into the contract: a contract file that imported UI code would bring it along.
    const seen = new Set<string>();
    const walk = (chain: string[]) => {
      const file = chain[chain.length - 1]!;
      if (seen.has(file)) return;
      seen.add(file);
      for (const target of importsOf(file)) {
        if (inside(SERVER, target)) continue;
        const path = [...chain, target];
        if (!isContract(target)) wrong.push(`  ${path.map(name).join(' → ')}`);
        else walk(path);
      }
    };
    for (const file of files) walk([file]);
    assert.equal(wrong.length, 0, `server/ may import only the contract, src/contract/:\n${wrong.join('\n')}`);
  });
});
