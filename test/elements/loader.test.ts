/**
 * The script-tag loader (elements/loader.ts): an element's code is imported only when its tag is on
 * the page, its chunks and the visitor's language are preloaded at the same moment, and what a page
 * set on a tag before its code arrived is kept. The built loader is also driven end to end on a
 * merchant's origin in test/e2e/embed.test.ts.
 */
import { expect } from 'chai';
import { createLoader, type LoaderManifest } from '../../elements/loader.ts';
import { LANGUAGE_KEY } from '../../src/core/i18n/languages.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { part, waitFor } from '../browser-helpers/helpers.ts';

const manifest: LoaderManifest = {
  tags: {
    'wps-spinner': ['wps-spinner-AAAA.js', 'shared-BBBB.js'],
    'wps-notice': ['wps-notice-CCCC.js', 'shared-BBBB.js', 'modal-DDDD.js'],
  },
  languages: { EN: 'EN-1111.js', TH: 'TH-2222.js' },
  strings: { 'wps-own-strings': { EN: 'EN-5555.js', TH: 'TH-6666.js' } },
  api: ['wps-api-EEEE.js', 'shared-BBBB.js'],
};
const liteBase = 'https://operator.example/elements/lite/';
const reactBase = 'https://operator.example/elements/esm/';

// The real element modules stand in for the built files (esbuild evaluates them on first import()).
const realModules: Record<string, () => Promise<Record<string, unknown>>> = {
  'wps-spinner': () => import('../../elements/spinner.tsx'),
  'wps-notice': () => import('../../elements/notice.tsx'),
};

let imported: string[];
let holder: HTMLElement;
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href);

function loaderFor(build: 'lite' | 'react', fail: boolean | { now: boolean } = false) {
  return createLoader({
    manifest,
    liteBase,
    reactBase,
    build,
    importModule: async (url) => {
      imported.push(url);
      if (typeof fail === 'boolean' ? fail : fail.now) throw new TypeError('Failed to fetch dynamically imported module');
      if (url.endsWith('wps-api-EEEE.js')) return { configure: (c: unknown) => imported.push(`configure ${JSON.stringify(c)}`) };
      const tag = Object.keys(realModules).find((t) => url.includes(`/${t}`));
      return tag ? realModules[tag]!() : {};
    },
  });
}

before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  imported = [];
  localStorage.setItem(LANGUAGE_KEY, '"TH"');
  holder = document.createElement('div');
  document.body.append(holder);
});
afterEach(() => {
  holder.remove();
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((l) => l.remove());
  localStorage.clear();
});

