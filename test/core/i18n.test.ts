/** Interface languages (docs/product.md §1): the list, detection, direction and catalogue loading. */
import { expect } from 'chai';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  RTL_LANGUAGES,
  detectLanguage,
  initialLanguage,
  isLanguage,
  normaliseLanguage,
} from '../../src/core/i18n/languages.ts';
import { fakeProperty } from '../browser-helpers/status.ts';
import { LANGUAGE_KEY, ensureI18n, i18nRevision, isRtl, language, setLanguage, t } from '../../src/core/i18n/i18n.ts';
import { catalogues } from '../../src/core/i18n/locales/index.ts';
import ES from '../../src/core/i18n/locales/ES.json';
import UR from '../../src/core/i18n/locales/UR.json';
import EN from '../../src/core/i18n/locales/EN.json';
import { waitFor } from '../browser-helpers/helpers.ts';

// Read before any test changes it.

function reset() {
  localStorage.clear();
  sessionStorage.clear();
}
beforeEach(reset);
after(() => {
  language.value = 'CN';
  reset();
});

describe('language list (docs/product.md §1)', () => {
  const spec = [
    'CN',
    'TW',
    'HK',
    'EN',
    'ES',
    'HI',
    'ID',
    'JA',
    'KM',
    'KO',
    'MY',
    'TA',
    'TH',
    'VI',
    'TY',
    'UR',
    'PT',
    'PT-BR',
    'MS',
    'BN',
    'TR',
  ];
  for (const code of spec) {
    it(`${code} is an interface language`, () => {
      expect(LANGUAGES).to.include(code);
      expect(isLanguage(code)).to.equal(true);
    });
  }
  it('the default is CN', () => expect(DEFAULT_LANGUAGE).to.equal('CN'));
  it('unknown codes are not languages', () => {
    expect(isLanguage('XX')).to.equal(false);
    expect(isLanguage('cn')).to.equal(false);
    expect(isLanguage(undefined)).to.equal(false);
  });
});

describe('language detection: stored, then browser list, then CN (docs/product.md §1)', () => {
  const rows: [stored: string | null | undefined, browser: string[], expected: string][] = [
    ['EN', ['zh-TW'], 'EN'],
    ['en', ['zh-TW'], 'EN'],
    ['PT_BR', [], 'PT-BR'],
    ['pt-br', ['ja'], 'PT-BR'],
    ['TY', ['en-US'], 'TY'],
    ['garbage', ['zh-TW'], 'TW'],
    ['', ['ja-JP'], 'JA'],
    [null, ['zh-TW'], 'TW'],
    [undefined, ['zh-TW'], 'TW'],
    [null, ['zh_TW'], 'TW'],
    [null, ['zh-Hant'], 'TW'],
    [null, ['zh-Hant-TW'], 'TW'],
    [null, ['zh-HK'], 'HK'],
    [null, ['zh-MO'], 'HK'],
    [null, ['zh-CN'], 'CN'],
    [null, ['zh-Hans-CN'], 'CN'],
    [null, ['zh'], 'CN'],
    [null, ['pt-BR'], 'PT-BR'],
    [null, ['pt-PT'], 'PT'],
    [null, ['pt'], 'PT'],
    [null, ['fil'], 'TY'],
    [null, ['fil-PH'], 'TY'],
    [null, ['tl'], 'TY'],
    [null, ['en-US'], 'EN'],
    [null, ['en-GB'], 'EN'],
    [null, ['es-MX'], 'ES'],
    [null, ['hi-IN'], 'HI'],
    [null, ['id-ID'], 'ID'],
    [null, ['in'], 'ID'],
    [null, ['ja'], 'JA'],
    [null, ['km-KH'], 'KM'],
    [null, ['ko-KR'], 'KO'],
    [null, ['ta-IN'], 'TA'],
    [null, ['th-TH'], 'TH'],
    [null, ['vi-VN'], 'VI'],
    [null, ['ur-PK'], 'UR'],
    [null, ['ms-MY'], 'MS'],
    [null, ['bn-BD'], 'BN'],
    [null, ['tr-TR'], 'TR'],
    [null, ['de-DE', 'xx', 'ko'], 'KO'],
    [null, ['fr-FR', 'vi', 'ja'], 'VI'],
    [null, ['de-DE'], 'CN'],
    [null, ['xx-YY'], 'CN'],
    [null, [], 'CN'],
    ['garbage', ['also-garbage'], 'CN'],
  ];
  for (const [stored, browser, expected] of rows) {
    it(`stored ${JSON.stringify(stored)}, browser ${JSON.stringify(browser)} → ${expected}`, () => {
      expect(detectLanguage(stored, browser)).to.equal(expected);
    });
  }

  it('normaliseLanguage gives undefined for unknown tags', () => {
    expect(normaliseLanguage('de')).to.equal(undefined);
    expect(normaliseLanguage('')).to.equal(undefined);
    expect(normaliseLanguage(null)).to.equal(undefined);
  });

  // What a page starts in, from the real local storage and navigator.languages.
  const startRows: { stored?: string; browser: string[]; expected: string }[] = [
    { browser: ['en-US', 'en'], expected: 'EN' },
    { browser: ['ur-PK'], expected: 'UR' },
    { browser: ['de-DE'], expected: 'CN' },
    { stored: '"TH"', browser: ['en-US'], expected: 'TH' },
    { stored: '"XX"', browser: ['vi-VN'], expected: 'VI' },
  ];
  for (const row of startRows) {
    it(`initialLanguage: stored ${row.stored ?? 'nothing'}, browser ${row.browser.join(',')} → ${row.expected}`, () => {
      const restore = fakeProperty(navigator, 'languages', () => row.browser);
      try {
        localStorage.removeItem(LANGUAGE_KEY);
        if (row.stored) localStorage.setItem(LANGUAGE_KEY, row.stored);
        expect(initialLanguage()).to.equal(row.expected);
      } finally {
        restore();
        localStorage.removeItem(LANGUAGE_KEY);
      }
    });
  }
});

