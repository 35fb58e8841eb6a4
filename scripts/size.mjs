// `npm run size`: what a visitor downloads, in gzip (and brotli where it is served so), against the
// budgets of docs/performance.md. Fails when a budget is exceeded or a library that must load
// lazily (crypto, sanitiser, identity provider) sits in a first load.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { join } from 'node:path';

const KB = 1024;
const BUDGET = {
  /** /m/home: main.js and what it imports statically. */
  hostFirstLoad: 92 * KB,
  /** The script tag a merchant adds. */
  loader: 4 * KB,
  /**
   * A merchant page with only <wps-download-bar>: loader + element + chunks + its largest strings.
   * Issue 29: at most 23 KB, half the peer; 20.8 KB measured (docs/performance.md).
   */
  merchantDownloadBar: 22 * KB,
  /**
   * What the first element after the bar adds once: the elements' runtime (preact/compat, r2wc,
   * define.tsx, signals-react) and the core catalogue's largest language. The bar renders without it.
   */
  elementsRuntime: 19 * KB,
  /** What one more simple element adds to that page. */
  furtherSimpleElement: 6 * KB,
  /** Service worker precache, uncompressed. See docs/performance.md for why not 300 KiB. */
  precacheRaw: 320 * KB,
  /** The mini-game script, on pages that are not ours (docs/mini-game.md): all of it, every language's texts. */
  miniGame: 5 * KB,
};
/** The peer element measured the same way: @khmyznikov/pwa-install 0.7.0, one file, gzip. */
const PEER = 46.1 * KB;
/** Composite sign-in elements: measured, budgeted as a page of their own, not as "simple". */
const NOT_SIMPLE = new Set(['wps-login-form', 'wps-register-form', 'wps-two-factor']);
const SIGN_IN_BUDGET = 30 * KB;
/**
 * The install overlays share one feature chunk (the user-agent table, the install rules, the
 * overlay queue, their styles): the first one on a page pays for it, the others add their view.
 * Budgeted alone and as a family; with the download bar they stay under the peer install element.
 */
const INSTALL_FAMILY = new Set(['wps-install-prompt', 'wps-ios-guide', 'wps-inapp-guide']);
const INSTALL_ELEMENT_BUDGET = 9 * KB;
/** Issue 29: 11 KB as a family (11.9 before; docs/performance.md, "The install family's bytes"). */
const INSTALL_FAMILY_BUDGET = 11 * KB;
/**
 * The announcement popups: slides, swipe, autoplay, the hiding rules and links of server HTML.
 * Budgeted as composite; the sanitiser (DOMPurify) is a further chunk, loaded only when there is HTML
 * to show, and reported below.
 */
const ANNOUNCEMENT = new Set(['wps-announcement', 'wps-notice-popup']);
const ANNOUNCEMENT_BUDGET = 9 * KB;
const LAZY_ONLY = ['jsencrypt', 'crypto-js', 'dompurify', 'firebase', '@firebase'];

