/**
 * The prerendered shells (scripts/prerender.mjs, docs/performance.md "Prerendered shells"), when
 * dist/ holds a build: every language has /m/home, /m/login and /m/register with its own lang, dir and
 * text, rendered by the app's components (the page's first card in that language), the same inline
 * snippet as index.html (so the CSP's hash holds), and the default language's at dist/m/<page>.html
 * for a plain static host; the table the server chooses by lists exactly them.
 *
 * Run: node --import tsx --test test/build/shells.test.ts
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES, htmlLang } from '../../src/core/i18n/languages.ts';
import shellPages from '../../host/shells.json' with { type: 'json' };

const built = existsSync('dist/meta/shells.json');
const catalogue = (lang: string) =>
  JSON.parse(readFileSync(`src/core/i18n/locales/${lang}.json`, 'utf8')) as Record<string, string>;
/** Text as React writes it into HTML. */
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const scriptHashes = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => createHash('sha256').update(code!).digest('base64'));

const styleHashes = (html: string) =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css!).digest('base64')}'`,
  );

/** The heading each page's first card shows a visitor, by the catalogue key the page uses. */
const TITLE_KEY: Record<string, string> = { home: 'home.visitor_title', login: 'login.title', register: 'register.title' };

describe('prerendered shells', { skip: !built && 'no build in dist/' }, () => {
  test('the server’s table lists the three pages, the 21 languages and the default', () => {
    const table = JSON.parse(readFileSync('dist/meta/shells.json', 'utf8'));
    assert.deepEqual(table.pages, { '/m/home': 'home', '/m/login': 'login', '/m/register': 'register' });
    assert.deepEqual(table.pages, shellPages);
    assert.equal(table.languages.length, 21);
    assert.deepEqual(table.languages, [...LANGUAGES]);
    assert.equal(table.default, 'CN');
    assert.equal(table.browserTags['zh-tw'], 'TW');
  });

  test('each language’s shells carry its lang, direction and first card, and index.html’s inline snippet', () => {
    const index = readFileSync('dist/m/index.html', 'utf8');
    const linked = /<link rel="stylesheet" href="\/m\/(assets\/host-[\w-]+\.css)"/.exec(index)![1]!;
    const css = readFileSync(`dist/m/${linked}`, 'utf8').trim();
    const allowedStyles = JSON.parse(readFileSync('dist/meta/csp.json', 'utf8')).styleSrc;
    assert.deepEqual(allowedStyles, [`'sha256-${createHash('sha256').update(css).digest('base64')}'`]);
    for (const lang of LANGUAGES) {
      const strings = catalogue(lang);
      for (const [path, name] of Object.entries(shellPages)) {
        const html = readFileSync(`dist/m/shells/${lang}/${name}.html`, 'utf8');
        const dir = RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';
        assert.match(
          html,
          new RegExp(`<html lang="${htmlLang(lang)}" dir="${dir}" data-shell="${lang}" data-shell-path="${path}">`),
        );
        assert.ok(html.includes(`>${escaped(strings[TITLE_KEY[name]!]!)}</h2>`), `${lang} ${name}: its first card's title`);
        assert.deepEqual(scriptHashes(html), scriptHashes(index), `${lang} ${name}: the inline snippet the CSP allows`);
        // Its stylesheet inline (one request less before the first paint), the very one index.html links.
        assert.deepEqual(styleHashes(html), allowedStyles, `${lang} ${name}: the inline stylesheet the CSP allows`);
        assert.ok(!html.includes('rel="stylesheet"'), `${lang} ${name}: no stylesheet to wait for`);
        assert.ok(!/<div id="root"><\/div>/.test(html), `${lang} ${name}: a rendered root`);
      }
    }
    assert.equal(RTL_LANGUAGES.has('UR'), true);
  });

  test('home’s shell holds the visitor card, the banner box, the entries and the bottom navigation; custom elements only as tags', () => {
    const html = readFileSync('dist/m/shells/EN/home.html', 'utf8');
    for (const part of ['id="visitor-title"', 'class="home-banners home-banners-loading"', 'class="quick"', 'class="bottom-nav"'])
      assert.ok(html.includes(part), part);
    // What an element renders is its own (shadow DOM), never part of the page's HTML.
    assert.match(html, /<wps-download-bar><\/wps-download-bar>/);
    assert.match(html, /<wps-customer-service position="HOME"><\/wps-customer-service>/);
    assert.match(readFileSync('dist/m/shells/EN/login.html', 'utf8'), /<wps-login-form><\/wps-login-form>/);
  });

  test(`a plain static host serves the default language (${DEFAULT_LANGUAGE}) at dist/m/<page>.html`, () => {
    for (const name of Object.values(shellPages))
      assert.equal(
        readFileSync(`dist/m/${name}.html`, 'utf8'),
        readFileSync(`dist/m/shells/${DEFAULT_LANGUAGE}/${name}.html`, 'utf8'),
      );
  });
});