describe('text direction', () => {
  it('UR is right to left', () => {
    expect(RTL_LANGUAGES.has('UR')).to.equal(true);
    expect(isRtl('UR')).to.equal(true);
  });
  for (const code of ['CN', 'EN', 'TW', 'PT-BR', 'TH'] as const) {
    it(`${code} is left to right`, () => expect(isRtl(code)).to.equal(false));
  }
});

describe('setLanguage and the catalogues', () => {
  before(async () => {
    await ensureI18n();
  });

  it('remembers the choice in local storage', () => {
    setLanguage('EN');
    expect(language.value).to.equal('EN');
    expect(localStorage.getItem(LANGUAGE_KEY)).to.equal('"EN"');
  });

  it('normalises what it is given: browser tags map, unknown codes give CN', () => {
    setLanguage('zh-TW');
    expect(language.value).to.equal('TW');
    setLanguage('nonsense');
    expect(language.value).to.equal('CN');
  });

  it("EN gives English text for t('login')", async () => {
    setLanguage('EN');
    await waitFor(() => expect(t('login')).to.equal('Log in'));
    expect(t('home.member_title', { name: 'Ana' })).to.equal('Welcome back, Ana');
  });

  it("CN gives 登录 for t('login')", async () => {
    setLanguage('CN');
    await waitFor(() => expect(t('login')).to.equal('登录'));
    expect(t('home.member_title', { name: '小明' })).to.equal('欢迎回来，小明');
  });

  it('every listed language loads its own catalogue (ES gives Spanish, UR Urdu)', async () => {
    expect(LANGUAGES.filter((code) => typeof catalogues[code] !== 'function')).to.deep.equal([]);
    setLanguage('ES');
    await waitFor(() => expect(t('login')).to.equal(ES.login));
    expect(t('login')).to.not.equal(EN.login);
    setLanguage('UR');
    await waitFor(() => expect(t('login')).to.equal(UR.login));
  });

  it('every language shows its own text, PT-BR too (i18next reads it as pt-BR: its keys once showed)', async () => {
    for (const code of LANGUAGES) {
      const { default: own } = await catalogues[code]!();
      setLanguage(code);
      await waitFor(() => {
        expect(t('login'), code).to.equal(own['login']);
        expect(t('login.no_account'), code).to.equal(own['login.no_account']);
      });
    }
  });

  it('a change of language bumps i18nRevision so views re-render', async () => {
    setLanguage('CN');
    await waitFor(() => expect(t('login')).to.equal('登录'));
    const before = i18nRevision.value;
    setLanguage('EN');
    await waitFor(() => expect(i18nRevision.value).to.be.greaterThan(before));
    expect(t('login')).to.equal('Log in');
  });
});
