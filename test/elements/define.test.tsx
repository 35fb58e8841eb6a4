/**
 * elements/define.tsx, the wrapper every element shares (docs/architecture.md, Elements): attribute parsing
 * that r2wc lacks (a bare boolean attribute, a removed attribute), properties, the upgrade of markup
 * that was on the page before the script, the common merchant / api-base attributes, the open shadow
 * root with adopted styles, and the guarded define.
 */
import { expect } from 'chai';
import { defineElement, type ElementSpec } from '../../elements/define.tsx';
import { apiBase, merchantCode } from '../../src/core/config/config.ts';
import { has, mount, part, unmountAll, waitFor } from '../browser-helpers/helpers.ts';

interface Probe {
  flag?: boolean;
  count?: number;
  data?: unknown;
  text?: string;
}

const spec: ElementSpec<Probe> = {
  props: { flag: 'boolean', count: 'number', data: 'json', text: 'string' },
  css: [':host { display: block; } .probe { color: rgb(1, 2, 3); }'],
  render: (props: Probe) => (
    <pre className="probe" part="out">
      {JSON.stringify({ flag: props.flag, count: props.count, data: props.data, text: props.text })}
    </pre>
  ),
};

type ProbeElement = HTMLElement & Probe;

defineElement('wps-test-probe', spec);

const out = (el: Element) => JSON.parse(part(el, 'out')?.textContent ?? 'null') as Probe | null;
async function expectProps(el: Element, expected: Probe) {
  await waitFor(() => expect(out(el)).to.deep.equal(expected));
}

afterEach(() => {
  unmountAll();
  merchantCode.value = '';
  apiBase.value = '';
});

describe('defineElement: attributes', () => {
  it('a bare boolean attribute means true; parsed number, JSON and string attributes', async () => {
    const el = mount(`<wps-test-probe flag count="3.5" data='{"a":[1,2]}' text="hi"></wps-test-probe>`);
    await expectProps(el, { flag: true, count: 3.5, data: { a: [1, 2] }, text: 'hi' });
  });

  const booleans: [value: string, expected: boolean][] = [
    ['', true],
    ['true', true],
    ['flag', false],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ];
  for (const [value, expected] of booleans) {
    it(`flag="${value}" → ${expected}`, async () => {
      const el = mount('<wps-test-probe></wps-test-probe>');
      el.setAttribute('flag', value);
      await waitFor(() => expect(out(el)?.flag).to.equal(expected));
    });
  }

  it('removing an attribute resets its property (boolean to false, the others to undefined)', async () => {
    const el = mount(`<wps-test-probe flag count="3" data='{"a":1}' text="hi"></wps-test-probe>`);
    await expectProps(el, { flag: true, count: 3, data: { a: 1 }, text: 'hi' });
    for (const attr of ['flag', 'count', 'data', 'text']) el.removeAttribute(attr);
    await expectProps(el, { flag: false });
  });

  it('a broken JSON attribute gives undefined and does not break the element', async () => {
    const el = mount(`<wps-test-probe data='{"a":1}'></wps-test-probe>`);
    await expectProps(el, { data: { a: 1 } });
    el.setAttribute('data', '{broken');
    await waitFor(() => expect(out(el)).to.deep.equal({}));
    el.setAttribute('text', 'still alive');
    await waitFor(() => expect(out(el)?.text).to.equal('still alive'));
  });

  it('markup on the page before the element is defined upgrades with its attributes (script tag loaded late)', async () => {
    const el = mount(`<wps-test-late flag count="7" text="early"></wps-test-late>`);
    expect(customElements.get('wps-test-late')).to.equal(undefined);
    defineElement('wps-test-late', spec);
    await expectProps(el, { flag: true, count: 7, text: 'early' });
  });
});

describe('defineElement: properties', () => {
  it('properties set objects, booleans and strings', async () => {
    const el = mount<ProbeElement>('<wps-test-probe></wps-test-probe>');
    el.data = { nested: { ok: true } };
    el.flag = true;
    el.text = 'prop';
    el.count = 2;
    await expectProps(el, { flag: true, count: 2, data: { nested: { ok: true } }, text: 'prop' });
    el.flag = false;
    await waitFor(() => expect(out(el)?.flag).to.equal(false));
    expect(el.flag).to.equal(false);
  });
});

describe('defineElement: shadow root, styles, common attributes, guard', () => {
  it('has an open shadow root with the shared and the element CSS adopted', async () => {
    const el = mount('<wps-test-probe></wps-test-probe>');
    await waitFor(() => expect(has(el, 'out')).to.equal(true));
    expect(el.shadowRoot!.mode).to.equal('open');
    expect(el.shadowRoot!.adoptedStyleSheets.length).to.be.at.least(2);
    expect(getComputedStyle(part(el, 'out')!).color).to.equal('rgb(1, 2, 3)');
    const other = mount('<wps-test-probe></wps-test-probe>');
    await waitFor(() => expect(has(other, 'out')).to.equal(true));
    expect(other.shadowRoot!.adoptedStyleSheets[0] === el.shadowRoot!.adoptedStyleSheets[0], 'one sheet object shared').to.equal(
      true,
    );
  });

  it('merchant and api-base configure every call of the page', async () => {
    const el = mount('<wps-test-probe merchant="M9" api-base="https://api.m9.test//"></wps-test-probe>');
    await waitFor(() => expect(has(el, 'out')).to.equal(true));
    expect(merchantCode.value).to.equal('M9');
    expect(apiBase.value).to.equal('https://api.m9.test');
  });

  it('defining a tag twice returns the first class and does not throw', () => {
    const first = customElements.get('wps-test-probe');
    expect(() => defineElement('wps-test-probe', spec)).to.not.throw();
    expect(defineElement('wps-test-probe', spec)).to.equal(first);
  });
});
