/**
 * `<wps-two-factor>` (docs/product.md §2 two-factor modal, §3 two-factor and send-code requests, §4
 * login_verify_required, §5 validation, §8 two-factor error, §9 timings; docs/architecture.md, Elements:
 * attributes, events, modal focus rules). `window.fetch` is stubbed; the encrypted verification
 * request is opened with a key pair generated here, the way the server does (docs/api.md).
 */
import { expect } from 'chai';
import { rsaPair, unsealValue } from '../browser-helpers/sealed.ts';
import { openTwoFactor, type TwoFactorElement } from '../../elements/two-factor.tsx';
import { login, loginBusy } from '../../src/features/sign-in/model.ts';
import { endpoints, type LoginValue } from '../../src/contract/endpoints.ts';
import { language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import {
  COMPLETE_DELAY_MS,
  PASS_MESSAGE_MS,
  sharedVerification,
  type FieldName,
  type Outcome,
  type TwoFactorDetail,
} from '../../src/features/two-factor/model.ts';
import { deepActiveElement } from '../../src/ui/focus.ts';
import {
  describeNode,
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
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';

setNavigator(() => undefined); // nothing here may navigate the test page away

const LOGIN: LoginValue = {
  id: 7,
  token: 'tok-2fa',
  userName: 'player1',
  customerType: 0,
  firstTimeLogin: false,
  passwordExpired: false,
};
const COUNTRY = {
  countryCode: 'SG',
  countryDialingCode: '+65',
  countries: [
    { countryCode: 'SG', countryDialingCode: '+65' },
    { countryCode: 'PH', countryDialingCode: '+63' },
  ],
  currency: 'SGD',
  currencySymbol: '$',
};
const TITLE = 'Login from a new IP';

// ---------------------------------------------------------------------------------------------
// A stand-in back end: the RSA key, country info, send code, verification and login.

const ok = (value: unknown) => json({ success: true, value });
let stub: FetchStub | undefined;
let answers: { sms?: () => Response; verify?: () => Response; login?: () => Response } = {};

function backend() {
  stub = stubFetch((c) => {
    switch (c.url.pathname) {
      case endpoints.rsaKey.path:
        return ok(rsaPair().value);
      case endpoints.systemCountry.path:
        return ok(COUNTRY);
      case endpoints.smsNoLogin.path:
        return answers.sms?.() ?? ok({ expirationTime: Date.now() + 30_000 });
      case endpoints.loginVerification.path:
        return answers.verify?.() ?? ok(LOGIN);
      case endpoints.login.path:
        return answers.login?.() ?? ok(LOGIN);
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

const verifications = () => stub!.to(endpoints.loginVerification.path);
/** The decrypted bodies of the verification requests. */
const verificationBodies = () =>
  verifications().map((c) => unsealValue(c.headers, (JSON.parse(c.body!) as { value: string }).value));

// ---------------------------------------------------------------------------------------------
// Element helpers

let clock: FakeClock | undefined;

function reset() {
  clock?.uninstall();
  clock = undefined;
  unmountAll();
  document.querySelectorAll('wps-two-factor, [data-test-outside]').forEach((n) => n.remove());
  sharedVerification.peek()?.cancel();
  sharedVerification.value = undefined;
  loginBusy.value = false; // the 500 ms lock after a login (docs/product.md §9) must not reach the next test
  stub?.restore();
  stub = undefined;
  answers = {};
  notices.value = [];
  localStorage.clear();
  sessionStorage.clear();
  language.value = 'EN';
}

before(async function () {
  this.timeout(30_000); // RSA key generation in JavaScript
  rsaPair();
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  backend();
});
afterEach(reset);

const detail = (flags: TwoFactorDetail['flags'], extra: Partial<TwoFactorDetail> = {}): TwoFactorDetail => ({
  username: 'player1',
  password: 'Secret123',
  flags,
  title: TITLE,
  ...extra,
});

async function opened(el: Element) {
  await waitFor(() => expect(has(el, 'dialog'), 'dialog shown').to.equal(true));
}
async function closed(el: Element) {
  await waitFor(() => expect(has(el, 'dialog'), 'dialog hidden').to.equal(false));
}

async function openWith(flags: TwoFactorDetail['flags'], extra: Partial<TwoFactorDetail> = {}) {
  const el = mount<TwoFactorElement>('<wps-two-factor></wps-two-factor>');
  const result = el.open(detail(flags, extra));
  await opened(el);
  return { el, result };
}

const tabNames = (el: Element) => parts(el, 'tab').map((t) => t.textContent);
const activeTab = (el: Element) => part(el, 'tab-active')?.textContent;
const input = (el: Element, name: FieldName) => part<HTMLInputElement>(el, `input-${name}`)!;
const inputNames = (el: Element) => parts<HTMLInputElement>(el, 'input').map((i) => i.name);
const invalidFields = (el: Element) =>
  parts<HTMLInputElement>(el, 'input')
    .filter((i) => i.getAttribute('aria-invalid') === 'true')
    .map((i) => i.name);
const focused = () => describeNode(deepActiveElement());
const text = (el: Element, name: string) => part(el, name)?.textContent ?? null;

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
/** Types into a React-controlled input. */
function type(field: HTMLInputElement, value: string) {
  setValue.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
function fill(el: Element, values: Partial<Record<FieldName, string>>) {
  for (const [name, value] of Object.entries(values)) type(input(el, name as FieldName), value);
}
const confirm = (el: Element) => part<HTMLButtonElement>(el, 'confirm')!.click();
const key = (target: EventTarget, k: string, shiftKey = false) => {
  const event = new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

/** The dialling code the sms tab's country picker shows. */
const shownDialingCode = (el: Element) => part(el, 'code')?.textContent ?? '';

/** The sms tab with the dialling code in (the merchant's default from GET /wps/system/country). */
async function smsTab(extra: Partial<TwoFactorDetail> = {}, shown = extra.countryDialingCode ?? '+65') {
  const opened = await openWith({ sms: true }, extra);
  await waitFor(() => expect(shownDialingCode(opened.el)).to.equal(shown));
  return opened;
}

// ---------------------------------------------------------------------------------------------

describe('<wps-two-factor> tabs (docs/product.md §2, §4)', () => {
  const LABEL = { sms: 'SMS', ga: 'Authenticator', email: 'Email', payeeName: 'Real name' } as const;
  const FIELDS = {
    sms: ['mobileNum', 'verificationCode'],
    ga: ['authCode'],
    email: ['email'],
    payeeName: ['payeeName'],
  } as const;
  const rows: [TwoFactorDetail['flags'], (keyof typeof LABEL)[]][] = [
    [{ sms: true }, ['sms']],
    [{ ga: true }, ['ga']],
    [{ email: true }, ['email']],
    [{ payeeName: true }, ['payeeName']],
    [{ payeeName: true, email: true, ga: true, sms: true }, ['sms', 'ga', 'email', 'payeeName']],
    [{ email: true, ga: true }, ['ga', 'email']],
    [{ payeeName: true, sms: true, ga: false }, ['sms', 'payeeName']],
    [{ email: true, payeeName: true }, ['email', 'payeeName']],
    [{ ga: true, payeeName: true, email: false }, ['ga', 'payeeName']],
  ];
  for (const [flags, tabs] of rows) {
    it(`${JSON.stringify(flags)} → only ${tabs.join(', ')} in that order, ${tabs[0]} active with its fields`, async () => {
      const { el } = await openWith(flags);
      expect(tabNames(el)).to.deep.equal(tabs.map((m) => LABEL[m]));
      expect(activeTab(el)).to.equal(LABEL[tabs[0]!]);
      expect(inputNames(el)).to.deep.equal(FIELDS[tabs[0]!]);
      const root = el.shadowRoot!;
      expect(root.querySelectorAll('[role="tablist"]').length).to.equal(1);
      const tabEls = parts(el, 'tab');
      expect(tabEls.map((t) => t.getAttribute('role'))).to.deep.equal(tabs.map(() => 'tab'));
      expect(tabEls.map((t) => t.getAttribute('aria-selected'))).to.deep.equal(tabs.map((_, i) => String(i === 0)));
      expect(tabEls.map((t) => t.tabIndex)).to.deep.equal(tabs.map((_, i) => (i === 0 ? 0 : -1)));
      const panel = part(el, 'panel')!;
      expect(panel.getAttribute('role')).to.equal('tabpanel');
      expect(panel.getAttribute('aria-labelledby')).to.equal(tabEls[0]!.id);
      expect(tabEls[0]!.getAttribute('aria-controls')).to.equal(panel.id);
    });
  }

  it("a caller's title, else a translated one; the explanation speaks to the player either way (issue 32)", async () => {
    const { el } = await openWith({ ga: true });
    const dialog = part(el, 'dialog')!;
    expect(dialog.getAttribute('role')).to.equal('dialog');
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(el.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).to.equal(TITLE);
    expect(el.shadowRoot!.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).to.equal(
      "We don't recognise this device. Confirm it's you with one of these:",
    );
    el.close();
    await closed(el);
    void el.open(detail({ ga: true }, { title: undefined }));
    await opened(el);
    expect(text(el, 'title')).to.equal('Security verification');
    expect(text(el, 'explain')).to.equal("We don't recognise this device. Confirm it's you with one of these:");
    expect(part(el, 'content')!.textContent).not.to.match(/\bIP\b/);
  });

  it('every field has a visible label', async () => {
    const { el } = await openWith({ sms: true, ga: true, email: true, payeeName: true });
    const labels: string[] = [];
    for (const tab of ['SMS', 'Authenticator', 'Email', 'Real name']) {
      parts(el, 'tab')
        .find((t) => t.textContent === tab)!
        .click();
      await waitFor(() => expect(activeTab(el)).to.equal(tab));
      for (const field of parts<HTMLInputElement>(el, 'input'))
        labels.push(el.shadowRoot!.querySelector(`label[for="${field.id}"]`)?.textContent ?? `none for ${field.name}`);
    }
    expect(labels).to.deep.equal([
      'Mobile number',
      'Verification code',
      'Authenticator code',
      'Email address',
      'Real name of the bank account holder',
    ]);
  });

  it('a click selects a tab; arrow keys, Home and End move between tabs (wrapping) and focus follows', async () => {
    const { el } = await openWith({ sms: true, ga: true, email: true, payeeName: true });
    const tab = (name: string) => parts(el, 'tab').find((t) => t.textContent === name)!;
    await waitFor(() => expect(focused()).to.equal(describeNode(tab('SMS'))));
    const steps: [string, string][] = [
      ['ArrowRight', 'Authenticator'],
      ['ArrowRight', 'Email'],
      ['ArrowRight', 'Real name'],
      ['ArrowRight', 'SMS'],
      ['ArrowLeft', 'Real name'],
      ['Home', 'SMS'],
      ['End', 'Real name'],
    ];
    for (const [k, expected] of steps) {
      const event = key(deepActiveElement()!, k);
      expect(event.defaultPrevented, k).to.equal(true);
      await waitFor(() => expect(activeTab(el), k).to.equal(expected));
      expect(focused(), `${k} focus`).to.equal(describeNode(tab(expected)));
      expect(tab(expected).tabIndex).to.equal(0);
    }
    tab('Email').click();
    await waitFor(() => expect(activeTab(el)).to.equal('Email'));
    expect(inputNames(el)).to.deep.equal(['email']);
  });
});

describe('<wps-two-factor> validation (docs/product.md §5)', () => {
  const rows: [string, TwoFactorDetail['flags'], Partial<Record<FieldName, string>>, FieldName, string][] = [
    ['email empty', { email: true }, {}, 'email', 'Enter your email address'],
    ['email only spaces', { email: true }, { email: '   ' }, 'email', 'Enter your email address'],
    ['email malformed', { email: true }, { email: 'player@' }, 'email', 'Please enter a valid email address'],
    ['payeeName empty', { payeeName: true }, { payeeName: ' ' }, 'payeeName', 'Enter the real name of the bank account holder'],
    ['ga empty', { ga: true }, {}, 'authCode', 'Enter the code from your authenticator app'],
    ['ga not 6 digits', { ga: true }, { authCode: '12345' }, 'authCode', 'The authenticator code has 6 digits'],
    ['sms without number and code', { sms: true }, {}, 'mobileNum', 'Enter your mobile number'],
    ['sms without code', { sms: true }, { mobileNum: '91234567' }, 'verificationCode', 'Enter the verification code'],
    ['sms without number', { sms: true }, { verificationCode: '0420' }, 'mobileNum', 'Enter your mobile number'],
  ];
  for (const [name, flags, values, field, message] of rows) {
    it(`${name}: ${field} is marked aria-invalid, focused and explained; nothing is sent`, async () => {
      const { el } = await openWith(flags);
      fill(el, values);
      confirm(el);
      await waitFor(() => expect(invalidFields(el)).to.deep.equal([field]));
      await waitFor(() => expect(focused()).to.equal(describeNode(input(el, field))));
      const describedBy = input(el, field).getAttribute('aria-describedby')!;
      expect(el.shadowRoot!.getElementById(describedBy)?.textContent).to.equal(message);
      await sleep(30);
      expect(verifications().length).to.equal(0);
      // Typing in the field lifts the mark.
      type(input(el, field), 'x');
      await waitFor(() => expect(invalidFields(el)).to.deep.equal([]));
    });
  }

  it('inputs are trimmed before sending', async () => {
    const { el } = await smsTab();
    fill(el, { mobileNum: '  91234567 ', verificationCode: ' 0420\t' });
    confirm(el);
    await waitFor(() => expect(verifications().length).to.equal(1));
    expect(verificationBodies()[0]).to.deep.include({ method: 'S', mobileNum: '91234567', verificationCode: '0420' });
  });
});

describe('<wps-two-factor> the verification request (docs/product.md §3)', () => {
  const rows: [string, TwoFactorDetail['flags'], string, Partial<Record<FieldName, string>>, Record<string, string>][] = [
    ['email', { email: true }, 'Email', { email: 'player@example.com' }, { method: 'E', email: 'player@example.com' }],
    ['payeeName', { payeeName: true }, 'Real name', { payeeName: 'Tan Ah Kow' }, { method: 'P', payeeName: 'Tan Ah Kow' }],
    ['ga', { ga: true }, 'Authenticator', { authCode: '123456' }, { method: 'G', authCode: '123456' }],
    [
      'sms',
      { sms: true },
      'SMS',
      { mobileNum: '91234567', verificationCode: '0420' },
      { method: 'S', mobileNum: '91234567', verificationCode: '0420' },
    ],
  ];
  for (const [name, flags, tab, values, expected] of rows) {
    it(`${name}: POST ${endpoints.loginVerification.path}, encrypted, method ${expected.method} with its fields only`, async () => {
      const { el } = await openWith({ ...flags, ga: true });
      parts(el, 'tab')
        .find((t) => t.textContent === tab)!
        .click();
      await waitFor(() => expect(activeTab(el)).to.equal(tab));
      fill(el, values);
      confirm(el);
      await waitFor(() => expect(verifications().length).to.equal(1));
      const [req] = verifications();
      expect(req!.method).to.equal('POST');
      expect(Object.keys(JSON.parse(req!.body!) as object)).to.deep.equal(['value']);
      expect(verificationBodies()[0]).to.deep.equal({ username: 'player1', password: 'Secret123', ...expected });
    });
  }

  it('identity-provider route: the firebaseIdToken is sent', async () => {
    const { el } = await openWith(
      { ga: true },
      { password: undefined, firebaseIdToken: 'id-token-1', route: 'identityProvider' },
    );
    fill(el, { authCode: '654321' });
    confirm(el);
    await waitFor(() => expect(verifications().length).to.equal(1));
    expect(verificationBodies()[0]).to.deep.equal({
      username: 'player1',
      method: 'G',
      authCode: '654321',
      firebaseIdToken: 'id-token-1',
    });
  });
});

describe('<wps-two-factor> send code and countdown (docs/product.md §4, §5, §9)', () => {
  const sendButton = (el: Element) => part<HTMLButtonElement>(el, 'send')!;
  const smsCalls = () => stub!.to(endpoints.smsNoLogin.path);

  it('sending a code needs a mobile number: the empty field is marked and focused, nothing is sent', async () => {
    const { el } = await smsTab();
    sendButton(el).click();
    await waitFor(() => expect(invalidFields(el)).to.deep.equal(['mobileNum']));
    await waitFor(() => expect(focused()).to.equal(describeNode(input(el, 'mobileNum'))));
    await sleep(30);
    expect(smsCalls().length).to.equal(0);
  });

  it('with a number it posts the dialling code and number, then focus moves to the code field', async () => {
    const { el } = await smsTab();
    fill(el, { mobileNum: ' 91234567 ' });
    sendButton(el).click();
    await waitFor(() => expect(smsCalls().length).to.equal(1));
    expect(JSON.parse(smsCalls()[0]!.body!)).to.deep.equal({ countryDialingCode: '+65', mobileNum: '91234567' });
    await waitFor(() => expect(focused()).to.equal(describeNode(input(el, 'verificationCode'))));
    expect(notices.value).to.deep.equal([]);
  });

  it('the dialling code is the country picker of registration: a listed code given in the detail is shown and sent', async () => {
    const { el } = await smsTab({ countryDialingCode: '+63', mobileNum: '9171234567' });
    expect(input(el, 'mobileNum').value).to.equal('9171234567');
    expect(part(el, 'trigger')!.getAttribute('aria-label')).to.contain('Philippines');
    sendButton(el).click();
    await waitFor(() => expect(smsCalls().length).to.equal(1));
    expect(JSON.parse(smsCalls()[0]!.body!)).to.deep.equal({ countryDialingCode: '+63', mobileNum: '9171234567' });
  });

  it('a code the merchant does not list gives way to its default country: the picker shows what is sent', async () => {
    const { el } = await smsTab({ countryDialingCode: '+99', mobileNum: '91234567' }, '+65');
    sendButton(el).click();
    await waitFor(() => expect(smsCalls().length).to.equal(1));
    expect(JSON.parse(smsCalls()[0]!.body!)).to.deep.equal({ countryDialingCode: '+65', mobileNum: '91234567' });
  });

  it('picking another country in the picker changes the dialling code sent', async () => {
    const { el } = await smsTab();
    part<HTMLButtonElement>(el, 'trigger')!.click();
    await waitFor(() => expect(parts(el, 'option').length).to.equal(2));
    parts(el, 'option')
      .find((o) => o.dataset.code === 'PH')!
      .click();
    await waitFor(() => expect(shownDialingCode(el)).to.equal('+63'));
    fill(el, { mobileNum: '9171234567' });
    sendButton(el).click();
    await waitFor(() => expect(smsCalls().length).to.equal(1));
    expect(JSON.parse(smsCalls()[0]!.body!)).to.deep.equal({ countryDialingCode: '+63', mobileNum: '9171234567' });
    await expectAccessible(el);
  });

  it('counts down in seconds to expirationTime with the button disabled, and frees it at expiry', async () => {
    clock = installClock();
    answers.sms = () => ok({ expirationTime: 30_000 });
    const { el } = await smsTab();
    expect(sendButton(el).textContent).to.equal('Send code');
    fill(el, { mobileNum: '91234567' });
    sendButton(el).click();
    await waitFor(() => expect(sendButton(el).textContent).to.equal('Resend in 0:30'));
    expect(sendButton(el).disabled).to.equal(true);
    await clock.tickAsync(1_000);
    await waitFor(() => expect(sendButton(el).textContent).to.equal('Resend in 0:29'));
    await clock.tickAsync(28_999);
    await waitFor(() => expect(sendButton(el).textContent).to.equal('Resend in 0:01'));
    expect(sendButton(el).disabled).to.equal(true);
    await clock.tickAsync(1);
    await waitFor(() => expect(sendButton(el).textContent).to.equal('Send code'));
    expect(sendButton(el).disabled).to.equal(false);
    expect(smsCalls().length).to.equal(1);
  });

  it('on the identity-provider route it counts 60 s, whatever expirationTime says', async () => {
    clock = installClock();
    answers.sms = () => ok({ expirationTime: 300_000 });
    const { el } = await smsTab({ route: 'identityProvider', firebaseIdToken: 'id-token' });
    fill(el, { mobileNum: '91234567' });
    sendButton(el).click();
    await waitFor(() => expect(sendButton(el).textContent).to.equal('Resend in 1:00'));
    await clock.tickAsync(59_999);
    await waitFor(() => expect(sendButton(el).textContent).to.equal('Resend in 0:01'));
    expect(sendButton(el).disabled).to.equal(true);
    await clock.tickAsync(1);
    await waitFor(() => expect(sendButton(el).disabled).to.equal(false));
    expect(sendButton(el).textContent).to.equal('Send code');
  });

  it('a refused send shows the server message in the modal, and the button stays free', async () => {
    answers.sms = () => json({ success: false, errorCode: 'sms.too.often', message: 'Too many codes, try later' }, 400);
    const { el } = await smsTab();
    fill(el, { mobileNum: '91234567' });
    sendButton(el).click();
    await waitFor(() => expect(text(el, 'error')).to.equal('Too many codes, try later'));
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    expect(sendButton(el).disabled).to.equal(false);
    expect(notices.value).to.deep.equal([]);
  });
});

describe('<wps-two-factor> outcome (docs/product.md §4, §8, §9)', () => {
  it(`success: "Verification passed" for ${PASS_MESSAGE_MS} ms, then wps-verified exactly ${COMPLETE_DELAY_MS} ms later`, async () => {
    expect([PASS_MESSAGE_MS, COMPLETE_DELAY_MS]).to.deep.equal([1500, 500]);
    clock = installClock();
    const { el, result } = await openWith({ email: true });
    let outcome: Outcome | 'pending' = 'pending';
    void result.then((o) => (outcome = o));
    const seen = recordEvents(document, ['wps-verified', 'wps-close']);
    fill(el, { email: 'player@example.com' });
    confirm(el);
    await waitFor(() => expect(text(el, 'pass')).to.equal('Verification passed'));
    expect(part(el, 'pass')!.getAttribute('role')).to.equal('status');
    const start = clock.now;
    // The pass message cannot be dismissed.
    key(part(el, 'dialog')!, 'Escape');
    await clock.tickAsync(PASS_MESSAGE_MS - 1);
    expect(text(el, 'pass')).to.equal('Verification passed');
    expect(seen.types()).to.deep.equal([]);
    await clock.tickAsync(1);
    await closed(el);
    expect(seen.types()).to.deep.equal([]);
    await clock.tickAsync(COMPLETE_DELAY_MS - 1);
    expect(seen.types(), 'not earlier than 500 ms after').to.deep.equal([]);
    expect(outcome).to.equal('pending');
    await clock.tickAsync(1);
    expect(clock.now - start).to.equal(PASS_MESSAGE_MS + COMPLETE_DELAY_MS);
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-verified']);
    const event = seen.events[0]!;
    expect(event.detail).to.deep.equal({ value: LOGIN });
    expect([event.bubbles, event.composed]).to.deep.equal([true, true]);
    expect(describeNode(event.target)).to.equal(describeNode(el));
    await waitFor(() => expect(outcome).to.deep.equal(LOGIN));
  });

  const errorRows: [
    string,
    TwoFactorDetail['flags'],
    Partial<Record<FieldName, string>>,
    Partial<Record<FieldName, string>>,
    FieldName,
  ][] = [
    [
      'sms: the code is cleared, the number kept',
      { sms: true },
      { mobileNum: '91234567', verificationCode: '0420' },
      { mobileNum: '91234567', verificationCode: '' },
      'verificationCode',
    ],
    ['email: the email is cleared', { email: true }, { email: 'player@example.com' }, { email: '' }, 'email'],
    ['ga: the auth code is cleared', { ga: true }, { authCode: '123456' }, { authCode: '' }, 'authCode'],
    ['payeeName: the name stays', { payeeName: true }, { payeeName: 'Tan Ah Kow' }, { payeeName: 'Tan Ah Kow' }, 'payeeName'],
  ];
  for (const [name, flags, values, after, focus] of errorRows) {
    it(`error → the server message shows in the modal; ${name}`, async () => {
      answers.verify = () =>
        json({ success: false, errorCode: 'login.verify.failed', message: 'Verification failed, please try again' }, 400);
      const { el } = flags.sms ? await smsTab() : await openWith(flags);
      fill(el, values);
      confirm(el);
      await waitFor(() => expect(text(el, 'error')).to.equal('Verification failed, please try again'));
      expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
      const now = Object.fromEntries(parts<HTMLInputElement>(el, 'input').map((i) => [i.name, i.value]));
      expect(now).to.deep.equal(after);
      await waitFor(() => expect(focused()).to.equal(describeNode(input(el, focus))));
      expect(has(el, 'dialog')).to.equal(true);
      expect(notices.value, 'no global notice: the modal shows it').to.deep.equal([]);
    });
  }

  it('an error without a message shows "Unknown error"; the next attempt clears it', async () => {
    answers.verify = () => json({ success: false, errorCode: 'server.error' }, 500);
    const { el } = await openWith({ ga: true });
    fill(el, { authCode: '123456' });
    confirm(el);
    await waitFor(() => expect(text(el, 'error')).to.equal('Unknown error'));
    answers.verify = undefined;
    fill(el, { authCode: '111111' });
    confirm(el);
    await waitFor(() => expect(text(el, 'pass')).to.equal('Verification passed'));
  });
});

describe('<wps-two-factor auto> (docs/product.md §4: login_verify_required opens it)', () => {
  const verifyRequired = (value: unknown) => () =>
    json({ success: false, errorCode: 'login_verify_required', message: TITLE, value });
  const playerLogin = () => login({ type: 'username', username: 'player1', password: 'Secret123', remember: false });

  it('a login answered login_verify_required opens it with that login (the sign-in feature starts it); a success completes the login and fires wps-verified', async () => {
    const el = mount<TwoFactorElement>('<wps-two-factor auto></wps-two-factor>');
    await sleep(30);
    answers.login = verifyRequired({ ga: true, email: true, sms: false });
    const outcome = playerLogin();
    await opened(el);
    // The answer's message speaks of IP addresses: the modal opens with words for the player instead.
    expect(text(el, 'title')).to.equal('Security verification');
    expect(text(el, 'explain')).to.equal("We don't recognise this device. Confirm it's you with one of these:");
    expect(tabNames(el)).to.deep.equal(['Authenticator', 'Email']);
    expect(activeTab(el)).to.equal('Authenticator');
    expect(notices.value).to.deep.equal([]);

    clock = installClock();
    const seen = recordEvents(el, ['wps-verified', 'wps-close']);
    fill(el, { authCode: '123456' });
    confirm(el);
    await waitFor(() => expect(text(el, 'pass')).to.equal('Verification passed'));
    await clock.tickAsync(PASS_MESSAGE_MS + COMPLETE_DELAY_MS);
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-verified']);
    clock.uninstall();
    clock = undefined;
    const result = await outcome;
    expect(result.ok && result.value.token).to.equal(LOGIN.token);
    expect(verificationBodies()).to.deep.equal([{ username: 'player1', password: 'Secret123', method: 'G', authCode: '123456' }]);
  });

  // The flags as the reference server answers them (server/signin/signin.ts, issue 26): only the
  // methods the merchant offers are true.
  it("a merchant offering the possession factors only (the server's default): the SMS and Authenticator tabs, no Email or Real name", async () => {
    const el = mount<TwoFactorElement>('<wps-two-factor auto></wps-two-factor>');
    await sleep(30);
    answers.login = verifyRequired({ email: false, ga: true, sms: true, payeeName: false });
    void playerLogin();
    await opened(el);
    expect(tabNames(el)).to.deep.equal(['SMS', 'Authenticator']);
    expect(activeTab(el)).to.equal('SMS');
    expect(parts(el, 'input').some((i) => ['email', 'payeeName'].includes((i as HTMLInputElement).name))).to.equal(false);
    el.close();
    await closed(el);
  });

  it('a merchant with the knowledge checks on (demo2): all four tabs, and Email and Real name each send their method', async () => {
    const el = mount<TwoFactorElement>('<wps-two-factor auto></wps-two-factor>');
    await sleep(30);
    answers.login = verifyRequired({ email: true, ga: true, sms: true, payeeName: true });
    answers.verify = () => json({ success: false, errorCode: 'verification.failed', message: 'Verification failed.' });
    void playerLogin();
    await opened(el);
    expect(tabNames(el)).to.deep.equal(['SMS', 'Authenticator', 'Email', 'Real name']);
    for (const [tab, values, expected] of [
      ['Email', { email: 'guard2@example.com' }, { method: 'E', email: 'guard2@example.com' }],
      ['Real name', { payeeName: 'Guard Two' }, { method: 'P', payeeName: 'Guard Two' }],
    ] as const) {
      parts(el, 'tab')
        .find((t) => t.textContent === tab)!
        .click();
      await waitFor(() => expect(activeTab(el)).to.equal(tab));
      fill(el, values);
      const before = verifications().length;
      confirm(el);
      await waitFor(() => expect(verifications().length).to.equal(before + 1));
      expect(verificationBodies().at(-1)).to.deep.equal({ username: 'player1', password: 'Secret123', ...expected });
      await waitFor(() => expect(text(el, 'error')).to.equal('Verification failed.'));
    }
    el.close();
    await closed(el);
  });

  it('without `auto` (or after removing it) the login adds an `auto` element of its own to the body', async () => {
    const el = mount<TwoFactorElement>('<wps-two-factor auto></wps-two-factor>');
    await sleep(30);
    el.removeAttribute('auto');
    await sleep(30);
    answers.login = verifyRequired({ ga: true });
    void playerLogin();
    const added = await waitFor(() => {
      const found = [...document.querySelectorAll('wps-two-factor[auto]')].find((n) => n !== el);
      expect(found, 'element added').to.not.equal(undefined);
      return found!;
    });
    await opened(added as TwoFactorElement);
    expect(has(el, 'dialog')).to.equal(false);
    (added as TwoFactorElement).close();
  });

  it('`auto="false"` does not show it either', async () => {
    const el = mount('<wps-two-factor auto="false"></wps-two-factor>');
    await sleep(30);
    answers.login = verifyRequired({ ga: true });
    void playerLogin();
    await waitFor(() => expect(sharedVerification.value).to.not.equal(undefined));
    await sleep(50);
    expect(has(el, 'dialog')).to.equal(false);
    sharedVerification.value!.cancel();
  });

  it('a login_verify_required without any factor shows the server message as a notice', async () => {
    answers.login = verifyRequired({});
    const result = await playerLogin();
    expect(result.ok).to.equal(false);
    expect(notices.value.map((n) => n.message)).to.deep.equal([TITLE]);
    expect(document.querySelector('wps-two-factor')).to.equal(null);
  });

  it('openTwoFactor() adds a <wps-two-factor auto> when the page has none; closing resolves undefined', async () => {
    expect(document.querySelector('wps-two-factor')).to.equal(null);
    const result = openTwoFactor(detail({ payeeName: true }));
    const el = await waitFor(() => {
      const found = document.querySelector('wps-two-factor[auto]');
      expect(found, 'element added').to.not.equal(null);
      return found!;
    });
    await opened(el);
    expect(tabNames(el)).to.deep.equal(['Real name']);
    part(el, 'cancel')!.click();
    expect(await result).to.equal(undefined);
    await closed(el);
  });
});

describe('<wps-two-factor> focus and closing (docs/architecture.md, Modals and focus)', () => {
  function opener() {
    const b = document.createElement('button');
    b.textContent = 'Opener';
    b.dataset.testOutside = '';
    document.body.append(b);
    b.focus();
    return b;
  }

  it('focus moves in to the active tab; Tab from the last control wraps to it; Shift+Tab wraps back', async () => {
    opener();
    const { el } = await openWith({ sms: true, email: true });
    const confirmButton = part(el, 'confirm')!;
    await waitFor(() => expect(focused()).to.equal(describeNode(part(el, 'tab-active'))));
    confirmButton.focus();
    expect(key(confirmButton, 'Tab').defaultPrevented).to.equal(true);
    expect(focused()).to.equal(describeNode(part(el, 'tab-active')));
    expect(key(deepActiveElement()!, 'Tab', true).defaultPrevented).to.equal(true);
    expect(focused()).to.equal(describeNode(confirmButton));
    // With the second tab active the first (tabindex -1) is not a wrap target.
    part(el, 'tab-active')!.focus();
    key(deepActiveElement()!, 'ArrowRight');
    await waitFor(() => expect(activeTab(el)).to.equal('Email'));
    expect(key(deepActiveElement()!, 'Tab', true).defaultPrevented).to.equal(true);
    expect(focused()).to.equal(describeNode(confirmButton));
    key(confirmButton, 'Tab');
    expect(focused()).to.equal(describeNode(part(el, 'tab-active')));
  });

  it('Escape closes it: wps-close, the promise resolves undefined, focus returns to the opener', async () => {
    const button = opener();
    const { el, result } = await openWith({ ga: true });
    await waitFor(() => expect(el.shadowRoot!.contains(deepActiveElement())).to.equal(true));
    const seen = recordEvents(el, ['wps-close', 'wps-verified']);
    key(deepActiveElement()!, 'Escape');
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-close']);
    expect([seen.events[0]!.bubbles, seen.events[0]!.composed]).to.deep.equal([true, true]);
    expect(await result).to.equal(undefined);
    await closed(el);
    await waitFor(() => expectSameNode(document.activeElement, button));
    expect(verifications().length).to.equal(0);
  });

  it('Cancel, the backdrop and close() close it with wps-close', async () => {
    const { el } = await openWith({ ga: true });
    const seen = recordEvents(el, ['wps-close']);
    part(el, 'cancel')!.click();
    await closed(el);
    void el.open(detail({ ga: true }));
    await opened(el);
    part(el, 'title')!.click(); // inside: nothing
    expect(has(el, 'dialog')).to.equal(true);
    part(el, 'backdrop')!.click();
    await closed(el);
    void el.open(detail({ ga: true }));
    await opened(el);
    el.close();
    await closed(el);
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-close', 'wps-close', 'wps-close']);
  });

  it('close() the moment the dialog is in the page still fires wps-close (before the first paint)', async () => {
    const el = mount<TwoFactorElement>('<wps-two-factor></wps-two-factor>');
    const seen = recordEvents(el, ['wps-close']);
    // A mutation observer runs right after React's commit, before any passive effect or paint: the
    // earliest a merchant's script could see the dialog and close it.
    const observer = new MutationObserver(() => {
      if (!has(el, 'dialog')) return;
      observer.disconnect();
      el.close();
    });
    observer.observe(el.shadowRoot!, { childList: true, subtree: true });
    const result = el.open(detail({ ga: true }));
    expect(await result).to.equal(undefined);
    await closed(el);
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-close']);
  });

  it('open() while open replaces the verification (the first resolves undefined)', async () => {
    const { el, result } = await openWith({ ga: true });
    const second = el.open(detail({ email: true }, { title: 'Second' }));
    expect(await result).to.equal(undefined);
    await waitFor(() => expect(text(el, 'title')).to.equal('Second'));
    expect(tabNames(el)).to.deep.equal(['Email']);
    el.close();
    expect(await second).to.equal(undefined);
  });
});

describe('<wps-two-factor> languages and accessibility', () => {
  it('is axe-core clean in EN: sms tab, then with a marked field, an error and a countdown', async () => {
    answers.verify = () => json({ success: false, errorCode: 'login.verify.failed', message: 'Verification failed' }, 400);
    const { el } = await smsTab();
    await expectAccessible(el);
    confirm(el);
    await waitFor(() => expect(invalidFields(el)).to.deep.equal(['mobileNum']));
    await expectAccessible(el);
    fill(el, { mobileNum: '91234567' });
    part(el, 'send')!.click();
    await waitFor(() => expect(part<HTMLButtonElement>(el, 'send')!.disabled).to.equal(true));
    fill(el, { verificationCode: '0420' });
    confirm(el);
    await waitFor(() => expect(text(el, 'error')).to.equal('Verification failed'));
    await expectAccessible(el);
  });

  it('CN: translated texts, axe-core clean', async () => {
    setLanguage('CN');
    const { el } = await openWith({ sms: true, ga: true, email: true, payeeName: true }, { title: undefined });
    await waitFor(() => expect(text(el, 'title')).to.equal('安全验证'));
    expect(text(el, 'explain')).to.equal('我们无法识别这台设备。请通过以下任一方式确认是您本人：');
    expect(tabNames(el)).to.deep.equal(['短信验证', '谷歌验证', '邮箱验证', '真实姓名']);
    expect(text(el, 'confirm')).to.equal('确认');
    expect(text(el, 'send')).to.equal('发送验证码');
    await expectAccessible(el);
  });

  it('UR: the dialog is rtl, arrow keys follow the reading direction, axe-core clean', async () => {
    setLanguage('UR');
    const { el } = await openWith({ sms: true, ga: true, email: true });
    await waitFor(() => expect(part(el, 'dialog')!.getAttribute('dir')).to.equal('rtl'));
    await waitFor(() => expect(focused()).to.equal(describeNode(part(el, 'tab-active'))));
    const first = activeTab(el);
    key(deepActiveElement()!, 'ArrowLeft');
    await waitFor(() => expect(activeTab(el)).to.not.equal(first));
    expect(parts(el, 'tab').indexOf(part(el, 'tab-active')!)).to.equal(1);
    await expectAccessible(el);
  });
});

describe('<wps-two-factor auto> after an SMS or identity-provider login (docs/product.md §4, §9)', () => {
  const verifyRequired = (value: unknown) => () =>
    json({ success: false, errorCode: 'login_verify_required', message: TITLE, value });
  const sendButton = (el: Element) => part<HTMLButtonElement>(el, 'send')!;

  async function autoModal() {
    const el = mount<TwoFactorElement>('<wps-two-factor auto></wps-two-factor>');
    await sleep(30);
    return el;
  }
  async function verifyWithAuthenticator(el: Element) {
    parts(el, 'tab')
      .find((t) => t.textContent === 'Authenticator')!
      .click();
    await waitFor(() => expect(activeTab(el)).to.equal('Authenticator'));
    fill(el, { authCode: '123456' });
    confirm(el);
    await waitFor(() => expect(verifications().length).to.equal(1));
    return verificationBodies()[0];
  }

  it("an identity-provider login: the provider's route (60 s countdown), its token and the member the answer names are verified, no password", async () => {
    const el = await autoModal();
    clock = installClock();
    answers.sms = () => ok({ expirationTime: 30_000 });
    answers.login = verifyRequired({ sms: true, ga: true, userName: 'fbuser' });
    void login({ type: 'firebase', firebaseChannel: 'google.com', firebaseIdToken: 'id-token-1' });
    await opened(el);
    fill(el, { mobileNum: '91234567' });
    sendButton(el).click();
    await waitFor(() => expect(sendButton(el).textContent).to.equal('Resend in 1:00'));
    expect(await verifyWithAuthenticator(el)).to.deep.equal({
      username: 'fbuser',
      method: 'G',
      authCode: '123456',
      firebaseIdToken: 'id-token-1',
    });
  });

  it('binding an existing account: the username and password typed for it are verified with the token', async () => {
    const el = await autoModal();
    answers.login = verifyRequired({ ga: true, userName: 'someone' });
    void login({
      type: 'firebase',
      firebaseChannel: 'google.com',
      firebaseIdToken: 'id-token-1',
      username: 'demo',
      password: 'Demo1234',
    });
    await opened(el);
    expect(await verifyWithAuthenticator(el)).to.deep.equal({
      username: 'demo',
      password: 'Demo1234',
      method: 'G',
      authCode: '123456',
      firebaseIdToken: 'id-token-1',
    });
  });

  it("an SMS login: the mobile number is the username, no password, no token; the code's own expiry counts", async () => {
    const el = await autoModal();
    clock = installClock();
    answers.sms = () => ok({ expirationTime: 30_000 });
    answers.login = verifyRequired({ sms: true, ga: true });
    void login({ type: 'sms', countryDialingCode: '+65', mobileNum: '91234567', verificationCode: '0420' });
    await opened(el);
    fill(el, { mobileNum: '91234567' });
    sendButton(el).click();
    await waitFor(() => expect(sendButton(el).textContent).to.equal('Resend in 0:30'));
    expect(await verifyWithAuthenticator(el)).to.deep.equal({ username: '91234567', method: 'G', authCode: '123456' });
  });

  it('a username login: the trimmed username is verified', async () => {
    const el = await autoModal();
    answers.login = verifyRequired({ ga: true });
    void login({ type: 'username', username: ' player1 ', password: 'Secret123' });
    await opened(el);
    expect(await verifyWithAuthenticator(el)).to.deep.equal({
      username: 'player1',
      password: 'Secret123',
      method: 'G',
      authCode: '123456',
    });
  });
});