describe('element loader', () => {
  it('imports nothing while no known tag is on the page, nor for a tag already defined', () => {
    customElements.define('wps-defined-here', class extends HTMLElement {});
    manifest.tags['wps-defined-here'] = ['wps-defined-here-FFFF.js'];
    holder.innerHTML = '<wps-unknown></wps-unknown><p>merchant text</p><wps-defined-here></wps-defined-here>';
    loaderFor('lite').scan(document);
    expect(imported).to.deep.equal([]);
    expect(preloads()).to.deep.equal([]);
  });

  it('a tag with its own strings (the download bar) preloads those, not the whole catalogue', () => {
    manifest.tags['wps-own-strings'] = ['wps-own-strings-GGGG.js', 'shared-BBBB.js'];
    holder.innerHTML = '<wps-own-strings></wps-own-strings>';
    loaderFor('lite').scan(document);
    expect(imported).to.deep.equal([`${liteBase}wps-own-strings-GGGG.js`]);
    expect(preloads()).to.deep.equal([`${liteBase}shared-BBBB.js`, `${liteBase}TH-6666.js`]);
  });

  it('a tag present at start: its entry is imported, and its chunks and the visitor language preloaded at once', () => {
    holder.innerHTML = '<wps-notice></wps-notice>';
    loaderFor('lite').scan(document);
    expect(imported).to.deep.equal([`${liteBase}wps-notice-CCCC.js`]);
    expect(preloads()).to.deep.equal([`${liteBase}shared-BBBB.js`, `${liteBase}modal-DDDD.js`, `${liteBase}TH-2222.js`]);
  });

  it('a tag added later, deep in a subtree, is loaded when it arrives; twice the same tag imports once', async () => {
    const loader = loaderFor('lite');
    const stop = loader.observe(document);
    expect(imported).to.deep.equal([]);
    const section = document.createElement('section');
    section.innerHTML = '<div><wps-notice></wps-notice><wps-notice></wps-notice></div>';
    holder.append(section);
    await waitFor(() => expect(imported).to.deep.equal([`${liteBase}wps-notice-CCCC.js`]));
    holder.append(document.createElement('wps-notice'));
    await new Promise((r) => setTimeout(r, 20));
    expect(imported).to.have.length(1);
    // A chunk two elements share is preloaded once.
    expect(preloads().filter((h) => h.endsWith('shared-BBBB.js'))).to.have.length(1);
    stop();
  });

  it('keeps the attributes and properties a page set before the code arrived', async () => {
    holder.innerHTML = '<wps-spinner open label="Preparing your game"></wps-spinner>';
    const el = holder.firstElementChild as HTMLElement & { timeout?: number };
    el.timeout = 0; // set while <wps-spinner> is still an unknown element
    expect(customElements.get('wps-spinner')).to.equal(undefined);
    await loaderFor('lite').load('wps-spinner');
    expect(customElements.get('wps-spinner')).to.not.equal(undefined);
    await waitFor(() => expect(part(el, 'label')?.textContent).to.equal('Preparing your game'));
    expect(el.timeout).to.equal(0);
    expect(Object.prototype.hasOwnProperty.call(el, 'timeout'), 'moved onto the accessor').to.equal(false);
    expect(el.getAttribute('timeout')).to.equal('0');
  });

  it('the React build: the same tag from the unhashed React modules, nothing preloaded', async () => {
    await loaderFor('react').load('wps-spinner');
    expect(imported).to.deep.equal([`${reactBase}wps-spinner.js`]);
    expect(preloads()).to.deep.equal([]);
  });

  it('configure() loads the small api entry, not an element', async () => {
    await loaderFor('lite').api.configure({ merchant: 'demo' });
    expect(imported).to.deep.equal([`${liteBase}wps-api-EEEE.js`, 'configure {"merchant":"demo"}']);
  });

  it('when the connection comes back, a tag still waiting for its code is loaded again', async () => {
    const offline = { now: true };
    const original = console.error;
    console.error = () => undefined;
    try {
      manifest.tags['wps-promo-later'] = ['wps-promo-later-GGGG.js'];
      holder.innerHTML = '<wps-promo-later></wps-promo-later>';
      loaderFor('lite', offline).scan(document);
      await waitFor(() => expect(imported).to.have.length(1));
      await new Promise((r) => setTimeout(r, 10));
      offline.now = false;
      window.dispatchEvent(new Event('online'));
      await waitFor(() =>
        expect(imported).to.deep.equal([`${liteBase}wps-promo-later-GGGG.js`, `${liteBase}wps-promo-later-GGGG.js`]),
      );
    } finally {
      console.error = original;
    }
  });

  it('a module that cannot load is named in the console, load() rejects and a later load() tries again; an unknown tag rejects', async () => {
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const loader = loaderFor('lite', true);
      const failure = await loader.load('wps-notice').catch((e: unknown) => e);
      expect(failure).to.be.instanceOf(TypeError);
      expect(String(errors[0]?.[0])).to.contain('<wps-notice>');
      const unknown = await loader.load('wps-nothing').catch((e: unknown) => e);
      expect(String(unknown)).to.contain('<wps-nothing>');
      // Not remembered as failed: the next load() tries again.
      await loader.load('wps-notice').catch(() => undefined);
      expect(imported.filter((u) => u.endsWith('wps-notice-CCCC.js'))).to.have.length(2);
    } finally {
      console.error = original;
    }
  });
});
