// `npm run new:element -- <name> [--root DIR]`: a new element the way the house builds them
// (docs/architecture.md, checklist "adding an element with its endpoint"): the feature folder with
// its model (rules and state as signals, no React), the view that renders it and CSS, a model test on
// a fake clock, the element file (its JSDoc is the contract), a browser test with an axe-core
// check, the export in elements/index.ts, a section in docs/elements.md, its title in every
// language, then the generated types. The loader and the size budget pick it up at the next build.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { describeElement } from './elements-manifest.mjs';
import { elementTable, fillRegion } from './generate.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { root: { type: 'string', default: '.' } } });
const name = positionals[0] ?? '';
const root = values.root;
if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name) || name.startsWith('wps-')) {
  console.error('usage: npm run new:element -- <name>   (kebab-case, without wps-: e.g. promo-banner)');
  process.exit(2);
}
const tag = `wps-${name}`;
const Pascal = name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const key = `${name.replace(/-/g, '_')}.title`;
const title = name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
const at = (...p) => join(root, ...p);
const DELAY = `${name.replace(/-/g, '_').toUpperCase()}_DELAY_MS`;

const files = {
  [`src/features/${name}/model.ts`]: `/**
 * The ${title} model: its rules, state and timers as signals, no React (docs/architecture.md,
 * src/features). The view (./${Pascal}.tsx) only renders it; test/features/${name}.test.ts tests it.
 */
import { signal } from '@preact/signals-core';

/** How long after the start it shows (ms): name the product rule it implements. */
export const ${DELAY} = 500;

/** One ${title}: what the view renders. */
export class ${Pascal}Model {
  /** On screen. */
  readonly shown = signal(false);
  readonly closed = signal(false);
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Starts the model for as long as the view is mounted; returns the stop function. */
  connect(): () => void {
    this.timer = setTimeout(() => (this.shown.value = !this.closed.peek()), ${DELAY});
    return () => clearTimeout(this.timer);
  }

  close() {
    this.closed.value = true;
    this.shown.value = false;
  }
}
`,
  [`src/features/${name}/${Pascal}.tsx`]: `/** The ${title} view: what <${tag}> shows. It renders ./model.ts; the rules live there. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useT } from '../../ui/useT.ts';
import { ${Pascal}Model } from './model.ts';

export interface ${Pascal}Props {
  heading?: string;
  onClose: () => void;
}

export function ${Pascal}({ heading, onClose }: ${Pascal}Props) {
  useSignals();
  const { t, dir } = useT();
  const [model] = useState(() => new ${Pascal}Model());
  useEffect(() => model.connect(), [model]);
  if (!model.shown.value) return null;
  return (
    <section className="${name}" part="${name}" dir={dir} aria-label={heading || t('${key}')}>
      <h2 part="heading">{heading || t('${key}')}</h2>
      <button
        type="button"
        part="close"
        onClick={() => {
          model.close();
          onClose();
        }}
      >
        {t('ok')}
      </button>
    </section>
  );
}
`,
  [`test/features/${name}.test.ts`]: `/** The ${title} model on its own, on a fake clock: its rules with the product's numbers. */
import { expect } from 'chai';
import { ${Pascal}Model, ${DELAY} } from '../../src/features/${name}/model.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';

let clock: FakeClock | undefined;
afterEach(() => clock?.uninstall());

describe('${Pascal}Model', () => {
  it('shows ${DELAY} ms after the start, and stays closed once closed', async () => {
    clock = installClock();
    const model = new ${Pascal}Model();
    const stop = model.connect();
    await clock.tickAsync(${DELAY} - 1);
    expect(model.shown.value).to.equal(false);
    await clock.tickAsync(1);
    expect(model.shown.value).to.equal(true);
    model.close();
    expect(model.shown.value).to.equal(false);
    stop();
  });
});
`,
  [`src/features/${name}/${name}.css`]: `.${name} { font-family: var(--_font); color: var(--_text); background: var(--_surface); border-radius: var(--_radius); padding: 16px; }
.${name} h2 { margin: 0 0 12px; font-size: 18px; }
.${name} button { min-height: 44px; padding: 0 20px; border: 0; border-radius: 999px; background: var(--_primary); color: var(--_on-primary); font: inherit; font-weight: 600; }
`,
  [`elements/${name}.tsx`]: `/**
 * \`<${tag}>\`: ${title}. Say here what it shows, when, and which product rule it implements.
 *
 * @element ${tag}
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {string} heading - the title (default: the translated title)
 * @fires wps-${name}-close - the player closed it
 * @part ${name}, heading, close
 */
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { ${Pascal} } from '../src/features/${name}/${Pascal}.tsx';
import css from '../src/features/${name}/${name}.css';

export interface ${Pascal}ElementProps {
  heading?: string;
}

export const Wps${Pascal} = defineElement<${Pascal}ElementProps>('${tag}', {
  props: { heading: 'string' },
  css: [css],
  render: (props, host) => <${Pascal} heading={props.heading} onClose={() => emit(host, 'wps-${name}-close')} />,
});
`,
  [`test/elements/${name}.test.tsx`]: `/** \`<${tag}>\`: attributes, events and accessibility, as a page uses it. */
import { expect } from 'chai';
import '../../elements/${name}.tsx';
import { ensureI18n, language } from '../../src/core/i18n/i18n.ts';
import { expectAccessible, mount, part, recordEvents, unmountAll, waitFor } from '../browser-helpers/helpers.ts';

before(async () => {
  language.value = 'EN';
  await ensureI18n();
});
afterEach(unmountAll);

describe('<${tag}>', () => {
  it('shows its heading attribute, and the translated title without it', async () => {
    const el = mount('<${tag} heading="Hello"></${tag}>');
    await waitFor(() => expect(part(el, 'heading')?.textContent).to.equal('Hello'));
    el.removeAttribute('heading');
    await waitFor(() => expect(part(el, 'heading')?.textContent).to.equal('${title}'));
  });

  it('fires wps-${name}-close when closed', async () => {
    const el = mount('<${tag}></${tag}>');
    await waitFor(() => expect(part(el, 'close')).to.not.equal(null));
    const seen = recordEvents(el, ['wps-${name}-close']);
    part(el, 'close')!.click();
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-${name}-close']);
  });

  it('is axe-core clean', async () => {
    const el = mount('<${tag}></${tag}>');
    await waitFor(() => expect(part(el, 'heading')).to.not.equal(null));
    await expectAccessible(el);
  });
});
`,
};

