/**
 * No source file over 400 lines (issue 28): a file that long holds more than one thing, and the
 * next reader stumbles on it. Counts the code under src/, host/, server/ and scripts/ (.ts, .tsx,
 * .js, .jsx, .mjs, .cjs); not tests, locales (JSON), stylesheets and page templates, nor a file that
 * says it is generated. A file over the limit is split by what it holds (docs/server.md, "Rooms").
 *
 * Run: node --import tsx --test test/build/file-size.test.ts
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const MAX_LINES = 400;
const ROOTS = ['src', 'host', 'server', 'scripts'];
const CODE = /\.(?:ts|tsx|js|jsx|mjs|cjs)$/;
const NOT_SOURCE = /\.test\.|\/locales\/|\/test\//;
/** A generated file says so at its top (and is checked by its generator instead). */
const GENERATED = /@generated|do not edit/i;

/** Over the limit for now, each with why; the list only shrinks. */
const ALLOWED = new Set<string>([
  // empty since issue 28: every source file is within the limit
]);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(path);
    } else if (CODE.test(entry.name) && !NOT_SOURCE.test(path)) yield path;
  }
}

function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

test(`no source file under ${ROOTS.join(', ')} is over ${MAX_LINES} lines`, () => {
  const over: string[] = [];
  for (const root of ROOTS) {
    for (const path of sourceFiles(root)) {
      if (ALLOWED.has(path)) continue;
      const text = readFileSync(join(path), 'utf8');
      if (GENERATED.test(text.slice(0, 400))) continue;
      const lines = lineCount(text);
      if (lines > MAX_LINES) over.push(`${path}: ${lines} lines`);
    }
  }
  assert.deepEqual(over, [], `split these by what they hold (limit ${MAX_LINES} lines)`);
});

test('every file on the allow-list still exists (a split file leaves the list)', () => {
  for (const path of ALLOWED) {
    let lines: number;
    try {
      lines = lineCount(readFileSync(path, 'utf8'));
    } catch {
      assert.fail(`${path} is on the allow-list but gone: take it off`);
    }
    assert.ok(lines > MAX_LINES, `${path} has ${lines} lines now: take it off the allow-list`);
  }
});
