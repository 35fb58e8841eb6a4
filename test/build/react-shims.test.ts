/**
 * The host build's slimmed React (rollup.config.mjs: hostReact, hostReactDom; docs/performance.md):
 * build-shims/react-dom-internals.js must be React DOM's own internals object, and React DOM's client
 * must read nothing else from `react-dom` and `react` than the shims give it. When React is upgraded
 * and any of this changes, this fails before a page does.
 *
 * Run: node --import tsx --test test/build/react-shims.test.ts
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const production = (pkg: string, file: string) =>
  readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), `cjs/${file}.production.js`), 'utf8');
/** Code without comments, whitespace and quote style, to compare a copy with its source. */
const normalise = (code: string) =>
  code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/'/g, '"')
    .replace(/,(\s*[}\]])/g, '$1')
    .replace(/\s+/g, '');

test('the React DOM internals shim is a copy of React DOM’s own (formatProdErrorMessage, noop, the internals object)', () => {
  const dom = production('react-dom', 'react-dom');
  const shim = readFileSync('build-shims/react-dom-internals.js', 'utf8');
  const source = dom.slice(dom.indexOf('function formatProdErrorMessage'), dom.indexOf('REACT_PORTAL_TYPE ='));
  const copy = shim.slice(shim.indexOf('function formatProdErrorMessage'));
  assert.ok(source.includes('var Internals = {'), 'React DOM still defines its internals the same way');
  assert.equal(
    normalise(copy).replace('exports.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=', 'varInternals='),
    normalise(source).replace(/,$/, ';'),
  );
});

test('React DOM’s client reads only the internals from react-dom, and the internals and version from react', () => {
  const client = production('react-dom', 'react-dom-client');
  assert.deepEqual(
    [...new Set(client.match(/\bReactDOM\.\w+/g))],
    ['ReactDOM.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'],
  );
  assert.deepEqual([...new Set(client.match(/\bReact\.\w+/g))].sort(), [
    'React.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
    'React.version',
  ]);
  const shim = readFileSync('build-shims/react-client-internals.js', 'utf8');
  assert.match(shim, /export \{ __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE, version \} from 'react'/);
});

test('React’s production file assigns each export once at the top level and never reads them back', () => {
  const react = production('react', 'react');
  const assigned = react.match(/^exports\.\w+ =/gm) ?? [];
  assert.ok(assigned.length >= 40, `${assigned.length} exports`);
  assert.equal((react.match(/\bexports\b/g) ?? []).length, assigned.length, 'no other use of `exports`');
  assert.doesNotMatch(react, /\brequire\(|module\.exports/);
});
