// The element's JSDoc is its contract (docs/architecture.md, Elements). This reads the JSDoc of
// every elements/*.tsx, checks it against the props the file gives defineElement(), and writes:
//   dist/elements/custom-elements.json   the Custom Elements Manifest (schema 2.1.0), shipped;
//   elements/jsx.d.ts                    JSX and HTMLElementTagNameMap types, generated (committed).
// `node scripts/elements-manifest.mjs` writes both; `--check` writes nothing and fails when the
// JSDoc and the code disagree or jsx.d.ts is stale (npm test runs it through test/contract).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ELEMENTS = join(ROOT, 'elements');
const JSX_FILE = join(ELEMENTS, 'jsx.d.ts');
/** Every element understands these (elements/define.tsx, COMMON_PROPS). */
const COMMON_ATTRS = [
  { name: 'merchant', type: 'string', description: 'merchant code, sent as the Merchant header' },
  { name: 'api-base', type: 'string', description: "origin of the operator's /wps API (default: this page's origin)" },
];

const toKebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, (_, a, b) => `${a}-${b.toLowerCase()}`);
const toCamel = (s) => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** The first JSDoc block: its description and its tags (a tag's text goes on until the next tag). */
export function parseJsDoc(source) {
  const block = /\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
  const lines = block.split('\n').map((l) => l.replace(/^\s*\* ?/, '').trimEnd());
  const description = [];
  const tags = [];
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (tag) tags.push({ tag: tag[1], text: tag[2] });
    else if (tags.length) tags.at(-1).text += line.trim() ? ` ${line.trim()}` : '';
    else description.push(line);
  }
  return { description: description.join('\n').trim(), tags };
}

/** `{type} name - description` (type optional; it may hold braces of its own). */
function typedEntry(text) {
  let rest = text.trim();
  let type;
  if (rest.startsWith('{')) {
    let depth = 0;
    let end = 0;
    for (; end < rest.length; end++) {
      if (rest[end] === '{') depth++;
      else if (rest[end] === '}' && --depth === 0) break;
    }
    type = rest.slice(1, end).trim();
    rest = rest.slice(end + 1).trim();
  }
  const m = /^([\w-]+)\s*(?:-\s*([\s\S]*))?$/.exec(rest);
  return m ? { type, name: m[1], description: (m[2] ?? '').trim() } : undefined;
}

/**
 * `a, b, c - description`: several names sharing one description. Also read: `x - what x is; also
 * a, b` (a and b without a description), `c (its own note)`, and labelled groups `…; the list: d, e`.
 */
