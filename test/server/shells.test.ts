/**
 * The server's choice of prerendered shell (server/infra/shells.ts): the wps_lang cookie the app sets
 * first, then Accept-Language in order of preference by the app's own mapping of browser tags, then the
 * default; only the pages that have shells.
 *
 * Run: node --import tsx --test test/server/shells.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { acceptedLanguages, parseShellTable, shellFor, type ShellTable } from '../../server/infra/shells.ts';
import { DEFAULT_LANGUAGE, FROM_BROWSER, LANGUAGES } from '../../src/core/i18n/languages.ts';

const table: ShellTable = {
  pages: { '/m/home': 'home', '/m/login': 'login', '/m/register': 'register' },
  languages: [...LANGUAGES],
  default: DEFAULT_LANGUAGE,
  browserTags: FROM_BROWSER,
};

describe('shellFor', () => {
  test('the cookie the app sets wins over the browser’s languages', () => {
    assert.equal(shellFor(table, '/m/home', 'a=1; wps_lang=UR; b=2', 'en-US,en;q=0.9'), 'shells/UR/home.html');
    assert.equal(shellFor(table, '/m/login', 'wps_lang=PT-BR', undefined), 'shells/PT-BR/login.html');
  });

  test('without it, the first language of Accept-Language the app knows, by preference', () => {
    assert.equal(shellFor(table, '/m/home', undefined, 'en-US,en;q=0.9'), 'shells/EN/home.html');
    assert.equal(shellFor(table, '/m/home', undefined, 'de-DE;q=0.9, zh-TW;q=0.8, th;q=0.95'), 'shells/TH/home.html');
    assert.equal(shellFor(table, '/m/home', undefined, 'zh-Hant-HK'), 'shells/TW/home.html');
    assert.equal(shellFor(table, '/m/home', undefined, 'zh-HK'), 'shells/HK/home.html');
    assert.equal(shellFor(table, '/m/register', undefined, 'fil-PH'), 'shells/TY/register.html');
    assert.equal(shellFor(table, '/m/home', 'wps_lang=xx', 'pt-BR'), 'shells/PT-BR/home.html', 'an unknown cookie is no choice');
  });

  test('else the default language, CN', () => {
    assert.equal(shellFor(table, '/m/home', undefined, undefined), 'shells/CN/home.html');
    assert.equal(shellFor(table, '/m/home', undefined, 'de, fr;q=0.5, *;q=0.1'), 'shells/CN/home.html');
    assert.equal(shellFor(table, '/m/home', undefined, 'en;q=0'), 'shells/CN/home.html', 'q=0 is not wanted');
  });

  test('only the pages with shells, by their exact path; nothing a cookie can steer outside the folder', () => {
    for (const path of ['/m/activity', '/m/HOME', '/m/home/', '/m/register.html', '/m/__proto__', '/m/toString'])
      assert.equal(shellFor(table, path, 'wps_lang=EN', 'en'), undefined, path);
    assert.equal(shellFor(table, '/m/home', 'wps_lang=../../etc', 'en'), 'shells/EN/home.html');
  });

  test('a broken table is none', () => {
    assert.equal(parseShellTable(undefined), undefined);
    assert.equal(parseShellTable({ pages: {}, languages: 'EN', default: 'CN', browserTags: {} }), undefined);
    assert.deepEqual(parseShellTable(table), table);
  });

  test('Accept-Language in order of q, ties in order of appearance', () => {
    assert.deepEqual(acceptedLanguages('a;q=0.5, b, c;q=0.7, d'), ['b', 'd', 'c', 'a']);
    assert.deepEqual(acceptedLanguages(''), []);
  });
});
