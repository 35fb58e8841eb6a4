/**
 * `<wps-domain-error>` (docs/product.md §2 domain-error modal, §8 status rows; docs/architecture.md, Elements: forced
 * modals). The status call is stubbed: domain_not_available opens the modal with the server's
 * message (or 'Error'), customer service and retry; any other failure posts a notice instead.
 */
import { expect } from 'chai';
import '../../elements/domain-error.tsx';
import { domainFailure, resetSiteData, siteStatus } from '../../src/core/config/siteStatus.ts';
import { ensureI18n, language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import CN from '../../src/core/i18n/locales/CN.json';
import EN from '../../src/core/i18n/locales/EN.json';
import UR from '../../src/core/i18n/locales/UR.json';
import {
  expectAccessible,
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
import { CS_URL, encodeCsPath, statusFixture } from '../browser-helpers/status.ts';

const CATALOGUES: Record<'CN' | 'EN' | 'UR', Record<string, string>> = { CN, EN, UR };
const STATUS = '/wps/system/status';
const MESSAGE = 'This domain is no longer available. Please use the new one.';

type Answer = () => Response | Promise<Response>;
const domainDown =
  (message?: string): Answer =>
  () =>
    json({ success: false, errorCode: 'domain_not_available', ...(message === undefined ? {} : { message }) }, 400);
const statusOk = (): Answer => () => json({ success: true, value: statusFixture() });

let stub: FetchStub | undefined;
/** Each status request takes the next answer (the last one repeats). */
function serve(...answers: Answer[]) {
  let n = 0;
  stub = stubFetch((c) => {
    if (c.url.pathname === STATUS) return answers[Math.min(n++, answers.length - 1)]!();
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

const dialog = (el: Element) => part(el, 'dialog');
async function opened(el: Element) {
  await waitFor(() => expect(has(el, 'dialog'), 'domain modal shown').to.equal(true));
  return dialog(el)!;
}
const buttonTexts = (el: Element) => parts(el, 'button').map((b) => b.textContent);

const savedOpen = window.open;
const windowsOpened: unknown[][] = [];

function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetSiteData();
  notices.value = [];
  sessionStorage.clear();
  localStorage.clear();
  language.value = 'EN';
  window.open = savedOpen;
  windowsOpened.length = 0;
}

before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  window.open = ((...args: unknown[]) => {
    windowsOpened.push(args);
    return null;
  }) as typeof window.open;
});
afterEach(reset);

describe('<wps-domain-error> opens on domain_not_available', () => {
  it('shows an alertdialog with the server message, customer service and retry', async () => {
    const calls = serve(domainDown(MESSAGE));
    const el = mount('<wps-domain-error></wps-domain-error>');
    const d = await opened(el);
    expect(calls.to(STATUS)).to.have.length(1);
    expect(d.getAttribute('role')).to.equal('alertdialog');
    expect(d.getAttribute('aria-modal')).to.equal('true');
    expect(part(el, 'message')!.textContent).to.equal(MESSAGE);
    expect(part(el, 'cancel')!.textContent).to.equal(EN.customer_service);
    expect(part(el, 'confirm')!.textContent).to.equal(EN.retry);
    expect(buttonTexts(el)).to.deep.equal([EN.customer_service, EN.retry]);
    // The accessible name is the message.
    expect(el.shadowRoot!.getElementById(d.getAttribute('aria-labelledby')!)?.textContent).to.equal(MESSAGE);
    expect(notices.value, 'no extra notice').to.deep.equal([]);
    expect(siteStatus.value).to.equal(undefined);
  });

  for (const lang of ['CN', 'EN', 'UR'] as const) {
    it(`${lang}: without a server message it shows the catalogue's 'error' text; buttons in ${lang}`, async () => {
      setLanguage(lang);
      await ensureI18n();
      serve(domainDown());
      const el = mount('<wps-domain-error></wps-domain-error>');
      await opened(el);
      await waitFor(() => expect(part(el, 'message')!.textContent).to.equal(CATALOGUES[lang].error));
      expect(buttonTexts(el)).to.deep.equal([CATALOGUES[lang].customer_service, CATALOGUES[lang].retry]);
      expect(dialog(el)!.getAttribute('dir')).to.equal(lang === 'UR' ? 'rtl' : 'ltr');
      await expectAccessible(el);
    });
  }

  it('an empty server message also falls back to the catalogue text', async () => {
    serve(domainDown(''));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await opened(el);
    await waitFor(() => expect(part(el, 'message')!.textContent).to.equal(EN.error));
  });

  it('axe-core finds no violation with the server message', async () => {
    serve(domainDown(MESSAGE));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await opened(el);
    await expectAccessible(el);
  });

  it('focus moves into the modal', async () => {
    serve(domainDown(MESSAGE));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await opened(el);
    await waitFor(() => expect(el.shadowRoot!.activeElement?.getAttribute('part') ?? null).to.equal('button cancel'));
  });
});

describe('<wps-domain-error> is forced', () => {
  it('Escape does not close it, nor does a click on the backdrop', async () => {
    serve(domainDown(MESSAGE));
    const el = mount('<wps-domain-error></wps-domain-error>');
    const d = await opened(el);
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true });
    (el.shadowRoot!.activeElement ?? d).dispatchEvent(escape);
    d.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }));
    part(el, 'backdrop')!.click();
    await sleep(50);
    expect(has(el, 'dialog')).to.equal(true);
    expect(domainFailure.value).to.deep.equal({ message: MESSAGE });
  });
});

