/**
 * Every number the operator fixed (docs/product.md §9, the "Timings" and "Other numbers" tables) is
 * stated as that literal in a test that exercises it: a test file that imports one of the row's
 * source files or names one of its constants, and writes the number itself (milliseconds for a time,
 * seconds where the constant counts seconds, a ratio for a percentage). A test that only reads the
 * constant passes whatever value the constant holds; this check finds such rules (issue 30).
 *
 * Run: node --import tsx --test test/build/spec-numbers.test.ts
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface Row {
  quote: string;
  constants: string[];
  /** Source files without their extension, as a test's import names them. */
  files: string[];
}

/** The rows of the named `###` tables of docs/product.md §9. */
export function specRows(markdown: string, sections = ['Timings', 'Other numbers']): Row[] {
  const rows: Row[] = [];
  for (const name of sections) {
    const start = markdown.indexOf(`\n### ${name}\n`);
    assert.ok(start >= 0, `docs/product.md has a "### ${name}" section`);
    const end = markdown.indexOf('\n### ', start + 5);
    const lines = markdown.slice(start, end < 0 ? undefined : end).split('\n');
    for (const line of lines.filter((l) => l.startsWith('| "'))) {
      const [quote = '', constants = '', files = ''] = line.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, ''));
      const ticks = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      rows.push({
        quote: quote.replace(/^"|"$/g, ''),
        constants: ticks(constants).filter((t) => /^[A-Za-z_][\w]*$/.test(t)),
        files: ticks(files).map((f) => f.replace(/\.(tsx?|css|js)$/, '')),
      });
    }
  }
  return rows;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, second: 1000, seconds: 1000, minute: 60_000, minutes: 60_000 };

/** The literals a test may write for each number in a quote: any one of them states it. */
export function numbersOf(row: Row): { said: string; literals: string[] }[] {
  const counts = row.constants.some((c) => /(_S|Seconds)$/.test(c));
  const out: { said: string; literals: string[] }[] = [];
  const q = row.quote.replace(/(\d) (?=\d{3}\b)/g, '$1');
  const taken = new Set<number>();
  const take = (at: number, length: number) => {
    for (let i = at; i < at + length; i++) taken.add(i);
  };
  for (const m of q.matchAll(/\d+\.\d+\.\d+/g)) {
    out.push({ said: m[0], literals: [`'${m[0]}'`] });
    take(m.index, m[0].length);
  }
  for (const m of q.matchAll(/(\d+(?:\.\d+)?)\s*(ms|seconds?|minutes?|days?|s|%)(?![a-z])/g)) {
    if (taken.has(m.index)) continue;
    take(m.index, m[0].length);
    const n = Number(m[1]);
    const unit = m[2]!;
    const literals =
      unit === '%'
        ? [String(n / 100)]
        : unit.startsWith('day')
          ? [String(n * 86_400_000), String(n * 86_400), ...(counts ? [String(n)] : [])]
          : [String(n * UNIT_MS[unit]!), ...(counts && unit !== 'ms' ? [String(n)] : [])];
    out.push({ said: m[0], literals });
  }
  // Counts without a unit ("up to 10 candidates", "plus 5", "steps of 100").
  for (const m of q.matchAll(/\b\d+\b/g)) {
    if (taken.has(m.index)) continue;
    out.push({ said: m[0], literals: [m[0]] });
  }
  return out;
}

/** Test code without its comments and strings: a number in a test's title or a comment asserts nothing. */
export function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, ' ');
}

/**
 * Whether test code states `literal`: a number as a whole token in the code (digit separators
 * allowed: 3_600_000), a quoted version anywhere.
 */
export function states(text: string, literal: string): boolean {
  if (literal.startsWith("'")) return text.includes(literal) || text.includes(`"${literal.slice(1, -1)}"`);
  const digits = literal.replace('.', '\\.').split('').join('_?');
  return new RegExp(`(?<![\\w.])${digits}(?![\\w.]*\\d)`).test(codeOf(text));
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : testFiles(path);
    return /\.test\.(ts|tsx|mjs)$/.test(e.name) ? [path] : [];
  });
}

describe('the operator numbers of docs/product.md §9', () => {
  const rows = specRows(readFileSync(join(ROOT, 'docs/product.md'), 'utf8'));
  const tests = testFiles(join(ROOT, 'test')).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

  test('the tables are read: rows, constants and files', () => {
    assert.ok(rows.length >= 20, `${rows.length} rows`);
    const debounce = rows.find((r) => r.quote.includes('click debounce'))!;
    assert.deepEqual(debounce.constants, ['MARGIN_RATIO', 'DEBOUNCE_MS']);
    assert.deepEqual(
      numbersOf(debounce).map((n) => n.literals),
      [['0.02'], ['250']],
    );
    const push = rows.find((r) => r.quote.includes('7 days'))!;
    assert.ok(numbersOf(push).some((n) => n.literals.includes('604800000')));
  });

  test('the token match is exact', () => {
    assert.ok(states('tickAsync(3_600_000)', '3600000'));
    assert.ok(states('expect(x).to.equal(250);', '250'));
    assert.ok(!states('expect(x).to.equal(2500);', '250'));
    assert.ok(!states('version 1.250', '250'));
    assert.ok(states("equal('2.4.39')", "'2.4.39'"));
    assert.ok(!states("it('waits 250 ms', () => {}); // 250", '250'), 'a title or a comment states nothing');
    assert.ok(!states('const t = `${250} ms`;', '250'));
  });

  test('each number is stated by a test of its rule', () => {
    const missing: string[] = [];
    for (const row of rows) {
      const own = tests.filter(
        (t) => row.constants.some((c) => new RegExp(`\\b${c}\\b`).test(t.text)) || row.files.some((f) => t.text.includes(f)),
      );
      for (const n of numbersOf(row)) {
        if (!own.some((t) => n.literals.some((l) => states(t.text, l))))
          missing.push(
            `"${n.said}" of "${row.quote}" (write ${n.literals.join(' or ')} in a test of ${[...row.constants, ...row.files].join(', ')})`,
          );
      }
    }
    assert.deepEqual(missing, [], `numbers no test states:\n${missing.join('\n')}`);
  });
});
