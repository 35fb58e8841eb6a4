/**
 * The import graph of the TypeScript sources, read with the TypeScript compiler's preProcessFile:
 * import, export-from, import() and type-only imports alike (a type-only circle is still a circle of
 * meaning, and import-x/no-cycle does not see it). Used by test/server/imports.test.ts (server/'s
 * shape) and test/build/import-cycles.test.ts (no circle anywhere).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** File → the files it imports (absolute paths). */
export type Graph = Map<string, string[]>;

/** A file's path from the repository root, with forward slashes. */
export const name = (file: string) => relative(ROOT, file).split(sep).join('/');
/** The TypeScript files under a folder (`.ts` only unless told), declaration files left out. */
export function tsFiles(dir: string, extensions: readonly string[] = ['.ts']): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path, extensions);
    return e.isFile() && extensions.some((x) => path.endsWith(x)) && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** The files a file imports by relative path (packages are left out). */
export function importsOf(file: string): string[] {
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
