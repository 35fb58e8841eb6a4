/**
 * Translation catalogues (node:test): every language in LANGUAGES has a catalogue file and a loader
 * in `catalogues`, with exactly the keys of EN.json, non-empty texts and the same {{placeholders}}
 * as EN per key; the access-denied and maintenance page texts are translated everywhere.
 *
 * Run: node --import tsx --test test/i18n/catalogues.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { LANGUAGES, type Language } from '../../src/core/i18n/languages.ts';
import { catalogues } from '../../src/core/i18n/locales/index.ts';

const LOCALES = fileURLToPath(new URL('../../src/core/i18n/locales/', import.meta.url));
const file = (lang: Language) => join(LOCALES, `${lang}.json`);
const read = (lang: Language) => JSON.parse(readFileSync(file(lang), 'utf8')) as Record<string, unknown>;

const EN = read('EN');
const EN_KEYS = Object.keys(EN).sort();
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Texts of the access-denied and maintenance pages. */
const STATUS_KEYS = EN_KEYS.filter(
  (k) => k.startsWith('status.access_denied.') || k.startsWith('status.maintenance.') || k === 'status.contact_us',
);
/** Languages where a status text may equal the English one (shared loanwords such as "Error" or "IP address"). */
const MAY_MATCH_EN: ReadonlySet<Language> = new Set(['EN', 'TY', 'MS', 'ID']);

describe('i18n catalogues', () => {
  test('the status page keys are present in EN.json (sanity check of the selection)', () => {
    for (const key of [
      'status.access_denied.title',
      'status.access_denied.description',
      'status.maintenance.title',
      'status.contact_us',
    ]) {
      assert.ok(STATUS_KEYS.includes(key), `expected ${key} in EN.json`);
    }
  });

  for (const lang of LANGUAGES) {
    describe(lang, () => {
      test(`${lang}.json exists and ${lang} has a loader in catalogues that gives its content`, async () => {
        assert.ok(existsSync(file(lang)), `missing ${file(lang)}`);
        const loader = catalogues[lang];
        assert.equal(typeof loader, 'function', `no loader for ${lang} in locales/index.ts`);
        const { default: loaded } = await loader!();
        assert.deepEqual({ ...loaded }, read(lang));
      });

      test(`${lang} has exactly the keys of EN.json`, () => {
        const strings = read(lang);
        const missing = EN_KEYS.filter((k) => !(k in strings));
        const extra = Object.keys(strings).filter((k) => !(k in EN));
        assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
      });

      test(`every ${lang} value is a non-empty string`, () => {
        const bad = Object.entries(read(lang))
          .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
          .map(([k]) => k);
        assert.deepEqual(bad, []);
      });

      test(`${lang} uses the same {{placeholders}} as EN in each text`, () => {
        const strings = read(lang);
        const differ = EN_KEYS.filter(
          (k) => k in strings && JSON.stringify(placeholders(strings[k])) !== JSON.stringify(placeholders(EN[k])),
        ).map((k) => `${k}: ${JSON.stringify(placeholders(strings[k]))} vs EN ${JSON.stringify(placeholders(EN[k]))}`);
        assert.deepEqual(differ, []);
      });

      test(`${lang} keeps url_is_null as the literal text "url is null"`, () => {
        assert.equal(read(lang)['url_is_null'], 'url is null');
      });
    });
  }

  test('access-denied and maintenance page texts are translated in every language', () => {
    const problems: string[] = [];
    for (const lang of LANGUAGES) {
      const strings = read(lang);
      for (const key of STATUS_KEYS) {
        const value = strings[key];
        if (typeof value !== 'string' || value.trim() === '') problems.push(`${lang} ${key}: missing or empty`);
        else if (!MAY_MATCH_EN.has(lang) && value.trim() === String(EN[key]).trim())
          problems.push(`${lang} ${key}: same as English`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
