/**
 * Translation catalogues (node:test): every language in LANGUAGES has a catalogue file and a loader
 * in `catalogues`, with exactly the keys of EN.json, non-empty texts and the same {{placeholders}}
 * as EN per key; the access-denied and maintenance page texts are translated everywhere.
 *
 * Run: node --import tsx --test test/i18n/catalogues.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { LANGUAGES, type Language } from '../../src/core/i18n/languages.ts';
import { catalogues } from '../../src/core/i18n/locales/index.ts';
import type { CatalogueLoaders, CataloguePart } from '../../src/core/i18n/i18n.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOCALES = join(ROOT, 'src/core/i18n/locales');
const file = (lang: Language, dir = LOCALES) => join(dir, `${lang}.json`);
const read = (lang: Language, dir = LOCALES) => JSON.parse(readFileSync(file(lang, dir), 'utf8')) as Record<string, unknown>;

/** The core catalogue and every feature's own strings (src/features/<feature>/locales, a CataloguePart). */
const FEATURE_PARTS = readdirSync(join(ROOT, 'src/features')).filter((f) =>
  existsSync(join(ROOT, 'src/features', f, 'locales/EN.json')),
);
const CATALOGUES: { name: string; dir: string; loaders: () => Promise<CatalogueLoaders> }[] = [
  { name: 'core', dir: LOCALES, loaders: async () => catalogues },
  ...FEATURE_PARTS.map((feature) => ({
    name: feature,
    dir: join(ROOT, 'src/features', feature, 'locales'),
    loaders: async () => {
      const module = (await import(join(ROOT, 'src/features', feature, 'locales/index.ts'))) as Record<string, CataloguePart>;
      const part = Object.values(module).find((value) => value && typeof value === 'object' && 'loaders' in value);
      assert.ok(part, `src/features/${feature}/locales/index.ts exports no CataloguePart`);
      return part.loaders;
    },
  })),
];

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

  test('the install strings are a part of their own (sanity check of the discovery)', () => {
    assert.ok(FEATURE_PARTS.includes('install'));
  });

  for (const catalogue of CATALOGUES) {
    const EN_PART = read('EN', catalogue.dir);
    const EN_PART_KEYS = Object.keys(EN_PART).sort();
    for (const lang of LANGUAGES) {
      describe(`${catalogue.name} ${lang}`, () => {
        test(`${lang}.json exists and ${lang} has a loader that gives its content`, async () => {
          assert.ok(existsSync(file(lang, catalogue.dir)), `missing ${file(lang, catalogue.dir)}`);
          const loader = (await catalogue.loaders())[lang];
          assert.equal(typeof loader, 'function', `no loader for ${lang} in ${catalogue.name}`);
          const { default: loaded } = await loader!();
          assert.deepEqual({ ...loaded }, read(lang, catalogue.dir));
        });

        test(`${lang} has exactly the keys of EN.json`, () => {
          const strings = read(lang, catalogue.dir);
          const missing = EN_PART_KEYS.filter((k) => !(k in strings));
          const extra = Object.keys(strings).filter((k) => !(k in EN_PART));
          assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
        });

        test(`every ${lang} value is a non-empty string`, () => {
          const bad = Object.entries(read(lang, catalogue.dir))
            .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
            .map(([k]) => k);
          assert.deepEqual(bad, []);
        });

        test(`${lang} uses the same {{placeholders}} as EN in each text`, () => {
          const strings = read(lang, catalogue.dir);
          const differ = EN_PART_KEYS.filter(
            (k) => k in strings && JSON.stringify(placeholders(strings[k])) !== JSON.stringify(placeholders(EN_PART[k])),
          ).map((k) => `${k}: ${JSON.stringify(placeholders(strings[k]))} vs EN ${JSON.stringify(placeholders(EN_PART[k]))}`);
          assert.deepEqual(differ, []);
        });

        test(`${lang}: every plural of EN (key_other) has its key_one and key_other, with {{count}} in both`, () => {
          const strings = read(lang, catalogue.dir);
          const bad = EN_PART_KEYS.filter((k) => k.endsWith('_other'))
            .map((k) => k.slice(0, -'_other'.length))
            .filter((base) => !['_one', '_other'].every((form) => String(strings[base + form] ?? '').includes('{{count}}')));
          assert.deepEqual(bad, []);
        });

        if (catalogue.name === 'core') {
          test(`${lang} keeps url_is_null as the literal text "url is null"`, () => {
            assert.equal(read(lang)['url_is_null'], 'url is null');
          });
        }
      });
    }
  }

  test('no key is in two catalogues (a part would silently override the core)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const catalogue of CATALOGUES) {
      for (const key of Object.keys(read('EN', catalogue.dir))) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${catalogue.name}`);
        seen.set(key, catalogue.name);
      }
    }
    assert.deepEqual(twice, []);
  });

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
