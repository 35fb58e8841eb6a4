/**
 * Generated, not hand-kept: every file or region scripts/generate.mjs writes (the 21-language loader
 * tables, host/lazyElements.ts's tag table, docs/elements.md's element tables, elements/jsx.d.ts) is
 * generated again in memory and compared with the file on disk.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
// @ts-expect-error: a plain .mjs build script without types
import { fillRegion, generatedFiles, languages, staleFiles } from '../../scripts/generate.mjs';
import { LANGUAGES } from '../../src/contract/language-codes.ts';

type Generated = { file: string; text: string };

describe('generated files', () => {
  test('no generated file is stale (else: npm run generate)', () => {
    const stale = (staleFiles() as Generated[]).map((g) => g.file);
    assert.deepEqual(stale, [], `stale, run npm run generate and commit: ${stale.join(', ')}`);
  });

  test('it covers the loader tables of every catalogue, the lazy elements, the element docs and the JSX types', () => {
    const files = (generatedFiles() as Generated[]).map((g) => g.file);
    for (const f of [
      'src/core/i18n/locales/index.ts',
      'src/features/install/locales/index.ts',
      'host/lazyElements.ts',
      'docs/elements.md',
      'elements/jsx.d.ts',
    ])
      assert.ok(files.includes(f), f);
    assert.ok(files.filter((f) => f.endsWith('/locales/index.ts')).length >= 6);
  });

  test('the script reads the same language list the app uses', () => {
    assert.deepEqual(languages(), [...LANGUAGES]);
  });

  test('a hand edit inside a region is noticed and undone', () => {
    const { text } = (generatedFiles() as Generated[]).find((g) => g.file === 'host/lazyElements.ts')!;
    const edited = text.replace(/^.*'wps-notice':.*\n/m, '');
    assert.notEqual(edited, readFileSync('host/lazyElements.ts', 'utf8'));
    assert.equal(
      fillRegion(
        edited,
        'lazy elements',
        text
          .match(/<generated: lazy elements>.*\n([\s\S]*?)\n\s*\/\/ <\/generated>/)![1]!
          .split('\n')
          .map((l) => l.trim()),
        'x',
      ),
      text,
    );
  });
});
