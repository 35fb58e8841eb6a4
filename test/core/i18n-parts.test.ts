/**
 * An element with only its own strings (the download bar, docs/performance.md) starts i18n without
 * the core catalogue; an element that needs the catalogue and comes later still gets it, and a
 * language switch loads both. A file of its own: i18n starts once per page.
 */
import { expect } from 'chai';
import {
  coreLoaded,
  coreStrings,
  ensureI18n,
  ensurePart,
  isCatalogueLoaded,
  language,
  partsReady,
  t,
  type CataloguePart,
} from '../../src/core/i18n/i18n.ts';
import { waitFor } from '../browser-helpers/helpers.ts';

const asked: string[] = [];
const own: CataloguePart = {
  name: 'own',
  loaders: {
    EN: async () => (asked.push('EN'), { default: { 'own.hello': 'Hello' } }),
    TH: async () => (asked.push('TH'), { default: { 'own.hello': 'สวัสดี' } }),
  },
};

describe('i18n with an element’s own strings only', () => {
  it('loads those strings and not the core catalogue', async () => {
    language.value = 'EN';
    await ensurePart(own);
    expect(t('own.hello')).to.equal('Hello');
    expect(partsReady([own])).to.equal(true);
    expect(isCatalogueLoaded('EN'), 'no core catalogue').to.equal(false);
    expect(partsReady([coreStrings])).to.equal(false);
    expect(coreLoaded(), 'elements built on define.tsx wait').to.equal(false);
    expect(t('login')).to.equal('login');
  });

  it('an element that needs the core catalogue, added later, gets it', async () => {
    await ensureI18n();
    expect(isCatalogueLoaded('EN')).to.equal(true);
    expect(coreLoaded()).to.equal(true);
    expect(t('login')).to.equal('Log in');
    expect(t('own.hello')).to.equal('Hello');
  });

  it('a language switch loads both', async () => {
    language.value = 'TH';
    await waitFor(() => expect(t('own.hello')).to.equal('สวัสดี'));
    expect(isCatalogueLoaded('TH')).to.equal(true);
    expect(asked).to.deep.equal(['EN', 'TH']);
    language.value = 'EN';
  });
});
