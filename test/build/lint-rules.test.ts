/**
 * The lint's rules hold: each file of test/lint-fixtures/ breaks one rule on purpose and is linted
 * with ESLint's Node API as the file it pretends to be (its first line, `// lint as: <path>`), so the
 * rules that depend on where a file lives (layers, core's framework ban) apply. Its second line names
 * the rule that must fire (`// expect: <rule>`), or `nothing` for a file the rules must let through.
 * The fixtures are left out of the normal lint run (eslint.config.js ignores them).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from './import-graph.ts';

const FIXTURES = join(ROOT, 'test', 'lint-fixtures');

describe('lint rules reject their breaching fixtures', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const fixtures = readdirSync(FIXTURES).sort();

  test('there are fixtures for each rule of the house', () => {
    assert.ok(fixtures.length >= 10, `fixtures: ${fixtures.length}`);
  });

  for (const file of fixtures) {
    test(file, async () => {
      const text = readFileSync(join(FIXTURES, file), 'utf8');
      const as = /^\/\/ lint as: (\S+)/.exec(text)?.[1];
      const expected = /^\/\/ expect: (\S+)/m.exec(text)?.[1];
      assert.ok(as && expected, `${file}: its first lines must say "// lint as: <path>" and "// expect: <rule>"`);
      const [result] = await eslint.lintText(text, { filePath: join(ROOT, as) });
      const fired = result!.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
      if (expected === 'nothing') assert.deepEqual(fired, [], `${file} (as ${as}) must pass the lint`);
      else
        assert.ok(
          result!.messages.some((m) => m.ruleId === expected),
          `${file} (as ${as}) must break ${expected}; the lint said:\n${fired.join('\n') || '(nothing)'}`,
        );
    });
  }
});
