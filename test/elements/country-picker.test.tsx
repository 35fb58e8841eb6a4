/**
 * `<wps-country-picker>` (docs/product.md §2 country dialling-code picker, §3 country info, §7 GET
 * /wps/system/country cached; docs/architecture.md, Elements: attributes, events, modal focus rules), the
 * Sheet it opens, the React component and the picker rules.
 */
import { expect } from 'chai';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import '../../elements/country-picker.tsx';
import type { CountryPickerElement } from '../../elements/country-picker.tsx';
import type { CountryInfo } from '../../src/contract/endpoints.ts';
import { language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { CountryPicker } from '../../src/features/country-picker/CountryPicker.tsx';
import {
  countryInfo,
  countryName,
  createCountrySelection,
  defaultCountry,
  displayDialingCode,
  filterCountries,
  flagEmoji,
  normaliseInfo,
  resetCountryInfo,
  resolveCountry,
} from '../../src/features/country-picker/model.ts';
import { deepActiveElement } from '../../src/ui/focus.ts';
import { SHEET_TRANSITION_MS } from '../../src/ui/Sheet.tsx';
import { installClock } from '../browser-helpers/clock.ts';
import {
  expectAccessible,
  expectSameNode,
  has,
  json,
  mount,
  part,
  parts,
  recordEvents,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';

const PATH = '/wps/system/country';

const INFO: CountryInfo = {
  countryCode: 'PH',
  countryDialingCode: '+63',
  currency: 'PHP',
  currencySymbol: '₱',
  countries: [
    { countryCode: 'PH', countryDialingCode: '+63' },
    { countryCode: 'VN', countryDialingCode: '+84' },
    { countryCode: 'TH', countryDialingCode: '+66' },
    { countryCode: 'ID', countryDialingCode: '+62' },
    { countryCode: 'JP', countryDialingCode: '81' },
  ],
};

let stub: FetchStub | undefined;
let failures = 0;
function backend(info: CountryInfo = INFO) {
  stub = stubFetch((c) => {
    if (c.url.pathname === PATH) {
      if (failures > 0) {
        failures--;
        return json({ success: false, errorCode: 'system.error', message: 'down' }, 500);
      }
      return json({ success: true, value: info });
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

const trigger = (el: Element) => part<HTMLButtonElement>(el, 'trigger')!;
const sheet = (el: Element) => part(el, 'sheet');
const list = (el: Element) => part(el, 'list')!;
const options = (el: Element) => parts(el, 'option');
const optionCodes = (el: Element) => options(el).map((o) => o.dataset.code);
const search = (el: Element) => part<HTMLInputElement>(el, 'search-input')!;
const codeText = (el: Element) => part(el, 'code')!.textContent;
const key = (target: EventTarget, k: string, shiftKey = false) => {
  const event = new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** Mounts a picker and waits until it shows the loaded country. */
async function mountPicker(html = '<wps-country-picker></wps-country-picker>', code = '+63') {
  const el = mount<CountryPickerElement>(html);
  await waitFor(() => expect(codeText(el)).to.equal(code));
  return el;
}
async function open(el: Element) {
  trigger(el).click();
  await waitFor(() => expect(has(el, 'list'), 'list shown').to.equal(true));
  await waitFor(() => expectSameNode(deepActiveElement(), list(el)));
  return sheet(el)!;
}
async function closed(el: Element) {
  await waitFor(() => expect(has(el, 'sheet'), 'sheet gone').to.equal(false));
}

const realMatchMedia = window.matchMedia;
function reducedMotion() {
  window.matchMedia = ((query: string) => {
    const m = realMatchMedia.call(window, query);
    return query.includes('prefers-reduced-motion') ? ({ ...m, matches: true, media: query } as MediaQueryList) : m;
  }) as typeof window.matchMedia;
}

function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  failures = 0;
  window.matchMedia = realMatchMedia;
  resetCountryInfo();
  notices.value = [];
  localStorage.clear();
  sessionStorage.clear();
  language.value = 'EN';
}

before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  backend();
});
afterEach(reset);

describe('country picker rules', () => {
  it('flags are regional-indicator emoji; other codes get a globe', () => {
    expect(flagEmoji('PH')).to.equal('\u{1F1F5}\u{1F1ED}');
    expect(flagEmoji('vn')).to.equal('\u{1F1FB}\u{1F1F3}');
    expect(flagEmoji('TLG')).to.equal('\u{1F310}');
    expect(flagEmoji('')).to.equal('\u{1F310}');
  });

  it('dialling codes are shown with one leading +', () => {
    expect(displayDialingCode('+63')).to.equal('+63');
    expect(displayDialingCode('81')).to.equal('+81');
    expect(displayDialingCode(' 84 ')).to.equal('+84');
    expect(displayDialingCode('')).to.equal('');
  });

  it('names come from Intl.DisplayNames in the page language, the code when unknown', () => {
    expect(countryName('PH', 'EN')).to.equal('Philippines');
    expect(countryName('PH', 'CN')).to.equal('菲律宾');
    expect(countryName('TLG', 'EN')).to.equal('TLG');
  });

  it('the default is the info’s own country; unknown or missing codes resolve to it', () => {
    const info = normaliseInfo(INFO)!;
    expect(defaultCountry(info)).to.deep.equal({ countryCode: 'PH', countryDialingCode: '+63' });
    expect(resolveCountry(info, 'vn')).to.deep.equal({ countryCode: 'VN', countryDialingCode: '+84' });
    expect(resolveCountry(info, 'XX')).to.deep.equal({ countryCode: 'PH', countryDialingCode: '+63' });
    expect(resolveCountry(info, undefined)).to.deep.equal({ countryCode: 'PH', countryDialingCode: '+63' });
    expect(resolveCountry(undefined, 'PH')).to.equal(undefined);
    const unlisted = normaliseInfo({ ...INFO, countryCode: 'sg', countryDialingCode: '+65' })!;
    expect(defaultCountry(unlisted)).to.deep.equal({ countryCode: 'SG', countryDialingCode: '+65' });
  });

  it('the search matches names (page language and English), codes and dialling codes', () => {
    const codes = (q: string, lang: 'EN' | 'CN' = 'EN') => filterCountries(INFO.countries, q, lang).map((c) => c.countryCode);
    expect(codes('')).to.deep.equal(['PH', 'VN', 'TH', 'ID', 'JP']);
    expect(codes('viet')).to.deep.equal(['VN']);
    expect(codes('THAI')).to.deep.equal(['TH']);
    expect(codes('th')).to.deep.equal(['TH']);
    expect(codes('+6')).to.deep.equal(['PH', 'TH', 'ID']);
    expect(codes('66')).to.deep.equal(['TH']);
    expect(codes('81')).to.deep.equal(['JP']);
    expect(codes('越南', 'CN')).to.deep.equal(['VN']);
    expect(codes('japan', 'CN')).to.deep.equal(['JP']);
    expect(codes('zzz')).to.deep.equal([]);
  });

  it('a selection signal follows the loaded info and falls back to the default', () => {
    const s = createCountrySelection();
    expect(s.country.value).to.equal(undefined);
    countryInfo.value = normaliseInfo(INFO);
    expect(s.country.value).to.deep.equal({ countryCode: 'PH', countryDialingCode: '+63' });
    s.select('th');
    expect(s.country.value).to.deep.equal({ countryCode: 'TH', countryDialingCode: '+66' });
    s.reset();
    expect(s.country.value?.countryCode).to.equal('PH');
  });
});

describe('<wps-country-picker> default and the country call', () => {
  it('shows the flag and dialling code of the info’s country, with an accessible name', async () => {
    const el = await mountPicker();
    expect(part(el, 'flag')!.textContent).to.equal('\u{1F1F5}\u{1F1ED}');
    expect(trigger(el).getAttribute('aria-label')).to.equal('Country code +63 Philippines');
    expect(trigger(el).getAttribute('aria-haspopup')).to.equal('dialog');
    expect(trigger(el).getAttribute('aria-expanded')).to.equal('false');
    expect(el.country).to.deep.equal({ countryCode: 'PH', countryDialingCode: '+63' });
    expect(el.hasAttribute('value')).to.equal(false);
    expect(stub!.to(PATH).length).to.equal(1);
  });

  it('country is undefined until the list has loaded, and read-only', async () => {
    stub!.restore();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stub = stubFetch(async () => {
      await gate;
      return json({ success: true, value: INFO });
    });
    const el = mount<CountryPickerElement>('<wps-country-picker></wps-country-picker>');
    await sleep(30);
    expect(el.country).to.equal(undefined);
    expect(trigger(el).getAttribute('aria-label')).to.equal('Country code');
    expect(() => ((el as unknown as { country: unknown }).country = { countryCode: 'XX' })).to.throw(TypeError);
    release();
    await waitFor(() => expect(codeText(el)).to.equal('+63'));
    expect(el.country?.countryCode).to.equal('PH');
  });

  it('two pickers on the page make one country call and share the list', async () => {
    mount('<wps-country-picker></wps-country-picker><wps-country-picker value="VN"></wps-country-picker>');
    const [a, b] = Array.from(document.querySelectorAll<CountryPickerElement>('wps-country-picker'));
    await waitFor(() => {
      expect(codeText(a!)).to.equal('+63');
      expect(codeText(b!)).to.equal('+84');
    });
    await sleep(50);
    expect(stub!.to(PATH).length).to.equal(1);
    // A third one later: the list is in memory, no call.
    const c = await mountPicker();
    expect(c.country?.countryCode).to.equal('PH');
    expect(stub!.to(PATH).length).to.equal(1);
  });

  it('the answer is cached in session storage: a fresh page state does not call again', async () => {
    await mountPicker();
    expect(stub!.to(PATH).length).to.equal(1);
    unmountAll();
    resetCountryInfo(); // as after a reload
    await mountPicker();
    expect(stub!.to(PATH).length).to.equal(1);
  });

  it('sends the merchant attribute as the Merchant header', async () => {
    await mountPicker('<wps-country-picker merchant="DEMO01"></wps-country-picker>');
    expect(stub!.to(PATH)[0]!.headers.get('Merchant')).to.equal('DEMO01');
  });

  it('a failed load shows no notice; the list offers a retry that loads it', async () => {
    failures = 2;
    const el = mount<CountryPickerElement>('<wps-country-picker></wps-country-picker>');
    await waitFor(() => expect(stub!.to(PATH).length).to.equal(1));
    await sleep(30);
    expect(notices.value).to.deep.equal([]);
    expect(codeText(el)).to.equal('');
    expect(el.country).to.equal(undefined);
    // Opening after a failure tries again (fails once more here), then offers a retry.
    trigger(el).click();
    await waitFor(() => expect(has(el, 'retry')).to.equal(true));
    expect(stub!.to(PATH).length).to.equal(2);
    expect(part(el, 'state')!.textContent).to.contain('The country list could not be loaded.');
    part(el, 'retry')!.focus();
    part(el, 'retry')!.click();
    await waitFor(() => expect(optionCodes(el)).to.deep.equal(['PH', 'VN', 'TH', 'ID', 'JP']));
    await waitFor(() => expectSameNode(deepActiveElement(), list(el))); // focus stays in the sheet
    expect(codeText(el)).to.equal('+63');
    expect(stub!.to(PATH).length).to.equal(3);
    expect(notices.value).to.deep.equal([]);
  });
});

describe('<wps-country-picker> the list (Sheet)', () => {
  it('a click opens a labelled modal dialog with a listbox; focus moves into the list', async () => {
    const el = await mountPicker();
    const d = await open(el);
    expect(d.getAttribute('role')).to.equal('dialog');
    expect(d.getAttribute('aria-modal')).to.equal('true');
    expect(el.shadowRoot!.getElementById(d.getAttribute('aria-labelledby')!)!.textContent).to.equal('Select country or region');
    expect(trigger(el).getAttribute('aria-expanded')).to.equal('true');
    expect(list(el).getAttribute('role')).to.equal('listbox');
    expect(list(el).getAttribute('aria-label')).to.equal('Select country or region');
    expect(optionCodes(el)).to.deep.equal(['PH', 'VN', 'TH', 'ID', 'JP']);
    expect(options(el).map((o) => o.getAttribute('role'))).to.deep.equal(['option', 'option', 'option', 'option', 'option']);
    expect(options(el).map((o) => o.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false', 'false', 'false']);
    expect(options(el)[4]!.textContent).to.contain('Japan').and.contain('+81');
    // The active option is the selected one.
    expect(list(el).getAttribute('aria-activedescendant')).to.equal(options(el)[0]!.id);
    const input = search(el);
    const label = el.shadowRoot!.querySelector(`label[for="${input.id}"]`);
    expect(label?.textContent).to.equal('Search country or code');
  });

  it('Escape closes it and focus returns to the button', async () => {
    const el = await mountPicker();
    trigger(el).focus();
    await open(el);
    const seen = recordEvents(el, ['wps-change']);
    key(list(el), 'Escape');
    await closed(el);
    seen.stop();
    expect(seen.types()).to.deep.equal([]);
    expectSameNode(deepActiveElement(), trigger(el));
    expect(trigger(el).getAttribute('aria-expanded')).to.equal('false');
  });

  it('Escape in the search field closes it too', async () => {
    const el = await mountPicker();
    await open(el);
    search(el).focus();
    key(search(el), 'Escape');
    await closed(el);
    expectSameNode(deepActiveElement(), trigger(el));
  });

  it('a click on the backdrop closes it; a click inside does not', async () => {
    const el = await mountPicker();
    await open(el);
    part(el, 'title')!.click();
    search(el).click();
    await sleep(30);
    expect(has(el, 'list')).to.equal(true);
    part(el, 'backdrop')!.click();
    await closed(el);
    expectSameNode(deepActiveElement(), trigger(el));
  });

  it('the close button closes it', async () => {
    const el = await mountPicker();
    await open(el);
    expect(part(el, 'close')!.getAttribute('aria-label')).to.equal('Close the country list');
    part(el, 'close')!.click();
    await closed(el);
    expectSameNode(deepActiveElement(), trigger(el));
  });

  it('Tab stays inside: from the list to the close button, Shift+Tab from the close button to the list', async () => {
    const el = await mountPicker();
    await open(el);
    const first = part(el, 'close')!;
    const last = list(el);
    const tab = key(last, 'Tab');
    expect(tab.defaultPrevented).to.equal(true);
    expectSameNode(deepActiveElement(), first);
    const back = key(first, 'Tab', true);
    expect(back.defaultPrevented).to.equal(true);
    expectSameNode(deepActiveElement(), last);
    search(el).focus();
    expect(key(search(el), 'Tab').defaultPrevented).to.equal(false); // inner moves are the browser's
  });

  it('slides out in exactly 250 ms (fake clock; inert meanwhile, the CSS animation as long); at once under reduced motion', async () => {
    expect(SHEET_TRANSITION_MS).to.equal(250);
    const el = await mountPicker();
    await open(el);
    const clock = installClock();
    try {
      key(list(el), 'Escape');
      await clock.tickAsync(0);
      await waitFor(() => expect(part(el, 'backdrop')?.getAttribute('data-state')).to.equal('closing'));
      expect(part(el, 'backdrop')?.hasAttribute('inert')).to.equal(true);
      expect(getComputedStyle(part(el, 'sheet')!).animationDuration, 'the slide the eye sees').to.equal('0.25s');
      await clock.tickAsync(249);
      await sleep(20);
      expect(has(el, 'sheet'), 'still sliding at 249 ms').to.equal(true);
      await clock.tickAsync(1);
      await closed(el);
    } finally {
      clock.uninstall();
    }

    reducedMotion();
    await open(el);
    key(list(el), 'Escape');
    await sleep(20);
    expect(has(el, 'sheet')).to.equal(false);
  });
});

describe('<wps-country-picker> selection', () => {
  it('ArrowDown then Enter picks the next country: wps-change, value reflected, list closed', async () => {
    const el = await mountPicker();
    await open(el);
    const seen = recordEvents(document, ['wps-change']);
    key(list(el), 'ArrowDown');
    await waitFor(() => expect(list(el).getAttribute('aria-activedescendant')).to.equal(options(el)[1]!.id));
    expect(options(el)[1]!.className).to.contain('active');
    key(list(el), 'Enter');
    await closed(el);
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-change']);
    const e = seen.events[0]!;
    expect(e.detail).to.deep.equal({ countryCode: 'VN', countryDialingCode: '+84' });
    expect(e.bubbles).to.equal(true);
    expect(e.composed).to.equal(true);
    expectSameNode(e.target, el);
    expect(el.getAttribute('value')).to.equal('VN');
    expect(el.value).to.equal('VN');
    expect(el.country).to.deep.equal({ countryCode: 'VN', countryDialingCode: '+84' });
    await waitFor(() => expect(codeText(el)).to.equal('+84'));
    expect(trigger(el).getAttribute('aria-label')).to.equal('Country code +84 Vietnam');
    expectSameNode(deepActiveElement(), trigger(el));
  });

  it('listeners of wps-change already read the new value and country', async () => {
    const el = await mountPicker();
    const seen: string[] = [];
    el.addEventListener('wps-change', () => seen.push(`${el.getAttribute('value')} ${el.country?.countryDialingCode}`));
    await open(el);
    key(list(el), 'End');
    key(list(el), 'Enter');
    await closed(el);
    expect(seen).to.deep.equal(['JP 81']);
    await waitFor(() => expect(codeText(el)).to.equal('+81'));
  });

  it('ArrowUp, Home, End and Space; moves stop at the ends', async () => {
    const el = await mountPicker('<wps-country-picker value="TH"></wps-country-picker>', '+66');
    await open(el);
    const activeCode = () => el.shadowRoot!.getElementById(list(el).getAttribute('aria-activedescendant')!)!.dataset.code;
    expect(activeCode()).to.equal('TH');
    key(list(el), 'ArrowUp');
    await waitFor(() => expect(activeCode()).to.equal('VN'));
    key(list(el), 'Home');
    await waitFor(() => expect(activeCode()).to.equal('PH'));
    key(list(el), 'ArrowUp');
    await sleep(20);
    expect(activeCode()).to.equal('PH');
    key(list(el), 'End');
    await waitFor(() => expect(activeCode()).to.equal('JP'));
    key(list(el), 'ArrowDown');
    await sleep(20);
    expect(activeCode()).to.equal('JP');
    key(list(el), 'ArrowUp');
    await waitFor(() => expect(activeCode()).to.equal('ID'));
    const seen = recordEvents(el, ['wps-change']);
    key(list(el), ' ');
    await closed(el);
    seen.stop();
    expect(seen.events.map((e) => e.detail)).to.deep.equal([{ countryCode: 'ID', countryDialingCode: '+62' }]);
  });

  it('a click on an option picks it', async () => {
    const el = await mountPicker();
    await open(el);
    const seen = recordEvents(el, ['wps-change']);
    options(el)[2]!.click();
    await closed(el);
    seen.stop();
    expect(seen.events.map((e) => e.detail)).to.deep.equal([{ countryCode: 'TH', countryDialingCode: '+66' }]);
    expect(el.getAttribute('value')).to.equal('TH');
  });

  it('picking the country already chosen closes the list without an event', async () => {
    const el = await mountPicker();
    await open(el);
    const seen = recordEvents(el, ['wps-change']);
    key(list(el), 'Enter');
    await closed(el);
    seen.stop();
    expect(seen.types()).to.deep.equal([]);
    expect(el.hasAttribute('value')).to.equal(false);
  });

  it('the next opening marks the new choice as selected', async () => {
    const el = await mountPicker();
    await open(el);
    options(el)[1]!.click();
    await closed(el);
    await open(el);
    expect(options(el).map((o) => o.getAttribute('aria-selected'))).to.deep.equal(['false', 'true', 'false', 'false', 'false']);
    expect(list(el).getAttribute('aria-activedescendant')).to.equal(options(el)[1]!.id);
  });
});

describe('<wps-country-picker> search', () => {
  it('filters by name, code and dialling code; Enter in the field picks the first match', async () => {
    const el = await mountPicker();
    await open(el);
    search(el).focus();
    type(search(el), 'viet');
    await waitFor(() => expect(optionCodes(el)).to.deep.equal(['VN']));
    type(search(el), '+6');
    await waitFor(() => expect(optionCodes(el)).to.deep.equal(['PH', 'TH', 'ID']));
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('Matches: 3');
    type(search(el), 'jp');
    await waitFor(() => expect(optionCodes(el)).to.deep.equal(['JP']));
    type(search(el), 'Thai');
    await waitFor(() => expect(optionCodes(el)).to.deep.equal(['TH']));
    const seen = recordEvents(el, ['wps-change']);
    key(search(el), 'Enter');
    await closed(el);
    seen.stop();
    expect(seen.events.map((e) => e.detail)).to.deep.equal([{ countryCode: 'TH', countryDialingCode: '+66' }]);
  });

  it('no match: no listbox, a status says so; ArrowDown from the field goes into the list', async () => {
    const el = await mountPicker();
    await open(el);
    search(el).focus();
    type(search(el), 'zzz');
    await waitFor(() => expect(has(el, 'list')).to.equal(false));
    expect(part(el, 'empty')!.textContent).to.equal('No matching country or region');
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('No matching country or region');
    type(search(el), '');
    await waitFor(() => expect(optionCodes(el).length).to.equal(5));
    const down = key(search(el), 'ArrowDown');
    expect(down.defaultPrevented).to.equal(true);
    expectSameNode(deepActiveElement(), list(el));
  });

  it('the search starts empty at each opening', async () => {
    const el = await mountPicker();
    await open(el);
    type(search(el), 'viet');
    await waitFor(() => expect(optionCodes(el)).to.deep.equal(['VN']));
    key(list(el), 'Escape');
    await closed(el);
    await open(el);
    expect(search(el).value).to.equal('');
    expect(optionCodes(el).length).to.equal(5);
  });
});

describe('<wps-country-picker> attributes and properties', () => {
  it('the value attribute chooses the country (any case); changes re-render', async () => {
    const el = await mountPicker('<wps-country-picker value="th"></wps-country-picker>', '+66');
    expect(el.country).to.deep.equal({ countryCode: 'TH', countryDialingCode: '+66' });
    el.setAttribute('value', 'ID');
    await waitFor(() => expect(codeText(el)).to.equal('+62'));
    expect(el.country?.countryCode).to.equal('ID');
  });

  it('the value property reflects to the attribute', async () => {
    const el = await mountPicker();
    el.value = 'VN';
    expect(el.getAttribute('value')).to.equal('VN');
    await waitFor(() => expect(codeText(el)).to.equal('+84'));
    expect(el.country?.countryCode).to.equal('VN');
  });

  it('removing the value attribute goes back to the default, also after a pick', async () => {
    const el = await mountPicker('<wps-country-picker value="VN"></wps-country-picker>', '+84');
    el.removeAttribute('value');
    await waitFor(() => expect(codeText(el)).to.equal('+63'));
    expect(el.country?.countryCode).to.equal('PH');
    await open(el);
    options(el)[3]!.click();
    await closed(el);
    await waitFor(() => expect(codeText(el)).to.equal('+62'));
    el.removeAttribute('value');
    await waitFor(() => expect(codeText(el)).to.equal('+63'));
    expect(el.country?.countryCode).to.equal('PH');
  });

  it('a code the merchant does not list shows the default', async () => {
    const el = await mountPicker('<wps-country-picker value="XX"></wps-country-picker>');
    expect(el.country?.countryCode).to.equal('PH');
  });

  it('a bare `disabled` disables the button; removing it enables; disabled="false" stays enabled', async () => {
    const el = await mountPicker('<wps-country-picker disabled></wps-country-picker>');
    expect(trigger(el).disabled).to.equal(true);
    expect(el.disabled).to.equal(true);
    trigger(el).click();
    await sleep(30);
    expect(has(el, 'sheet')).to.equal(false);
    el.removeAttribute('disabled');
    await waitFor(() => expect(trigger(el).disabled).to.equal(false));
    await open(el);
    el.setAttribute('disabled', '');
    await closed(el);
    expect(trigger(el).disabled).to.equal(true);

    const other = await mountPicker('<wps-country-picker disabled="false"></wps-country-picker>');
    expect(trigger(other).disabled).to.equal(false);
  });
});

describe('<wps-country-picker> language and accessibility', () => {
  it('after setLanguage("UR") the picker and its list are right to left; names follow the language', async () => {
    const el = await mountPicker();
    expect(part(el, 'picker')!.getAttribute('dir')).to.equal('ltr');
    setLanguage('UR');
    await waitFor(() => expect(part(el, 'picker')!.getAttribute('dir')).to.equal('rtl'));
    expect(part(el, 'code')!.getAttribute('dir')).to.equal('ltr'); // +63 keeps its order
    const d = await open(el);
    expect(d.getAttribute('dir')).to.equal('rtl');
    expect(options(el)[0]!.textContent).to.contain(countryName('PH', 'UR'));
    setLanguage('CN');
    await waitFor(() => expect(options(el)[0]!.textContent).to.contain('菲律宾'));
    expect(sheet(el)!.getAttribute('dir')).to.equal('ltr');
    await waitFor(() => expect(trigger(el).getAttribute('aria-label')).to.equal('国家区号 +63 菲律宾'));
  });

  it('is axe-core clean closed, open, searching without match and disabled', async () => {
    const el = await mountPicker();
    await expectAccessible(el);
    await open(el);
    await expectAccessible(el);
    type(search(el), 'zzz');
    await waitFor(() => expect(has(el, 'list')).to.equal(false));
    await expectAccessible(el);
    unmountAll();
    const off = await mountPicker('<wps-country-picker disabled></wps-country-picker>');
    await expectAccessible(off);
  });

  it('the slide animation is switched off under prefers-reduced-motion', async () => {
    const el = await mountPicker();
    const rules = el.shadowRoot!.adoptedStyleSheets.flatMap((s) => Array.from(s.cssRules));
    const reduced = rules.filter(
      (r) => r instanceof CSSMediaRule && r.conditionText.includes('prefers-reduced-motion'),
    ) as CSSMediaRule[];
    const inner = reduced.flatMap((m) => Array.from(m.cssRules)).filter((r): r is CSSStyleRule => r instanceof CSSStyleRule);
    const off = inner
      .filter((r) => r.style.animationName === 'none')
      .map((r) => r.selectorText)
      .join(', ');
    expect(off).to.contain('.wps-sheet-backdrop');
    expect(off).to.contain('.wps-sheet-backdrop[data-state="closing"] .wps-sheet');
  });
});

describe('CountryPicker in React code (value / onChange)', () => {
  let root: Root | undefined;
  let holder: HTMLDivElement | undefined;
  afterEach(() => {
    root?.unmount();
    holder?.remove();
    root = undefined;
  });

  it('is controlled: onChange gets the entry, the parent keeps the code', async () => {
    const picked: unknown[] = [];
    function Form() {
      const [code, setCode] = useState<string | undefined>('VN');
      return (
        <CountryPicker
          value={code}
          onChange={(c) => {
            picked.push(c);
            setCode(c.countryCode);
          }}
        />
      );
    }
    holder = document.createElement('div');
    document.body.append(holder);
    root = createRoot(holder);
    root.render(<Form />);
    const button = () => holder!.querySelector<HTMLButtonElement>('[part="trigger"]')!;
    await waitFor(() => expect(button().querySelector('[part="code"]')!.textContent).to.equal('+84'));
    button().click();
    await waitFor(() => expect(holder!.querySelectorAll('[role="option"]').length).to.equal(5));
    holder!.querySelector<HTMLElement>('[data-code="TH"]')!.click();
    await waitFor(() => expect(picked.length).to.equal(1));
    expect(picked).to.deep.equal([{ countryCode: 'TH', countryDialingCode: '+66' }]);
    await waitFor(() => expect(button().querySelector('[part="code"]')!.textContent).to.equal('+66'));
    // Its CSS is adopted into the document it renders in.
    const adopted = document.adoptedStyleSheets
      .flatMap((s) => Array.from(s.cssRules))
      .map((r) => r.cssText)
      .join('\n');
    expect(adopted).to.contain('.wps-sheet-backdrop');
    expect(adopted).to.contain('.trigger');
  });
});
