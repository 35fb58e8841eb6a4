/**
 * The element's JSDoc is its single contract: it must agree with the props the code defines, the
 * generated JSX types must be current, and docs/elements.md must cover every attribute, event and
 * part of every element (scripts/elements-manifest.mjs).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
// @ts-expect-error: a plain .mjs build script without types
import { buildManifest, describeElement, jsxTypes } from '../../scripts/elements-manifest.mjs';

interface Named {
  name: string;
}
interface Declaration {
  tagName: string;
  attributes: Named[];
  events: Named[];
  cssParts: Named[];
}

const { manifest, errors } = buildManifest() as {
  manifest: { modules: Array<{ declarations: Declaration[] }> };
  errors: string[];
};
const declarations = manifest.modules.map((m) => m.declarations[0]!);

describe('element contract', () => {
  test('every element file documents what its code defines, and nothing else', () => {
    assert.deepEqual(errors, []);
    assert.ok(declarations.length >= 13);
  });

  test('a drift between the JSDoc and defineElement() is caught', () => {
    const source = `/**\n * @element wps-x\n * @attr {string} title - a title\n * @fires wps-go - went\n */\ndefineElement('wps-x', { props: { title: 'string', count: 'number' } });`;
    const { errors: drift } = describeElement('elements/x.tsx', source) as { errors: string[] };
    assert.deepEqual(drift, ['elements/x.tsx: prop count (number) has no @attr count']);
    const wrongType = describeElement(
      'elements/x.tsx',
      source.replace("count: 'number'", "title2: 'boolean'").replace('{string} title', '{boolean} title'),
    ) as { errors: string[] };
    assert.ok(wrongType.errors.some((e) => e.includes('@attr title is {boolean} but the code says string')));
  });

  test('elements/jsx.d.ts is generated from the current JSDoc', () => {
    assert.equal(readFileSync('elements/jsx.d.ts', 'utf8'), jsxTypes(manifest), 'run node scripts/elements-manifest.mjs');
  });

  test('docs/elements.md has a section per element naming each attribute, event and part', () => {
    const docs = readFileSync('docs/elements.md', 'utf8');
    for (const d of declarations) {
      const start = docs.indexOf(`## \`<${d.tagName}>\``);
      assert.ok(start >= 0, `docs/elements.md has no section for <${d.tagName}>`);
      const next = docs.indexOf('\n## ', start + 1);
      const section = docs.slice(start, next < 0 ? undefined : next);
      const missing = [...d.attributes.filter((a) => !['merchant', 'api-base'].includes(a.name)), ...d.events, ...d.cssParts]
        .map((x) => x.name)
        .filter((name) => !section.includes(name));
      assert.deepEqual(missing, [], `<${d.tagName}> in docs/elements.md does not mention ${missing.join(', ')}`);
    }
  });
});

describe('npm run new:element', () => {
  test('writes an element that meets the contract: feature, element, test, index, docs and every language', async () => {
    const { mkdtempSync, cpSync, existsSync, rmSync } = await import('node:fs');
    const { execFileSync } = await import('node:child_process');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'wps-new-element-'));
    try {
      for (const p of ['elements/index.ts', 'docs/elements.md', 'src/core/i18n/locales'])
        cpSync(p, join(root, p), { recursive: true });
      const run = () =>
        execFileSync(process.execPath, ['scripts/new-element.mjs', 'promo-banner', '--root', root], {
          encoding: 'utf8',
          stdio: 'pipe',
        });
      run();
      for (const f of [
        'src/features/promo-banner/model.ts',
        'src/features/promo-banner/PromoBanner.tsx',
        'test/features/promo-banner.test.ts',
        'src/features/promo-banner/promo-banner.css',
        'elements/promo-banner.tsx',
        'test/elements/promo-banner.test.tsx',
      ]) {
        assert.ok(existsSync(join(root, f)), f);
      }
      const element = readFileSync(join(root, 'elements/promo-banner.tsx'), 'utf8');
      const { errors: drift, declaration } = describeElement('elements/promo-banner.tsx', element) as {
        errors: string[];
        declaration: Declaration;
      };
      assert.deepEqual(drift, []);
      assert.match(readFileSync(join(root, 'test/elements/promo-banner.test.tsx'), 'utf8'), /expectAccessible/);
      // The pattern of the house: the model holds the state as signals, no React; the view renders it.
      const model = readFileSync(join(root, 'src/features/promo-banner/model.ts'), 'utf8');
      assert.match(model, /@preact\/signals-core/);
      assert.doesNotMatch(model, /from 'react'|preact\/hooks/);
      assert.match(readFileSync(join(root, 'src/features/promo-banner/PromoBanner.tsx'), 'utf8'), /useSignals\(\)/);
      assert.match(
        readFileSync(join(root, 'elements/index.ts'), 'utf8'),
        /export \{ WpsPromoBanner \} from '\.\/promo-banner\.tsx';/,
      );
      const docs = readFileSync(join(root, 'docs/elements.md'), 'utf8');
      for (const n of [
        '## `<wps-promo-banner>`',
        ...declaration.events.map((e) => e.name),
        ...declaration.cssParts.map((p) => p.name),
      ])
        assert.ok(docs.includes(n), n);
      for (const lang of ['EN', 'CN', 'UR']) {
        const strings = JSON.parse(readFileSync(join(root, `src/core/i18n/locales/${lang}.json`), 'utf8'));
        assert.equal(strings['promo_banner.title'], 'Promo banner');
      }
      assert.throws(run, /exists already/, 'never overwrites');
      assert.throws(() =>
        execFileSync(process.execPath, ['scripts/new-element.mjs', 'Bad_Name', '--root', root], { stdio: 'pipe' }),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
