/**
 * No import circle anywhere in the sources, type-only imports included: browser code (src, elements,
 * host, the service worker, the mini-game and redirect scripts, the build shims), the server and the
 * scripts' TypeScript. The lint has no cycle rule (import-x/no-cycle skipped `import type`): this reads every import.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cyclesOf, importsOf, name, ROOT, tsFiles, type Graph } from './import-graph.ts';

const FOLDERS = ['src', 'elements', 'host', 'server', 'sw', 'mini-game', 'redirect', 'build-shims', 'bench', 'scripts'];

describe('import cycles', () => {
  const files = FOLDERS.map((f) => join(ROOT, f))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => tsFiles(dir, ['.ts', '.tsx']));
  const known = new Set(files);
  const graph: Graph = new Map(files.map((f) => [f, importsOf(f).filter((target) => known.has(target))]));

  test('every relative import of a source file resolves to a file that is there', () => {
    const missing = files.flatMap((f) =>
      importsOf(f)
        .filter((target) => /\.tsx?$/.test(target) && !known.has(target) && !existsSync(target))
        .map((target) => `  ${name(f)} → ${name(target)}`),
    );
    assert.deepEqual(missing, [], 'imports of files that do not exist (the cycle check would not see them)');
  });

  test('a type-only circle counts as a circle', () => {
    // endpoints.ts and feature-endpoints.ts (now rows/*.ts) imported each other type-only before endpoint-row.ts.
    const a = join(ROOT, 'a.ts');
    const b = join(ROOT, 'b.ts');
    assert.deepEqual(
      cyclesOf(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ).map((c) => c.map(name)),
      [['a.ts', 'b.ts', 'a.ts']],
    );
  });

  test('no file imports itself back, through any path', () => {
    assert.ok(files.length > 300, `source files found: ${files.length}`);
    const cycles = cyclesOf(graph).map((cycle) => `  ${cycle.map(name).join(' → ')}`);
    assert.equal(
      cycles.length,
      0,
      `import circles (type-only imports count; move what both sides need into a third file both import):\n${cycles.join('\n')}`,
    );
  });
});
