// Prints gzip sizes of the first load of /m/home, each element entry and the script-tag bundle, and
// fails when the first load is over budget or holds a library that must load lazily (DESIGN.md, Budgets).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, posix } from 'node:path';

const FIRST_LOAD_BUDGET = 110 * 1024;
const LAZY_ONLY = ['jsencrypt', 'crypto-js', 'dompurify', 'firebase', '@firebase'];

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let failed = false;

if (!existsSync('dist/meta/host-chunks.json')) {
  console.error('dist is missing: run npm run build first');
  process.exit(1);
}

// Host: entry chunk plus everything it imports statically.
const chunks = JSON.parse(readFileSync('dist/meta/host-chunks.json', 'utf8'));
const byName = new Map(chunks.map((c) => [c.fileName, c]));
const entry = chunks.find((c) => c.isEntry);
const firstLoad = new Set();
const visit = (name) => {
  if (firstLoad.has(name)) return;
  firstLoad.add(name);
  byName.get(name).imports.forEach(visit);
};
visit(entry.fileName);
const hostBytes = [...firstLoad].reduce((sum, f) => sum + gz(join('dist/m', f)), 0);
const lazy = chunks.filter((c) => !firstLoad.has(c.fileName));
console.log(`host /m/home first-load JS: ${kb(hostBytes)} gzip in ${firstLoad.size} file(s) (budget ${kb(FIRST_LOAD_BUDGET)})`);
for (const c of lazy) console.log(`  lazy chunk ${c.fileName}: ${kb(gz(join('dist/m', c.fileName)))}`);
if (hostBytes > FIRST_LOAD_BUDGET) {
  console.error(`FAIL: first load ${kb(hostBytes)} is over the ${kb(FIRST_LOAD_BUDGET)} budget`);
  failed = true;
}
for (const name of firstLoad) {
  const offenders = byName.get(name).modules.filter((m) => LAZY_ONLY.some((lib) => m.includes(`/node_modules/${lib}/`)));
  if (offenders.length) {
    console.error(`FAIL: ${name} in the first load holds ${offenders.length} module(s) of ${LAZY_ONLY.filter((l) => offenders.some((m) => m.includes(`/${l}/`))).join(', ')}`);
    failed = true;
  }
}

// Elements: each ESM entry with the shared chunks it imports statically.
const esmDir = 'dist/elements/esm';
const staticImports = (file) => {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'()]*?from\s*)?["'](\.[^"']+)["']/g)].map((m) => posix.join(dirname(file), m[1]));
};
for (const file of readdirSync(esmDir).filter((f) => f.endsWith('.js')).sort()) {
  const seen = new Set();
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    staticImports(f).forEach(walk);
  };
  walk(join(esmDir, file));
  const total = [...seen].reduce((sum, f) => sum + gz(f), 0);
  console.log(`element ${file}: ${kb(gz(join(esmDir, file)))} own, ${kb(total)} with shared chunks`);
}
console.log(`script-tag bundle wps-elements.js (IIFE, everything once): ${kb(gz('dist/elements/wps-elements.js'))}`);

process.exit(failed ? 1 : 0);
