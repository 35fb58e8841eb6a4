// The prerendered shells of /m/home, /m/login and /m/register (docs/performance.md, "Prerendered
// shells"): after rollup has written dist/m/index.html, renders the same React components in Node,
// for a visitor in each language, into copies of that page, so the first paint needs no JavaScript.
// Writes dist/m/shells/<LANGUAGE>/<page>.html (the reference server picks one by the player's
// language) and the default language's at dist/m/<page>.html (what a plain static host serves).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The pages that get a shell, a player's usual first screens: route -> file name (the service worker reads it too). */
const SHELL_PAGES = JSON.parse(readFileSync('host/shells.json', 'utf8'));

installBrowserStandIn();

// Inside the project, so the bundle finds React and the libraries in node_modules.
mkdirSync('dist/meta', { recursive: true });
const outdir = mkdtempSync('dist/meta/prerender-');
try {
  await build({
    entryPoints: { prerender: 'host/prerender.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir,
    // The same React and libraries as the browser build, from node_modules.
    packages: 'external',
    jsx: 'automatic',
    loader: { '.css': 'text' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const { renderShell, LANGUAGES, DEFAULT_LANGUAGE, FROM_BROWSER, RTL_LANGUAGES, htmlLang } = await import(
    pathToFileURL(resolve(outdir, 'prerender.js')).href
  );
  const page = readFileSync('dist/m/index.html', 'utf8');
  if (!page.includes('<div id="root"></div>') || !/<html lang="[^"]*">/.test(page))
    throw new Error('dist/m/index.html has no empty root or <html lang>: the shells cannot be made');
  // A shell carries the page's stylesheet in its own HTML: its first paint then waits for nothing
  // but the HTML (one round trip less on a phone network; the scripts that arrive meanwhile no longer
  // land before the paint). About 4 KB gzip more per shell, within the first round trip's bytes.
  // The server allows exactly this inline style by its hash (dist/meta/csp.json, server/infra/static.ts).
  const link = page.match(/<link rel="stylesheet" href="\/m\/(assets\/host-[\w-]+\.css)" \/>/);
  if (!link) throw new Error('dist/m/index.html links no host stylesheet: the shells cannot carry it');
  const css = readFileSync(`dist/m/${link[1]}`, 'utf8').trim();
  if (css.includes('</')) throw new Error(`${link[1]} holds "</": it cannot be inlined`);
  const template = page.replace(link[0], () => `<style>${css}</style>`);
  const csp = JSON.parse(readFileSync('dist/meta/csp.json', 'utf8'));
  csp.styleSrc = [`'sha256-${createHash('sha256').update(css).digest('base64')}'`];
  writeFileSync('dist/meta/csp.json', JSON.stringify(csp, null, 2));
  let count = 0;
  let bytes = 0;
  for (const lang of LANGUAGES) {
    mkdirSync(`dist/m/shells/${lang}`, { recursive: true });
    for (const [path, name] of Object.entries(SHELL_PAGES)) {
      const root = await renderShell(path, lang);
      const html = template
        .replace(
          /<html lang="[^"]*">/,
          `<html lang="${htmlLang(lang)}" dir="${RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr'}" data-shell="${lang}" data-shell-path="${path}">`,
        )
        .replace('<div id="root"></div>', () => `<div id="root">${root}</div>`);
      writeFileSync(`dist/m/shells/${lang}/${name}.html`, html);
      if (lang === DEFAULT_LANGUAGE) writeFileSync(`dist/m/${name}.html`, html);
      count++;
      bytes += html.length;
    }
  }
  // The reference server's choice of shell (server/infra/shells.ts).
  const table = { pages: SHELL_PAGES, languages: LANGUAGES, default: DEFAULT_LANGUAGE, browserTags: FROM_BROWSER };
  writeFileSync('dist/meta/shells.json', JSON.stringify(table, null, 2));
  console.log(
    `prerender: ${count} shells (${LANGUAGES.length} languages), ${(bytes / count / 1024).toFixed(1)} KiB each on average`,
  );
} finally {
  rmSync(outdir, { recursive: true, force: true });
}

/**
 * What the components and their modules touch of a browser while they render once: storage, the
 * location, a document with no elements, custom elements that never upgrade. Effects do not run in
 * a server render, so nothing else is needed; a module that needs more fails the build loudly.
 */
function installBrowserStandIn() {
  const memoryStorage = () => {
    const items = new Map();
    return {
      getItem: (k) => (items.has(k) ? items.get(k) : null),
      setItem: (k, v) => void items.set(k, String(v)),
      removeItem: (k) => void items.delete(k),
      clear: () => items.clear(),
      key: (i) => [...items.keys()][i] ?? null,
      get length() {
        return items.size;
      },
    };
  };
  const noop = () => {};
  const events = { addEventListener: noop, removeEventListener: noop, dispatchEvent: () => true };
  class StandInElement {
    attachShadow() {
      return { adoptedStyleSheets: [], ...events };
    }
  }
  class StandInSheet {
    replaceSync() {}
  }
  const element = () => ({ style: {}, dataset: {}, setAttribute: noop, append: noop, ...events });
  const document = {
    ...events,
    documentElement: {
      lang: '',
      dir: '',
      style: { setProperty: noop },
      dataset: {},
      classList: { add: noop, remove: noop, contains: () => false },
    },
    head: element(),
    body: element(),
    adoptedStyleSheets: [],
    visibilityState: 'visible',
    cookie: '',
    referrer: '',
    querySelector: () => null,
    querySelectorAll: () => [],
    getElementById: () => null,
    createElement: element,
  };
  const location = new URL('https://prerender.invalid/m/home');
  Object.assign(globalThis, {
    window: globalThis,
    self: globalThis,
    document,
    location,
    history: { state: null, length: 1, replaceState: noop, pushState: noop, back: noop },
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    HTMLElement: StandInElement,
    CSSStyleSheet: StandInSheet,
    customElements: { define: noop, get: () => undefined, whenDefined: () => new Promise(noop) },
    matchMedia: () => ({ matches: false, ...events, addListener: noop, removeListener: noop }),
    getComputedStyle: () => ({ getPropertyValue: () => '' }),
    requestAnimationFrame: (fn) => setTimeout(fn, 16),
    cancelAnimationFrame: (id) => clearTimeout(id),
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => true,
    innerWidth: 412,
    innerHeight: 915,
  });
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: '', languages: [], language: '', onLine: true, standalone: false, maxTouchPoints: 0 },
    configurable: true,
  });
}
