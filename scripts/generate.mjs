// Files and regions written from one source rather than kept by hand (docs/architecture.md,
// "Generated, not hand-kept"). Each generated region sits between marker comments; what is outside
// them stays hand-written:
//   src/**/locales/index.ts   the 21 catalogue loaders, one per LANGUAGES entry (src/contract/language-codes.ts)
//   host/lazyElements.ts      the tag → module table, from the element files (the loader manifest's tags)
//   docs/elements.md          each element's table, from its JSDoc (the manifest custom-elements.json)
//   elements/jsx.d.ts         the JSX and tag-map types (scripts/elements-manifest.mjs)
// `npm run generate` writes them; `--check` writes nothing and fails when one is stale (npm test runs
// the same comparison: test/build/generated.test.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildManifest, jsxTypes } from './elements-manifest.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => readFileSync(join(ROOT, file), 'utf8');

/** LANGUAGES of src/contract/language-codes.ts, read from its source (plain node runs this script). */
export function languages() {
  const list = /export const LANGUAGES = \[([^\]]*)\] as const/.exec(read('src/contract/language-codes.ts'))?.[1];
  const codes = [...(list ?? '').matchAll(/'([A-Z-]+)'/g)].map((m) => m[1]);
  if (codes.length < 2) throw new Error('generate: LANGUAGES not found in src/contract/language-codes.ts');
  return codes;
}

/**
 * Replaces the lines between `<generated: name>` and `</generated>` (each on a line of its own, in
 * whatever comment syntax) with `lines`, indented as the opening marker.
 */
export function fillRegion(text, name, lines, file) {
  const all = text.split('\n');
  const start = all.findIndex((l) => l.includes(`<generated: ${name}>`));
  const end = start < 0 ? -1 : all.findIndex((l, i) => i > start && l.includes('</generated>'));
  if (start < 0 || end < 0) throw new Error(`generate: ${file} has no <generated: ${name}> … </generated> region`);
  const indent = /^\s*/.exec(all[start])[0];
  return [...all.slice(0, start + 1), ...lines.map((l) => (l ? indent + l : l)), ...all.slice(end)].join('\n');
}

function files(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    return e.isDirectory() ? files(path) : [path];
  });
}

/** Every catalogue loader table: `CODE: () => import('./CODE.json'),` for each language. */
function loaderTables() {
  const codes = languages();
  const lines = codes.map((c) => `${/^[A-Z]+$/.test(c) ? c : `'${c}'`}: () => import('./${c}.json'),`);
  return files('src')
    .filter((f) => f.endsWith('/locales/index.ts'))
    .sort()
    .map((file) => ({ file, text: fillRegion(read(file), 'language loaders', lines, file) }));
}

/**
 * Tags /m's pages or overlays load themselves (they import the module), and tags /m never shows:
 * left out of the lazy table. The rest of the elements (the tags of the loader manifest, one per
 * elements/*.tsx) load when their tag first appears on /m.
 */
const NOT_ON_M = {
  'wps-captcha': 'shown inside the sign-in forms, whose element layer defines it (defineCaptcha)',
  'wps-country-picker': 'shown inside the sign-in forms, which load it',
  'wps-notice-popup': "merchants' pages: /m shows announcements with <wps-announcement>",
};

function lazyElements() {
  const file = 'host/lazyElements.ts';
  const elementFiles = readdirSync(join(ROOT, 'elements'))
    .filter((f) => f.endsWith('.tsx') && f !== 'define.tsx')
    .sort();
  // Element modules the host imports itself, statically (pages) or on its own terms (Overlays).
  const ownImports = new Set(
    files('host')
      .filter((f) => /\.tsx?$/.test(f) && f !== file)
      .flatMap((f) => [...read(f).matchAll(/['"](?:\.\.\/)+elements\/([\w-]+\.tsx)['"]/g)].map((m) => m[1])),
  );
  const lines = elementFiles
    .filter((f) => !ownImports.has(f) && !(`wps-${f.replace(/\.tsx$/, '')}` in NOT_ON_M))
    .map((f) => {
      const load = `import('../elements/${f}')`;
      // The install family asks for its strings with its code (one wave, not two).
      const installStrings = /\binstallStrings\b/.test(read(`elements/${f}`));
      return `'wps-${f.replace(/\.tsx$/, '')}': () => ${installStrings ? `withInstallStrings(${load})` : load},`;
    });
  return { file, text: fillRegion(read(file), 'lazy elements', lines, file) };
}

const cell = (s) =>
  String(s ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
const typed = (type) => (type && type !== 'string' ? ` (${cell(type)})` : '');
/** Names with the same description (or none) share one row, in the order they first appear. */
function grouped(kind, plural, items) {
  const groups = new Map();
  for (const i of items) groups.set(i.description, [...(groups.get(i.description) ?? []), i.name]);
  return [...groups].map(([description, names]) => {
    const list = names.map((n) => `\`${n}\``).join(', ');
    return `| ${names.length > 1 ? plural : kind} | ${list} |${description ? ` ${cell(description)} ` : ' '}|`;
  });
}

/** An element's table in docs/elements.md (the attributes every element has are described once, at the top). */
export function elementTable(d) {
  const common = new Set(['merchant', 'api-base']);
  return [
    '| | name | detail / meaning |',
    '|---|---|---|',
    ...d.attributes
      .filter((a) => !common.has(a.name))
      .map((a) => `| attribute | \`${a.name}\`${typed(a.type.text)} | ${cell(a.description)} |`),
    ...d.members
      .filter((m) => m.kind === 'field')
      .map((m) => `| property | \`${m.name}\`${typed(m.type.text)} | ${cell(m.description)} |`),
    ...d.members.filter((m) => m.kind === 'method').map((m) => `| method | \`${m.name}()\` | ${cell(m.description)} |`),
    ...d.events.map((e) => `| event | \`${e.name}\` | ${cell(e.description)} |`),
    ...(d.cssStates ?? []).map((s) => `| state | \`${s.name}\` | \`:state(${s.name})\`: ${cell(s.description)} |`),
    ...grouped('part', 'parts', d.cssParts),
    ...grouped('custom property', 'custom properties', d.cssProperties),
    ...(d.slots ?? []).map((s) => `| slot | \`${s.name || '(default)'}\` | ${cell(s.description)} |`),
  ];
}

function elementsDoc(manifest) {
  const file = 'docs/elements.md';
  let text = read(file);
  for (const { declarations } of manifest.modules) {
    const d = declarations[0];
    text = fillRegion(text, `element ${d.tagName}`, elementTable(d), file);
  }
  return { file, text };
}

/** Every generated file as it should be: `{ file, text }`, file relative to the repository. */
export function generatedFiles() {
  const { manifest, errors } = buildManifest();
  if (errors.length) throw new Error(`generate: the elements' JSDoc and code disagree:\n${errors.join('\n')}`);
  return [...loaderTables(), lazyElements(), elementsDoc(manifest), { file: 'elements/jsx.d.ts', text: jsxTypes(manifest) }];
}

/** The generated files whose text on disk differs. */
export const staleFiles = () => generatedFiles().filter(({ file, text }) => read(file) !== text);

function main() {
  const stale = staleFiles();
  if (process.argv.includes('--check')) {
    if (stale.length) {
      console.error(`generate: stale, run npm run generate: ${stale.map((s) => s.file).join(', ')}`);
      process.exit(1);
    }
    return;
  }
  for (const { file, text } of stale) writeFileSync(join(ROOT, file), text);
  console.log(
    `generate: ${stale.length ? `wrote ${stale.map((s) => relative('.', join(ROOT, s.file))).join(', ')}` : 'all up to date'}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
