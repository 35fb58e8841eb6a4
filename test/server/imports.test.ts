/**
 * The shape of server/: no import cycles between its files, and nothing of the browser code but the
 * contract (src/core/api: paths, payload and response types, validation schemas). Imports are read
 * with the TypeScript compiler's preProcessFile (import, export-from, import(), type imports too).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'server');
const CONTRACT = join(ROOT, 'src', 'core', 'api');
/**
 * The tracking contract the server shares with the browser: the wire format of the tracking post,
 * the pixel host table (the /m CSP) and the event names; kept free of browser code.
 */
const TRACKING_CONTRACT = ['wire.ts', 'pixelHosts.ts', 'track.ts'].map((f) => join(ROOT, 'src', 'core', 'tracking', f));
const isContract = (file: string) => inside(CONTRACT, file) || TRACKING_CONTRACT.includes(file);

type Graph = Map<string, string[]>;

const name = (file: string) => relative(ROOT, file).split(sep).join('/');
const inside = (dir: string, file: string) => file.startsWith(dir + sep);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.isFile() && path.endsWith('.ts') ? [path] : [];
  });
}

/** The files a file imports by relative path (packages are left out). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(dirname(file), s));
}

/** Every cycle of the graph, one per strongly connected component, as a path that ends where it starts. */
export function cyclesOf(graph: Graph): string[][] {
  // Tarjan's strongly connected components.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) components.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);

  // One concrete cycle per component: the shortest way from its first file (by name) back to it.
  return components.map((component) => {
    const start = [...component].sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift()!;
      for (const w of graph.get(v)!) {
        if (!component.includes(w) || cameFrom.has(w)) continue;
        cameFrom.set(w, v);
        queue.push(w);
      }
      if (cameFrom.has(start)) break;
    }
    const path = [start];
    for (let v = cameFrom.get(start)!; v !== start; v = cameFrom.get(v)!) path.unshift(v);
    return [start, ...path];
  });
}

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

  test('only the contract (src/core/api, the tracking wire files) from outside server/, and the contract pulls in nothing else', () => {
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
    assert.equal(
      wrong.length,
      0,
      `server/ may import only the contract, src/core/api/ (paths, types, schemas) and src/core/tracking/{wire,pixelHosts,track}.ts:\n${wrong.join('\n')}`,
    );
  });
});
