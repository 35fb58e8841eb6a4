/**
 * Models own their state (issue 28; docs/architecture.md, "src/features"): a feature's rules, timers
 * and loads live in its model (signals, no React), and its views render. Checked on the three features
 * that were moved to that shape (the announcement, the sign-in form with one component per method,
 * the two-factor verification) and on every model of src/features: a view starts no timer and never
 * reaches the network client; it keeps at most the model instance and one value of its own in React
 * state; a model imports no React.
 *
 * Run: node --import tsx --test test/build/models-own-state.test.ts
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const VIEWS = [
  'src/features/announcement/AnnouncementPopup.tsx',
  'src/features/sign-in/LoginForm.tsx',
  ...readdirSync('src/features/sign-in/login')
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => `src/features/sign-in/login/${f}`),
  'src/features/two-factor/TwoFactorModal.tsx',
  'src/features/two-factor/TwoFactorRoot.tsx',
];

/** Code without comments, so a comment that names a timer does not count. */
const code = (path: string) =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

test('the views of announcement, sign-in and two-factor start no timer and never call the network', () => {
  const bad: string[] = [];
  for (const path of VIEWS) {
    const text = code(path);
    if (/\bset(?:Timeout|Interval)\s*\(/.test(text)) bad.push(`${path}: a timer (the model's work)`);
    if (/core\/api\/client|\bfetch\s*\(/.test(text)) bad.push(`${path}: the network (the model's work)`);
    const states = text.match(/\buseState\s*[<(]/g)?.length ?? 0;
    if (states > 2) bad.push(`${path}: ${states} useState (the model holds the state)`);
  }
  assert.deepEqual(bad, []);
});

test('every model of src/features is free of React', () => {
  const bad: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'model.ts' && /from '(?:react|react-dom|preact\/hooks|@preact\/signals-react)/.test(code(path)))
        bad.push(path);
    }
  };
  walk('src/features');
  assert.deepEqual(bad, []);
});