const cache = new Map();
const sizes = (file) => {
  if (!cache.has(file)) {
    const raw = readFileSync(file);
    cache.set(file, {
      raw: raw.length,
      gz: gzipSync(raw, { level: 9 }).length,
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return cache.get(file);
};
const sum = (files, key) => files.reduce((n, f) => n + sizes(f)[key], 0);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
let failed = false;
const check = (label, value, budget, extra = '') => {
  const ok = value <= budget;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${kb(value)} (budget ${kb(budget)})${extra}`);
  if (!ok) failed = true;
};

for (const f of [
  'dist/meta/host-chunks.json',
  'dist/meta/loader-manifest.json',
  'dist/meta/lite-chunks.json',
  'dist/meta/precache.json',
  'dist/mini-game/minigame.js',
]) {
  if (!existsSync(f)) {
    console.error(`${f} is missing: run npm run build first`);
    process.exit(1);
  }
}

// --- /m host -------------------------------------------------------------------------------
const chunks = JSON.parse(readFileSync('dist/meta/host-chunks.json', 'utf8'));
const byName = new Map(chunks.map((c) => [c.fileName, c]));
const closure = (start, imports) => {
  const files = [start];
  for (let i = 0; i < files.length; i++) for (const f of imports(files[i])) if (!files.includes(f)) files.push(f);
  return files;
};
const firstLoad = closure(chunks.find((c) => c.isEntry).fileName, (f) => byName.get(f).imports);
const hostFiles = firstLoad.map((f) => join('dist/m', f));
// The core catalogue (feature parts have their own locales folders).
const languageChunk = (lang) => chunks.find((c) => c.modules.some((m) => m.endsWith(`/core/i18n/locales/${lang}.json`)));
const cn = join('dist/m', languageChunk('CN').fileName);
console.log('/m/home');
check(
  'first-load JS, gzip',
  sum(hostFiles, 'gz'),
  BUDGET.hostFirstLoad,
  `; brotli ${kb(sum(hostFiles, 'br'))}; with the default language (CN) ${kb(sum([...hostFiles, cn], 'gz'))} gzip, ${kb(sum([...hostFiles, cn], 'br'))} brotli`,
);
for (const name of firstLoad) {
  const offenders = byName.get(name).modules.filter((m) => LAZY_ONLY.some((lib) => m.includes(`/node_modules/${lib}/`)));
  if (offenders.length) {
    console.error(`FAIL ${name} in the first load holds ${offenders.length} module(s) that must load lazily`);
    failed = true;
  }
}
const precache = JSON.parse(readFileSync('dist/meta/precache.json', 'utf8'));
check(`service worker precache (${precache.count} files), raw`, precache.size, BUDGET.precacheRaw);
// Home's code after the paint (docs/performance.md, "Waves after the paint"): what a first visit can
// load after main.js, from the modules that start it. A chunk's wave is the number of requests in a
// row after main.js before it is asked for: a dynamic import is one, and each level of its static
// imports that are not in memory yet is one more (the browser finds them only once it has the file).
const HOME_AFTER_PAINT = [
  // wave 1: asked for by main.js once the first frame is on screen
  /host\/afterPaint\.ts$/,
  /host\/HomeEngagement\.tsx$/,
  /host\/BottomNav\.tsx$/,
  // what those load: the overlays, the elements on home, the languages of the core and the features
  /host\/Overlays\.tsx$/,
  /elements\/(download-bar|customer-service|chat-button|announcement|notice|network-notice|vip-badge|install-prompt|ios-guide|inapp-guide|image-popup|push-prompt)\.tsx$/,
  /src\/core\/i18n\/locales\/[\w-]+\.json$/,
  /src\/features\/(install|push)\/locales\/[\w-]+\.json$/,
  /src\/features\/tracking\/index\.ts$/,
  /node_modules\/(dompurify|workbox-window)\//,
];
const MAX_WAVE = 2;
const staticClosure = (f) => closure(f, (x) => byName.get(x).imports);
const onHome = (c) => c.modules.some((m) => HOME_AFTER_PAINT.some((re) => re.test(m)));
const wave = new Map(firstLoad.map((f) => [f, 0]));
for (const queue = [...firstLoad]; queue.length > 0;) {
  const from = queue.shift();
  const inMemory = new Set([...firstLoad, ...staticClosure(from)]);
  for (const target of staticClosure(from).flatMap((f) => byName.get(f).dynamicImports)) {
    if (!onHome(byName.get(target))) continue;
    const level = new Map([[target, wave.get(from) + 1]]);
    for (const q = [target]; q.length > 0;) {
      const f = q.shift();
      for (const i of byName.get(f).imports) {
        if (inMemory.has(i) || level.has(i)) continue;
        level.set(i, level.get(f) + 1);
        q.push(i);
      }
    }
    for (const [f, w] of level) {
      if (wave.has(f) && wave.get(f) <= w) continue;
      wave.set(f, w);
      queue.push(f);
    }
  }
}
const byWave = (w) => [...wave].filter(([, n]) => n === w).map(([f]) => f);
const deepest = Math.max(...wave.values());
const isLanguage = (f) => byName.get(f).modules.every((m) => m.endsWith('.json'));
const waveLine = (w) => {
  const code = byWave(w).filter((f) => !isLanguage(f));
  return `wave ${w}: ${code.length} files of code (${kb(
    sum(
      code.map((f) => join('dist/m', f)),
      'gz',
    ),
  )} gzip) and languages`;
};
console.log(
  `${deepest <= MAX_WAVE ? 'ok  ' : 'FAIL'} home after the paint: chains at most ${deepest} deep after main.js (budget ${MAX_WAVE}); ${[1, 2].map(waveLine).join('; ')}`,
);
if (deepest > MAX_WAVE) {
  for (const [f, w] of wave) if (w > MAX_WAVE) console.error(`     ${f} is wave ${w}`);
  failed = true;
}
const lazyPages = chunks.filter(
  (c) => /host\/pages\/(?:member\/)?\w+Page\.tsx$/.test(c.modules.at(-1) ?? '') && !firstLoad.includes(c.fileName),
);
for (const c of lazyPages) {
  const own = closure(c.fileName, (f) => byName.get(f).imports).filter((f) => !firstLoad.includes(f));
  console.log(
    `     page ${c.fileName}: ${kb(
      sum(
        own.map((f) => join('dist/m', f)),
        'gz',
      ),
    )} gzip with the chunks main.js lacks`,
  );
}

// --- merchant pages through the loader (lite build) ------------------------------------------
const manifest = JSON.parse(readFileSync('dist/meta/loader-manifest.json', 'utf8'));
const liteModules = JSON.parse(readFileSync('dist/meta/lite-chunks.json', 'utf8'));
const lite = (f) => join('dist/elements/lite', f);
const loader = 'dist/elements/wps-elements.js';
const languages = Object.values(manifest.languages).map(lite);
const largestLanguage = languages.reduce((a, b) => (sizes(a).gz >= sizes(b).gz ? a : b));
console.log('\nmerchant page, script tag wps-elements.js (lite build)');
check('loader, gzip', sizes(loader).gz, BUDGET.loader, `; brotli ${kb(sizes(loader).br)}`);
const barFiles = [loader, ...manifest.tags['wps-download-bar'].map(lite)];
// The bar loads its own strings, not the catalogue (rollup.config.mjs, CATALOGUE_SLICES).
const barStrings = Object.values(manifest.strings?.['wps-download-bar'] ?? manifest.languages).map(lite);
const largestBarStrings = barStrings.reduce((a, b) => (sizes(a).gz >= sizes(b).gz ? a : b));
const barTotal = sum([...barFiles, largestBarStrings], 'gz');
check(
  'only <wps-download-bar>, with its largest language, gzip',
  barTotal,
  BUDGET.merchantDownloadBar,
  `; ${(barTotal / PEER).toFixed(2)} of the peer's 46.1 KB; brotli ${kb(sum([...barFiles, largestBarStrings], 'br'))}; strings ${kb(sizes(largestBarStrings).gz)} of that`,
);
// The elements' runtime: what every element built on define.tsx loads (the chunk of define.tsx and
// what all of them share), less what the bar page has.
const runtimeEntry = Object.keys(liteModules).find((f) => liteModules[f].some((m) => /\/elements\/define\.tsx$/.test(m)));
const framed = Object.values(manifest.tags).filter((files) => files.includes(runtimeEntry));
const runtime = framed[0]
  .filter((f) => framed.every((files) => files.includes(f)))
  .map(lite)
  .filter((f) => !barFiles.includes(f));
check(
  "  + the elements' runtime with the core catalogue's largest language (the first element after the bar)",
  sum([...runtime, largestLanguage], 'gz'),
  BUDGET.elementsRuntime,
  `; runtime ${kb(sum(runtime, 'gz'))}, language ${kb(sizes(largestLanguage).gz)}`,
);
const basePage = [...barFiles, ...runtime];
for (const [tag, files] of Object.entries(manifest.tags).sort()) {
  const added = files.map(lite).filter((f) => !basePage.includes(f));
  const bytes = sum(added, 'gz');
  if (tag === 'wps-download-bar') continue;
  if (NOT_SIMPLE.has(tag)) check(`  + <${tag}> (sign-in, not simple)`, bytes, SIGN_IN_BUDGET);
  else if (INSTALL_FAMILY.has(tag)) check(`  + <${tag}> (install family, first of it)`, bytes, INSTALL_ELEMENT_BUDGET);
  else if (ANNOUNCEMENT.has(tag)) check(`  + <${tag}> (composite, without the sanitiser)`, bytes, ANNOUNCEMENT_BUDGET);
  else check(`  + <${tag}>`, bytes, BUDGET.furtherSimpleElement);
  for (const f of files) {
    const offenders = (liteModules[f] ?? []).filter((m) => LAZY_ONLY.some((lib) => m.includes(`/node_modules/${lib}/`)));
    if (offenders.length) {
      console.error(`FAIL <${tag}> loads ${f} at once, which holds modules that must load lazily`);
      failed = true;
    }
  }
}
const installFiles = [...new Set([...INSTALL_FAMILY].flatMap((tag) => manifest.tags[tag].map(lite)))].filter(
  (f) => !basePage.includes(f),
);
// Their own strings (src/features/install/locales) load with them: the largest language counts. The
// build cuts the family's keys out of those files (rollup.config.mjs, PART_SLICES): those slices.
const installLocale = (m) => /features\/install\/locales\/[\w-]+\.json$/.test(m);
const installSlices = Object.entries(liteModules).filter(([, modules]) =>
  modules.some((m) => installLocale(m) && m.startsWith('\0catalogue-slice:')),
);
const installStrings = (
  installSlices.length > 0 ? installSlices : Object.entries(liteModules).filter(([, modules]) => modules.some(installLocale))
).map(([f]) => lite(f));
const largestInstallStrings = installStrings.reduce((a, b) => (sizes(a).gz >= sizes(b).gz ? a : b));
check(
  '  + the whole install family (prompt, iOS guide, in-app guide) with its largest strings',
  sum([...installFiles, largestInstallStrings], 'gz'),
  INSTALL_FAMILY_BUDGET,
  `; strings ${kb(sizes(largestInstallStrings).gz)} of that`,
);
const sanitiser = Object.entries(liteModules)
  .filter(([, modules]) => modules.some((m) => m.includes('/node_modules/dompurify/')))
  .map(([f]) => lite(f));
console.log(`     the sanitiser (DOMPurify), loaded when server HTML is shown: ${kb(sum(sanitiser, 'gz'))} gzip`);
const allTags = [...new Set([loader, ...Object.values(manifest.tags).flat().map(lite)])];
console.log(
  `     every element on one page: ${kb(sum(allTags, 'gz'))} gzip, ${kb(sum(allTags, 'br'))} brotli, plus one language`,
);

// --- React build of the elements (data-build="react") -----------------------------------------
const reactEntry = 'dist/elements/esm/wps-download-bar.js';
const staticImports = (file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'()]*?from\s*)?["'](\.[^"']+)["']/g)].map((m) =>
    join(file, '..', m[1]),
  );
console.log(
  `\nReact build, <wps-download-bar> alone: ${kb(sum(closure(reactEntry, staticImports), 'gz'))} gzip (for comparison)`,
);

// --- the mini-game script (one classic script, no chunks) -----------------------------------------
const miniGame = 'dist/mini-game/minigame.js';
console.log('\nmini-game script');
check(
  'minigame.js, gzip',
  sizes(miniGame).gz,
  BUDGET.miniGame,
  `; brotli ${kb(sizes(miniGame).br)}; raw ${kb(sizes(miniGame).raw)}`,
);

process.exit(failed ? 1 : 0);
