/**
 * The lite element build's translator (build-shims/i18next-lite.ts) gives what i18next gives, set up
 * as src/core/i18n/i18n.ts sets it up: every key of every catalogue (core and features) in every
 * language, with each placeholder filled, plurals at several counts, a missing key, a missing or
 * undefined value, the EN fallback for a language without the key, and getFixedT. A difference here
 * fails `npm test` before it could reach a merchant's page.
 *
 * Run: node --import tsx --test test/i18n/i18next-lite.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import i18next from 'i18next';
import lite from '../../build-shims/i18next-lite.ts';
import { LANGUAGES } from '../../src/core/i18n/languages.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIRS = [
  join(ROOT, 'src/core/i18n/locales'),
  ...readdirSync(join(ROOT, 'src/features'))
    .map((f) => join(ROOT, 'src/features', f, 'locales'))
    .filter((d) => existsSync(join(d, 'EN.json'))),
];
const read = (dir: string, lang: string) => JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Record<string, string>;

/** Both translators, configured and filled as i18n.ts does it (the same options, the same bundles). */
async function setUp(activeLanguage: string, drop: (key: string) => boolean = () => false) {
  const real = i18next.createInstance();
  const small = lite.createInstance();
  const options = () => ({
    lng: activeLanguage,
    fallbackLng: 'EN',
    load: 'currentOnly',
    supportedLngs: false,
    interpolation: { escapeValue: false },
    keySeparator: false,
    resources: {},
    partialBundledLanguages: true,
    returnNull: false,
  });
  // i18next changes the object it is given: each gets its own.
  await real.init(options() as Parameters<typeof real.init>[0]);
  await small.init(options());
  for (const lang of new Set([activeLanguage, 'EN'])) {
    for (const dir of DIRS) {
      const bundle = Object.fromEntries(Object.entries(read(dir, lang)).filter(([k]) => lang === 'EN' || !drop(k)));
      real.addResourceBundle(real.services.languageUtils.formatLanguageCode(lang), 'translation', bundle, true, true);
      small.addResourceBundle(small.services.languageUtils.formatLanguageCode(lang), 'translation', bundle, true, true);
    }
  }
  await real.changeLanguage(activeLanguage);
  await small.changeLanguage(activeLanguage);
  return { real, small };
}

const keys = () => [...new Set(DIRS.flatMap((d) => Object.keys(read(d, 'EN'))))];
/** The bare keys of plural forms (`x_one`, `x_other` → `x`): asked with a count as the code does. */
const pluralBases = () => [
  ...new Set(
    keys()
      .filter((k) => /_(zero|one|two|few|many|other)$/.test(k))
      .map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')),
  ),
];
describe('the lite translator (build-shims/i18next-lite.ts) answers as i18next does', () => {
  for (const lang of LANGUAGES) {
    test(`${lang}: every key, with its values, plurals, missing values and a missing key`, async () => {
      const { real, small } = await setUp(lang);
      const values = { app: 'WPS', value: '12', count: 3, amount: '5.00', min: 1, time: '10:00', name: 'Ann', date: 'today' };
      for (const key of [...keys(), 'no.such_key']) {
        assert.equal(small.t(key), real.t(key), `${lang} ${key}`);
        assert.equal(small.t(key, { ...values }), real.t(key, { ...values }), `${lang} ${key} with values`);
        assert.equal(
          small.t(key, { app: undefined, name: null }),
          real.t(key, { app: undefined, name: null }),
          `${lang} ${key} empty`,
        );
      }
      for (const base of pluralBases()) {
        for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 1.5]) {
          assert.equal(small.t(base, { count }), real.t(base, { count }), `${lang} ${base} count ${count}`);
        }
      }
      for (const other of LANGUAGES) {
        assert.equal(
          small.getFixedT(other)('download_bar.download'),
          real.getFixedT(other)('download_bar.download'),
          `fixed ${other}`,
        );
      }
    });
  }

  test('a language that lacks a key falls back to EN, as i18next does', async () => {
    const { real, small } = await setUp('TH', (k) => k.startsWith('download_bar.'));
    for (const key of keys()) assert.equal(small.t(key, { grade: '5.0' }), real.t(key, { grade: '5.0' }), key);
    assert.equal(small.t('download_bar.download'), 'Download');
  });
});
