/**
 * The script tag a merchant adds (`dist/elements/wps-elements.js`). It knows every `wps-*` tag and
 * imports an element's module only when that tag appears on the page, at load or later. It also
 * preloads the module's shared chunks and the visitor's language catalogue at the same moment, so
 * nothing waits on a chain of requests. Attributes and properties set before the code arrives are
 * kept: the browser upgrades the waiting elements, and `defineElement` re-applies early properties.
 *
 * By default the lite build (React aliased to preact/compat) is used; `data-build="react"` on the
 * script tag or `window.WPS_CONFIG = { build: 'react' }` selects the React build of the same source.
 */
import { initialLanguage } from '../src/core/i18n/languages.ts';

export interface LoaderManifest {
  /** Tag → its entry file followed by every chunk it imports statically (relative to the build folder). */
  tags: Record<string, string[]>;
  /** Language code → its catalogue chunk. */
  languages: Record<string, string>;
  /** Tag → language code → its own strings, for a tag that loads them instead of the catalogue (the download bar). */
  strings?: Record<string, Record<string, string>>;
  /** The entry that exports `configure` and `setLanguage`, with its chunks. */
  api: string[];
}

interface ElementModule {
  [name: string]: unknown;
}

export interface LoaderOptions {
  manifest: LoaderManifest;
  /** Folder URL of the lite build. */
  liteBase: string;
  /** Folder URL of the React build (one unhashed module per tag). */
  reactBase: string;
  build: 'lite' | 'react';
  importModule?: (url: string) => Promise<ElementModule>;
}

export interface WpsElementsApi {
  readonly build: 'lite' | 'react';
  /** Loads an element's code now (for tags the loader cannot see, e.g. inside another shadow root). */
  load(tag: string): Promise<ElementModule>;
  configure(config: { merchant?: string; apiBase?: string }): Promise<void>;
  setLanguage(code: string): Promise<void>;
  openTwoFactor(detail: unknown): Promise<unknown>;
}

/** Calls `use(tag)` for every known, still undefined element in `root` (itself included). */
export function scanForTags(root: Element | Document, known: (tag: string) => boolean, use: (tag: string) => unknown) {
  if (root instanceof Element && known(root.localName) && !customElements.get(root.localName)) use(root.localName);
  for (const el of root.querySelectorAll(':not(:defined)')) if (known(el.localName)) use(el.localName);
}

/** Scans the document now and every subtree added later (the lazy-upgrade pattern); returns a stop. */
export function watchForTags(doc: Document, known: (tag: string) => boolean, use: (tag: string) => unknown): () => void {
  scanForTags(doc, known, use);
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node instanceof Element) scanForTags(node, known, use);
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export function createLoader(options: LoaderOptions) {
  const { manifest, liteBase, reactBase, build } = options;
  const importModule = options.importModule ?? ((url: string) => import(/* @vite-ignore */ url) as Promise<ElementModule>);
  const started = new Map<string, Promise<ElementModule>>();
  const preloaded = new Set<string>();

  const preload = (file: string) => {
    const href = new URL(file, liteBase).href;
    if (preloaded.has(href)) return;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  };

  /** Imports a lite entry with its chunks and the visitor's language fetched in parallel. */
  const importLite = (files: string[], tag?: string) => {
    files.slice(1).forEach(preload);
    const catalogue = ((tag && manifest.strings?.[tag]) || manifest.languages)[initialLanguage()];
    if (catalogue) preload(catalogue);
    return importModule(new URL(files[0]!, liteBase).href);
  };

  function load(tag: string): Promise<ElementModule> {
    let loading = started.get(tag);
    if (loading) return loading;
    const files = manifest.tags[tag];
    if (!files) return Promise.reject(new Error(`wps-elements: there is no element <${tag}>`));
    loading = build === 'react' ? importModule(new URL(`${tag}.js`, reactBase).href) : importLite(files, tag);
    loading.catch((error: unknown) => {
      console.error(`wps-elements: the code of <${tag}> could not be loaded`, error);
      // Try again on the next load() or scan, and by itself when the connection comes back.
      started.delete(tag);
      window.addEventListener('online', () => scan(document), { once: true });
    });
    started.set(tag, loading);
    return loading;
  }

  const known = (tag: string) => tag in manifest.tags;
  const scan = (root: Element | Document) => scanForTags(root, known, load);
  const observe = (doc: Document) => watchForTags(doc, known, load);

  let api: Promise<ElementModule> | undefined;
  const loadApi = () =>
    (api ??= build === 'react' ? importModule(new URL('wps-api.js', reactBase).href) : importLite(manifest.api));
  const call = async (name: string, ...args: unknown[]) => ((await loadApi())[name] as (...a: unknown[]) => void)(...args);

  const publicApi: WpsElementsApi = {
    build,
    load,
    configure: (config) => call('configure', config),
    setLanguage: (code) => call('setLanguage', code),
    openTwoFactor: async (detail) => ((await load('wps-two-factor')).openTwoFactor as (d: unknown) => unknown)(detail),
  };
  return { load, scan, observe, api: publicApi };
}