describe('<wps-domain-error> retry', () => {
  it('asks for the status again; when it succeeds the modal disappears', async () => {
    const calls = serve(domainDown(MESSAGE), statusOk());
    const el = mount('<wps-domain-error></wps-domain-error>');
    await opened(el);
    part<HTMLButtonElement>(el, 'confirm')!.click();
    await waitFor(() => expect(has(el, 'dialog'), 'modal gone').to.equal(false));
    expect(calls.to(STATUS)).to.have.length(2);
    expect(calls.to(STATUS)[1]!.url.searchParams.get('device')).to.equal('MOBILE');
    expect(siteStatus.value?.info.merchantCode).to.equal('DEMO01');
    expect(domainFailure.value).to.equal(undefined);
    expect(notices.value).to.deep.equal([]);
  });

  it('when the retry fails the same way the modal stays, with the new message', async () => {
    const calls = serve(domainDown(MESSAGE), domainDown('Still down'));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await opened(el);
    part<HTMLButtonElement>(el, 'confirm')!.click();
    await waitFor(() => expect(part(el, 'message')!.textContent).to.equal('Still down'));
    expect(calls.to(STATUS)).to.have.length(2);
    expect(has(el, 'dialog')).to.equal(true);
  });

  it('every click on retry asks again (three failures, then success)', async () => {
    const calls = serve(domainDown(MESSAGE), domainDown(MESSAGE), domainDown(MESSAGE), statusOk());
    const el = mount('<wps-domain-error></wps-domain-error>');
    await opened(el);
    for (let i = 2; i <= 3; i++) {
      part<HTMLButtonElement>(el, 'confirm')!.click();
      await waitFor(() => expect(calls.to(STATUS)).to.have.length(i));
      await sleep(20);
      expect(has(el, 'dialog')).to.equal(true);
    }
    part<HTMLButtonElement>(el, 'confirm')!.click();
    await waitFor(() => expect(has(el, 'dialog')).to.equal(false));
    expect(calls.to(STATUS)).to.have.length(4);
  });
});

describe('<wps-domain-error> customer service', () => {
  it('emits a cancelable wps-contact; without a status there is no URL, so it gives url_is_null', async () => {
    serve(domainDown(MESSAGE));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await opened(el);
    const seen = recordEvents(document, ['wps-contact']);
    part<HTMLButtonElement>(el, 'cancel')!.click();
    seen.stop();
    expect(seen.events.map((e) => [e.detail, e.cancelable, e.bubbles, e.composed])).to.deep.equal([
      [{ url: undefined }, true, true, true],
    ]);
    expect(windowsOpened).to.deep.equal([]);
    expect(notices.value.map((n) => n.messageKey)).to.deep.equal(['url_is_null']);
    expect(has(el, 'dialog'), 'the forced modal stays').to.equal(true);
  });

  it('with a status loaded earlier, the decoded customer-service URL; preventDefault keeps it from opening', async () => {
    siteStatus.value = statusFixture({}, encodeCsPath(CS_URL));
    serve(domainDown(MESSAGE));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await opened(el);
    const seen = recordEvents(document, ['wps-contact']);
    const prevent = (e: Event) => e.preventDefault();
    document.addEventListener('wps-contact', prevent);
    part<HTMLButtonElement>(el, 'cancel')!.click();
    document.removeEventListener('wps-contact', prevent);
    seen.stop();
    expect(seen.events.map((e) => e.detail)).to.deep.equal([{ url: CS_URL }]);
    expect(windowsOpened).to.deep.equal([]);
    expect(notices.value).to.deep.equal([]);
  });
});

describe('<wps-domain-error> other failures', () => {
  it('a 500 with a message does not open the modal; the notice queue gets the server message', async () => {
    serve(() => json({ success: false, errorCode: 'server.error', message: 'Server exploded' }, 500));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await waitFor(() => expect(notices.value.map((n) => n.message)).to.deep.equal(['Server exploded']));
    expect(notices.value[0]!.messageKey).to.equal('error');
    await sleep(30);
    expect(has(el, 'dialog')).to.equal(false);
    expect(domainFailure.value).to.equal(undefined);
  });

  it("a failure without a message posts the catalogue's 'error' notice", async () => {
    serve(() => json({ success: false, errorCode: 'something.else' }, 400));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await waitFor(() => expect(notices.value.map((n) => [n.message, n.messageKey])).to.deep.equal([[undefined, 'error']]));
    expect(has(el, 'dialog')).to.equal(false);
  });

  it('no answer at all (offline) opens nothing and posts no error: the network notice speaks for it', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await sleep(100);
    expect(notices.value.filter((n) => n.messageKey === 'error')).to.deep.equal([]);
    expect(has(el, 'dialog')).to.equal(false);
    expect(domainFailure.value).to.equal(undefined);
  });

  it('a successful status shows nothing', async () => {
    serve(statusOk());
    const el = mount('<wps-domain-error></wps-domain-error>');
    await waitFor(() => expect(siteStatus.value).to.not.equal(undefined));
    await sleep(30);
    expect(has(el, 'dialog')).to.equal(false);
    expect(notices.value).to.deep.equal([]);
  });

  it('a success after a domain failure (for example from another element) closes the modal', async () => {
    serve(domainDown(MESSAGE));
    const el = mount('<wps-domain-error></wps-domain-error>');
    await opened(el);
    domainFailure.value = undefined;
    await waitFor(() => expect(has(el, 'dialog')).to.equal(false));
  });
});