for (const file of Object.keys(files)) {
  if (existsSync(at(file))) {
    console.error(`${file} exists already: nothing written`);
    process.exit(1);
  }
}
for (const [file, text] of Object.entries(files)) {
  mkdirSync(join(at(file), '..'), { recursive: true });
  writeFileSync(at(file), text);
}

const index = at('elements/index.ts');
writeFileSync(index, `${readFileSync(index, 'utf8').trimEnd()}\nexport { Wps${Pascal} } from './${name}.tsx';\n`);

const docs = at('docs/elements.md');
// The table is generated from the element's JSDoc (scripts/generate.mjs); the prose above it is yours.
const { declaration } = describeElement(`elements/${name}.tsx`, files[`elements/${name}.tsx`]);
const region = `element ${tag}`;
const table = fillRegion(`<!-- <generated: ${region}> -->\n<!-- </generated> -->`, region, elementTable(declaration), 'docs');
const section = `\n## \`<${tag}>\`\n\n${title}: say what it shows, when, and the rules it follows.\n\n${table}\n`;
writeFileSync(docs, `${readFileSync(docs, 'utf8').trimEnd()}\n${section}`);

// The title in every catalogue, in English for now: translate it before the element ships.
const locales = at('src/core/i18n/locales');
const toTranslate = [];
for (const file of readdirSync(locales).filter((f) => f.endsWith('.json'))) {
  const strings = JSON.parse(readFileSync(join(locales, file), 'utf8'));
  strings[key] = title;
  writeFileSync(join(locales, file), `${JSON.stringify(strings, null, 2)}\n`);
  if (file !== 'EN.json') toTranslate.push(file);
}

if (root === '.') {
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, ['scripts/elements-manifest.mjs'], { stdio: 'inherit' });
  // docs/elements.md's tables and host/lazyElements.ts (the new tag loads when it first appears on /m).
  execFileSync(process.execPath, ['scripts/generate.mjs'], { stdio: 'inherit' });
}
console.log(`<${tag}>: wrote ${Object.keys(files).join(', ')}; added it to elements/index.ts and docs/elements.md.
Next: write its behaviour (feature model and view, the JSDoc contract), translate "${key}" in ${toTranslate.length} catalogues
(${toTranslate.join(' ')}), and run npx web-test-runner --files test/elements/${name}.test.tsx.`);