function nameList(text) {
  const [names, ...rest] = text.split(/\s+-\s+/);
  let shared = rest.join(' - ').trim();
  let also = '';
  const more = /^(.*?)[;,]?\s*\balso\s+(.+)$/.exec(shared);
  if (more) [, shared, also] = more;
  const entries = (list, description) =>
    list
      .split(/[,;]/)
      .map((n) => /^(?:[^:(]*:\s*)?([\w<>-]+)\s*(?:\((.*)\))?/.exec(n.trim()))
      .filter(Boolean)
      .map(([, name, own]) => ({ name, description: own ?? description })); // `confirm (retry)`: its own note
  return [...entries(names, shared.trim()), ...entries(also, '')];
}

/** The props object given to defineElement in the element file: camelCase name -> type. */
export function definedProps(source) {
  const call = /defineElement(?:<[^>]*>)?\(\s*'([\w-]+)'\s*,\s*\{[\s\S]*?props:\s*\{([^}]*)\}/.exec(source);
  if (!call) return undefined;
  const props = {};
  for (const m of call[2].matchAll(/(\w+)\s*:\s*'(\w+)'/g)) props[m[1]] = m[2];
  return { tag: call[1], props };
}

/** One element file -> its manifest declaration, and the disagreements between JSDoc and code. */
export function describeElement(file, source) {
  const { description, tags } = parseJsDoc(source);
  const errors = [];
  const tagName = tags.find((t) => t.tag === 'element')?.text.trim();
  const defined = definedProps(source);
  if (!tagName) errors.push(`${file}: no @element tag`);
  if (!defined) errors.push(`${file}: no defineElement('wps-…', { props: {…} }) call`);
  if (tagName && defined && tagName !== defined.tag)
    errors.push(`${file}: @element ${tagName} but defineElement('${defined.tag}')`);

  const documented = tags
    .filter((t) => t.tag === 'attr')
    .map((t) => typedEntry(t.text))
    .filter(Boolean);
  const attributes = [...COMMON_ATTRS.filter((c) => !documented.some((d) => d.name === c.name)), ...documented].map((a) => ({
    name: a.name,
    fieldName: toCamel(a.name),
    type: { text: a.type ?? 'string' },
    description: a.description,
  }));
  for (const [prop, type] of Object.entries(defined?.props ?? {})) {
    const attr = documented.find((a) => a.name === toKebab(prop));
    if (type === 'json') continue; // objects and arrays are properties (@prop)
    if (!attr) errors.push(`${file}: prop ${prop} (${type}) has no @attr ${toKebab(prop)}`);
    else if (!typeMatches(attr.type, type))
      errors.push(`${file}: @attr ${attr.name} is {${attr.type}} but the code says ${type}`);
  }
  for (const attr of documented) {
    if (COMMON_ATTRS.some((c) => c.name === attr.name)) continue;
    if (!(toCamel(attr.name) in (defined?.props ?? {})))
      errors.push(`${file}: @attr ${attr.name} is not a prop of defineElement`);
  }

  const members = [
    ...tags
      .filter((t) => t.tag === 'prop')
      .map((t) => typedEntry(t.text))
      .filter(Boolean)
      .map((p) => ({ kind: 'field', name: p.name, type: { text: p.type ?? 'unknown' }, description: p.description })),
    ...tags
      .filter((t) => t.tag === 'method')
      .map((t) => typedEntry(t.text))
      .filter(Boolean)
      .map((m) => ({ kind: 'method', name: m.name, description: m.description })),
  ];
  const events = tags
    .filter((t) => t.tag === 'fires')
    .map((t) => typedEntry(t.text))
    .filter(Boolean)
    .map((e) => ({ name: e.name, description: e.description }));
  const cssParts = tags.filter((t) => t.tag === 'part').flatMap((t) => nameList(t.text));
  const cssProperties = tags.filter((t) => t.tag === 'cssprop').flatMap((t) => nameList(t.text));
  const cssStates = tags.filter((t) => t.tag === 'cssstate').flatMap((t) => nameList(t.text));
  for (const e of events) if (!e.name.startsWith('wps-')) errors.push(`${file}: event ${e.name} is not a wps-* event`);

  return {
    errors,
    declaration: {
      kind: 'class',
      name: tagName ? toCamel(tagName).replace(/^./, (c) => c.toUpperCase()) : file,
      tagName,
      customElement: true,
      description,
      attributes,
      members,
      events,
      cssParts,
      cssProperties,
      ...(cssStates.length ? { cssStates } : {}),
    },
  };
}

function typeMatches(doc, code) {
  const t = (doc ?? 'string').replace(/\s/g, '');
  if (code === 'boolean') return t === 'boolean';
  if (code === 'number') return t === 'number';
  return t === 'string' || /^'[^']*'(\|'[^']*')*$/.test(t); // a string, or a union of string literals
}

export function buildManifest() {
  const files = readdirSync(ELEMENTS)
    .filter((f) => f.endsWith('.tsx') && f !== 'define.tsx')
    .sort();
  const errors = [];
  const modules = files.map((f) => {
    const { declaration, errors: e } = describeElement(`elements/${f}`, readFileSync(join(ELEMENTS, f), 'utf8'));
    errors.push(...e);
    return {
      kind: 'javascript-module',
      path: `elements/${f}`,
      declarations: [declaration],
      exports: [
        {
          kind: 'custom-element-definition',
          name: declaration.tagName,
          declaration: { name: declaration.name, module: `elements/${f}` },
        },
      ],
    };
  });
  return { manifest: { schemaVersion: '2.1.0', readme: 'docs/elements.md', modules }, errors };
}

/** elements/jsx.d.ts from the manifest: attributes as JSX props, and the tag map for querySelector. */
export function jsxTypes(manifest) {
  const decls = manifest.modules.map((m) => m.declarations[0]);
  // A type that names another type (CaptchaResult) cannot be resolved here: unknown, see the manifest.
  const jsType = (t) => (/\b[A-Z]\w*/.test(t) ? 'unknown' : t.replace(/\s+/g, ' '));
  const lines = [
    "// Generated by scripts/elements-manifest.mjs from the elements' JSDoc: do not edit by hand.",
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    '',
    'type ElementProps<P> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & P & { class?: string };',
    '',
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements {',
    ...decls.map(
      (d) =>
        `      '${d.tagName}': ElementProps<{ ${d.attributes.map((a) => `'${a.name}'?: ${jsType(a.type.text)};`).join(' ')} }>;`,
    ),
    '    }',
    '  }',
    '}',
    '',
    'declare global {',
    '  interface HTMLElementTagNameMap {',
    ...decls.map(
      (d) =>
        `    '${d.tagName}': HTMLElement & { ${[...d.attributes.map((a) => `${a.fieldName}?: ${jsType(a.type.text)};`), ...d.members.filter((m) => m.kind === 'field').map((m) => `readonly ${m.name}: ${jsType(m.type.text)};`)].join(' ')} };`,
    ),
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}

function main() {
  const check = process.argv.includes('--check');
  const { manifest, errors } = buildManifest();
  const jsx = jsxTypes(manifest);
  if (check && readFileSync(JSX_FILE, 'utf8') !== jsx)
    errors.push('elements/jsx.d.ts is stale: run node scripts/elements-manifest.mjs');
  if (errors.length) {
    console.error(errors.map((e) => `elements-manifest: ${e}`).join('\n'));
    process.exit(1);
  }
  if (check) return;
  writeFileSync(JSX_FILE, jsx);
  if (existsSync(join(ROOT, 'dist'))) {
    mkdirSync(join(ROOT, 'dist/elements'), { recursive: true });
    writeFileSync(join(ROOT, 'dist/elements/custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  console.log(`elements-manifest: ${manifest.modules.length} elements`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
