/**
 * The script-tag loader's file list for the lite build (dist/meta/loader-manifest.json, written by
 * `loaderManifest` in rollup.config.mjs; docs/performance.md, "The download bar's bytes"): each
 * language names the core catalogue's file (once it named the games' strings, which share the file
 * names), and the download bar's strings are exactly the `download_bar.*` keys of the core catalogue,
 * in every language, with the same texts.
 *
 * Run (after npm run build): node --import tsx --test test/build/loader-manifest.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { LANGUAGES } from '../../src/core/i18n/languages.ts';

const MANIFEST = 'dist/meta/loader-manifest.json';
const built = existsSync(MANIFEST) && existsSync('dist/meta/lite-chunks.json');
const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

describe('the loader manifest of the lite build', { skip: !built && 'no build in dist/' }, () => {
  const manifest = built
    ? read<{ languages: Record<string, string>; strings: Record<string, Record<string, string>> }>(MANIFEST)
    : { languages: {}, strings: {} };
  const modules = built ? read<Record<string, string[]>>('dist/meta/lite-chunks.json') : {};

  test('each of the 21 languages names its core catalogue', () => {
    assert.deepEqual(Object.keys(manifest.languages).sort(), [...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      const file = manifest.languages[lang]!;
      assert.deepEqual(modules[file], [resolve(`src/core/i18n/locales/${lang}.json`)], `${lang}: ${file}`);
    }
  });

  test('the download bar gets its download_bar.* strings in every language, the catalogue’s texts', async () => {
    const own = manifest.strings['wps-download-bar'] ?? {};
    assert.deepEqual(Object.keys(own).sort(), [...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      const catalogue = read<Record<string, string>>(`src/core/i18n/locales/${lang}.json`);
      const expected = Object.fromEntries(Object.entries(catalogue).filter(([key]) => key.startsWith('download_bar.')));
      assert.ok(Object.keys(expected).length >= 5);
      const slice = (await import(pathToFileURL(resolve('dist/elements/lite', own[lang]!)).href)) as { default: unknown };
      assert.deepEqual(slice.default, expected, lang);
    }
  });
});
