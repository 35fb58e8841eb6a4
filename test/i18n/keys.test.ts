/**
 * i18n key coverage (node:test): every key the code uses literally exists in the CN and EN
 * catalogues, and the two catalogues have the same keys.
 *
 * Keys are collected from src/, elements/ and host/ with regular expressions: `t('key')`, and the
 * literal values of messageKey, labelKey, titleKey and fallbackKey (`messageKey: 'key'`,
 * `messageKey ?? 'key'`). Keys built at run time cannot be seen here. A key used with a count may be
 * a plural (i18next's `key_one`, `key_other`, …): its `key_other` form counts as the key.
 *
 * Run: node --import tsx --test test/i18n/keys.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_DIRS = ['src', 'elements', 'host'];
const LOCALES = join(root, 'src/core/i18n/locales');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(path));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

const PATTERNS = [
  /\bt\(\s*(['"`])([^'"`\n$]+)\1/g,
  /\b(?:messageKey|labelKey|titleKey|fallbackKey)\s*:\s*(['"`])([^'"`\n$]+)\1/g,
  /\b(?:messageKey|labelKey|titleKey|fallbackKey)\s*\?\?\s*(['"`])([^'"`\n$]+)\1/g,
];

/** key → files that use it */
function usedKeys(): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of PATTERNS) {
        for (const match of text.matchAll(pattern)) {
          const key = match[2]!;
          if (!keys.has(key)) keys.set(key, new Set());
          keys.get(key)!.add(relative(root, file));
        }
      }
    }
  }
  return keys;
}

const catalogue = (lang: string) => JSON.parse(readFileSync(join(LOCALES, `${lang}.json`), 'utf8')) as Record<string, unknown>;

describe('i18n keys', () => {
  const used = usedKeys();
  const CN = catalogue('CN');
  const EN = catalogue('EN');

  test('the collector finds the keys it should (sanity check of the patterns)', () => {
    for (const key of ['please_login', 'timeout_retry_please', 'unknown_error', 'login', 'ok', 'download_bar.download']) {
      assert.ok(used.has(key), `expected to find the key ${key} in the sources`);
    }
  });

  for (const lang of ['CN', 'EN'] as const) {
    test(`every key used in the code exists in ${lang}.json, or in ${lang}.json of the feature that uses it`, () => {
      const core = lang === 'CN' ? CN : EN;
      // A feature's own strings (src/features/<f>/locales) reach only that feature's views.
      const partOf = (file: string) => {
        const feature = /^src\/features\/([^/]+)\//.exec(file)?.[1];
        const path = feature && join(root, 'src/features', feature, 'locales', `${lang}.json`);
        return path && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
      };
      const has = (strings: Record<string, unknown>, key: string) =>
        typeof strings[key] === 'string' || typeof strings[`${key}_other`] === 'string';
      const missing = [...used.entries()].flatMap(([key, files]) =>
        [...files].filter((f) => !has(core, key) && !has(partOf(f), key)).map((f) => `${key} (${f})`),
      );
      assert.deepEqual(missing, [], `keys missing from ${lang}.json`);
    });
  }

  test('CN and EN have the same keys', () => {
    const onlyCN = Object.keys(CN).filter((k) => !(k in EN));
    const onlyEN = Object.keys(EN).filter((k) => !(k in CN));
    assert.deepEqual({ onlyCN, onlyEN }, { onlyCN: [], onlyEN: [] });
  });

  test('CN and EN use the same {{placeholders}} in each text', () => {
    const vars = (text: unknown) => [...String(text).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(EN).filter((k) => k in CN && JSON.stringify(vars(CN[k])) !== JSON.stringify(vars(EN[k])));
    assert.deepEqual(differ, []);
  });

  test('no catalogue entry is empty', () => {
    for (const [lang, strings] of [
      ['CN', CN],
      ['EN', EN],
    ] as const) {
      const empty = Object.entries(strings)
        .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
        .map(([k]) => k);
      assert.deepEqual(empty, [], `empty or non-text entries in ${lang}.json`);
    }
  });
});
