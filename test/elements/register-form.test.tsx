/**
 * `<wps-register-form>` (docs/product.md §3 registration payload, §4 registration, §5 validation): tabs,
 * required fields, the mobile-number password option and DEFAULT_PASSWORD, the sealed request
 * (opened here with a jsencrypt key pair), referral / affiliate codes, one submit at a time, the
 * suggested username, the username format, the captcha row (a stand-in `<wps-captcha>`), wps-register,
 * axe-core. `window.fetch` is stubbed; nothing navigates.
 */
import { expect } from 'chai';
import { rsaPair, unsealBody } from '../browser-helpers/sealed.ts';
import '../../elements/register-form.tsx';
import { DEFAULT_PASSWORD } from '../../src/contract/constants.ts';
import { endpoints, type LoginValue, type SiteInfo } from '../../src/contract/endpoints.ts';
import { merchantCode } from '../../src/core/config/config.ts';
import { resetSiteData } from '../../src/core/config/siteStatus.ts';
import { ensureI18n, language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { clearSession, session } from '../../src/core/session/sessionInfo.ts';
import { registerBusy } from '../../src/features/sign-in/model.ts';
import { deepActiveElement } from '../../src/ui/focus.ts';
import {
  describeNode,
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
import { statusFixture } from '../browser-helpers/status.ts';
import { captchas } from '../browser-helpers/captcha-stand-in.ts';

const navigations: string[] = [];
setNavigator((path) => navigations.push(path));

const REGISTERED: LoginValue = {
  id: 21,
  token: 'tok-new',
  userName: 'newbie1',
  customerType: 0,
  firstTimeLogin: true,
  passwordExpired: false,
};
const COUNTRY = {
  countryCode: 'PH',
  countryDialingCode: '+63',
  countries: [{ countryCode: 'PH', countryDialingCode: '+63' }],
  currency: 'PHP',
  currencySymbol: '₱',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ok = (value: unknown) => json({ success: true, value });
let stub: FetchStub | undefined;
let register: Partial<SiteInfo['register']> = {};
let answers: { register?: () => Response | Promise<Response>; status?: (r: Response) => Response | Promise<Response> } = {};

function backend() {
  stub = stubFetch((c) => {
    switch (c.url.pathname) {
      case endpoints.rsaKey.path:
        return ok(rsaPair().value);
      case endpoints.systemStatus.path: {
        const base = statusFixture();
        const answer = ok({ ...base, info: { ...base.info, register: { ...base.info.register, ...register } } });
        return answers.status?.(answer) ?? answer;
      }
      case endpoints.systemCountry.path:
        return ok(COUNTRY);
      case endpoints.register.path:
      case endpoints.registerMobile.path:
        return answers.register?.() ?? ok(REGISTERED);
      case endpoints.registerAutoUsername.path:
        return ok({ username: 'uabc123xyz' });
      case endpoints.memberInfo.path:
        return ok({ type: 0, id: 21, userName: 'newbie1', language: 'EN', clubLabel: null });
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

const registrations = () =>
  stub!.calls.filter((c) => c.url.pathname === endpoints.register.path || c.url.pathname === endpoints.registerMobile.path);

async function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  answers = {};
  register = {};
  resetSiteData();
  clearSession();
  notices.value = [];
  navigations.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  language.value = 'EN';
  Object.assign(captchas, { solved: 0, renewed: 0, refuse: false });
  if (registerBusy.peek())
    await waitFor(() => expect(registerBusy.peek()).to.equal(false), 1000).catch(() => (registerBusy.value = false));
}

before(async function () {
  this.timeout(30_000);
  rsaPair();
  language.value = 'EN';
  await languageReady();
});
beforeEach(async () => {
  await reset();
  backend();
});
afterEach(reset);
after(() => {
  merchantCode.value = '';
});

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
function type(input: HTMLInputElement, value: string) {
  setValue.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const byId = (el: Element, id: string) => el.shadowRoot!.getElementById(id) as HTMLInputElement | null;
const field = (el: Element, name: string) => byId(el, `register-${name}`)!;
const focused = () => describeNode(deepActiveElement());
const form = (el: Element) => part<HTMLFormElement>(el, 'form')!;
const tabs = (el: Element) => parts<HTMLButtonElement>(el, 'tab');
const tabNamed = (el: Element, label: string) => tabs(el).find((t) => t.textContent?.trim() === label)!;

async function open(attrs = ''): Promise<HTMLElement> {
  const el = mount(`<wps-register-form merchant="DEMO01" ${attrs}></wps-register-form>`);
  await waitFor(() => expect(has(el, 'form')).to.equal(true));
  await waitFor(() => expect(stub!.to(endpoints.systemStatus.path).length).to.be.greaterThan(0));
  await sleep(20);
  return el;
}

async function mobileTab(el: HTMLElement) {
  tabNamed(el, 'By mobile number').click();
  await waitFor(() => expect(byId(el, 'register-mobile')).to.not.equal(null));
}

async function submitUsername(el: HTMLElement, username = 'newbie1', password = 'Secret123') {
  type(field(el, 'username'), username);
  type(field(el, 'password'), password);
  await waitFor(() => expect(field(el, 'password').value).to.equal(password));
  form(el).requestSubmit();
  await waitFor(() => expect(registrations().length).to.be.greaterThan(0));
  const c = registrations().at(-1)!;
  return { call: c, body: unsealBody(c.headers, c.body) };
}

// ---------------------------------------------------------------------------------------------

describe('<wps-register-form> tabs (docs/product.md §4)', () => {
  it('By username / By mobile number: role tab, one tabpanel labelled by the selected tab', async () => {
    const el = await open();
    expect(parts(el, 'tabs').map((t) => t.getAttribute('role'))).to.deep.equal(['tablist']);
    expect(tabs(el).map((t) => t.textContent?.trim())).to.deep.equal(['By username', 'By mobile number']);
    expect(tabs(el).map((t) => t.getAttribute('role'))).to.deep.equal(['tab', 'tab']);
    expect(tabs(el).map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false']);
    const panel = () => el.shadowRoot!.querySelector('[role="tabpanel"]')!;
    expect(panel().getAttribute('aria-labelledby')).to.equal(tabs(el)[0]!.id);
    expect(tabs(el)[0]!.getAttribute('aria-controls')).to.equal(panel().id);
    await mobileTab(el);
    expect(tabs(el).map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['false', 'true']);
    expect(panel().getAttribute('aria-labelledby')).to.equal(tabs(el)[1]!.id);
    expect(byId(el, 'register-username')).to.equal(null);
  });
});

describe('<wps-register-form> required fields (docs/product.md §5)', () => {
  it('empty username: highlighted, focused, nothing sent', async () => {
    const el = await open();
    type(field(el, 'password'), 'Secret123');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true'));
    expect(focused()).to.equal(describeNode(field(el, 'username')));
    expect(field(el, 'username').getAttribute('aria-describedby')).to.equal('register-username-error');
    await sleep(50);
    expect(registrations().length).to.equal(0);
  });

  it('empty password: highlighted, focused, nothing sent', async () => {
    const el = await open();
    type(field(el, 'username'), 'newbie1');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('true'));
    expect(focused()).to.equal(describeNode(field(el, 'password')));
    expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('false');
    await sleep(50);
    expect(registrations().length).to.equal(0);
  });

  it('mobile tab: an empty mobile number is highlighted and focused, nothing sent', async () => {
    const el = await open();
    await mobileTab(el);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'mobile').getAttribute('aria-invalid')).to.equal('true'));
    expect(focused()).to.equal(describeNode(field(el, 'mobile')));
    await sleep(50);
    expect(registrations().length).to.equal(0);
  });
});

describe('<wps-register-form> the request (docs/product.md §3, §4)', () => {
  it('by username: POST /wps/member/register, ModuleId REG3, sealed payload with the docs/product.md §3 fields', async () => {
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    const { call, body } = await submitUsername(el, '  newbie1 ', 'Secret123');
    expect(call.url.pathname).to.equal('/wps/member/register');
    expect(call.method).to.equal('POST');
    expect(call.headers.get('ModuleId')).to.equal('REG3');
    expect(call.headers.get('Merchant')).to.equal('DEMO01');
    expect(call.body ?? '').not.to.include('Secret123');
    expect(body.username).to.equal('newbie1');
    expect(body.password).to.equal('Secret123');
    expect(body.registerMethod).to.equal('H5');
    expect(body.registerUrl).to.equal(location.href);
    expect(String(body.loginDeviceId)).to.match(UUID);
    expect(body.domain).to.equal(location.hostname);
    expect(body.login).to.equal(true);
    expect(body.isOfficialAppLogin).to.equal(false);
    expect('referralCode' in body ? body.referralCode : undefined).to.equal(undefined);
  });

  it('referralCode, affiliateCode and domain come from session storage wps:registrationInfo', async () => {
    sessionStorage.setItem(
      'wps:registrationInfo',
      JSON.stringify({ referralCode: 'REF9', affiliateCode: 'AFF7', originalDomain: 'lucky.example' }),
    );
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    const { body } = await submitUsername(el);
    expect(body.referralCode).to.equal('REF9');
    expect(body.affiliateCode).to.equal('AFF7');
    expect(body.domain).to.equal('lucky.example');
  });

  it('the referral-code attribute overrides the stored referral code (the affiliate code stays)', async () => {
    sessionStorage.setItem('wps:registrationInfo', JSON.stringify({ referralCode: 'REF9', affiliateCode: 'AFF7' }));
    const el = await open('referral-code="AGENT1"');
    el.addEventListener('wps-register', (e) => e.preventDefault());
    const { body } = await submitUsername(el);
    expect(body.referralCode).to.equal('AGENT1');
    expect(body.affiliateCode).to.equal('AFF7');
  });

  it('by mobile number, mobile-number password option off: no password field; DEFAULT_PASSWORD is sent to /register/mobile (MOBILENUMREG3)', async () => {
    register = { mobilePassword: false };
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    await mobileTab(el);
    expect(byId(el, 'register-password')).to.equal(null);
    await waitFor(() => expect(el.shadowRoot!.textContent).to.include('+63'));
    type(field(el, 'mobile'), ' 9171230000 ');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(registrations().length).to.equal(1));
    const c = registrations()[0]!;
    expect(c.url.pathname).to.equal('/wps/member/register/mobile');
    expect(c.headers.get('ModuleId')).to.equal('MOBILENUMREG3');
    const body = unsealBody(c.headers, c.body);
    expect(body.password).to.equal(DEFAULT_PASSWORD);
    expect(body.mobileNum).to.equal('9171230000');
    expect(body.countryDialingCode).to.equal('+63');
    expect(body.login).to.equal(true);
    expect(body.registerMethod).to.equal('H5');
  });

  it('by mobile number, option on: the password field shows, is required, and is sent', async () => {
    register = { mobilePassword: true };
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    await mobileTab(el);
    await waitFor(() => expect(byId(el, 'register-password')).to.not.equal(null));
    type(field(el, 'mobile'), '9171230000');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('true'));
    expect(focused()).to.equal(describeNode(field(el, 'password')));
    await sleep(30);
    expect(registrations().length).to.equal(0);

    type(field(el, 'password'), 'Mine1234');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(registrations().length).to.equal(1));
    const c = registrations()[0]!;
    expect(c.url.pathname).to.equal('/wps/member/register/mobile');
    expect(unsealBody(c.headers, c.body).password).to.equal('Mine1234');
  });

  it('the default password: the answer says the session must change it, so the player goes to /m/changePsw, told the current one (issue 26)', async () => {
    register = { mobilePassword: false };
    answers.register = () => ok({ ...REGISTERED, userName: 'm71230000', passwordChangeRequired: true });
    const el = await open();
    const events = recordEvents(el, ['wps-register']);
    await mobileTab(el);
    await waitFor(() => expect(el.shadowRoot!.textContent).to.include('+63'));
    type(field(el, 'mobile'), '9171230000');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(events.types()).to.deep.equal(['wps-register']));
    await waitFor(() => expect(navigations).to.deep.equal(['/m/changePsw']));
    expect(notices.value.map((n) => n.messageKey)).to.include('register.success_mobile');
    expect(JSON.parse(sessionStorage.getItem('wps:passwordChange')!)).to.deep.equal({ forced: true, defaultPassword: true });
  });

  it('one submit at a time: further submits while one runs send nothing', async () => {
    let release!: (r: Response) => void;
    answers.register = () => new Promise<Response>((resolve) => (release = resolve));
    const el = await open();
    const events = recordEvents(el, ['wps-register']);
    el.addEventListener('wps-register', (e) => e.preventDefault());
    await submitUsername(el);
    await waitFor(() => expect(part<HTMLButtonElement>(el, 'submit')!.disabled).to.equal(true));
    form(el).requestSubmit();
    form(el).requestSubmit();
    await sleep(50);
    expect(registrations().length).to.equal(1);
    release(ok(REGISTERED));
    await waitFor(() => expect(events.types()).to.deep.equal(['wps-register']));
    await waitFor(() => expect(part<HTMLButtonElement>(el, 'submit')!.disabled).to.equal(false));
  });

  it('success: a notice, the session stored, a cancelable wps-register { userName }; without preventDefault it goes to /m/home', async () => {
    const el = await open();
    const events = recordEvents(el, ['wps-register']);
    await submitUsername(el);
    await waitFor(() => expect(events.types()).to.deep.equal(['wps-register']));
    const event = events.events[0]!;
    expect(event.cancelable && event.bubbles && event.composed).to.equal(true);
    expect(JSON.stringify(event.detail)).to.equal(JSON.stringify({ userName: 'newbie1' }));
    expect(session.value?.token).to.equal('tok-new');
    expect(notices.value.map((n) => n.messageKey)).to.include('register.success');
    await waitFor(() => expect(navigations).to.deep.equal(['/m/home']));
  });

  it('a refused registration emits nothing and stores no session', async () => {
    answers.register = () => json({ success: false, errorCode: 'register.username.exists', message: 'Username taken' }, 400);
    const el = await open();
    const events = recordEvents(el, ['wps-register']);
    await submitUsername(el);
    await sleep(100);
    expect(events.types()).to.deep.equal([]);
    expect(session.value).to.equal(undefined);
    expect(navigations).to.deep.equal([]);
  });
});

describe('<wps-register-form> the password rule as the player types (docs/product.md §5, issue 32)', () => {
  const rule = (el: Element) => byId(el, 'register-password-rule')!;
  /** Each line of the rule: its name and whether it shows as met (class, part and the words a screen reader gets). */
  const lines = (el: Element) =>
    [...rule(el).querySelectorAll('li')].map((li) => {
      const met = li.classList.contains('met');
      expect(li.getAttribute('part')).to.equal(met ? 'rule rule-met' : 'rule rule-unmet');
      expect(li.querySelector('.wps-visually-hidden')!.textContent!.trim()).to.equal(met ? '(done)' : '(not yet)');
      return `${li.getAttribute('data-rule')}:${met ? 'met' : 'unmet'}`;
    });

  it('shows the rule under the field, described by the input, and turns each line met or unmet as the player types', async () => {
    const el = await open();
    expect(field(el, 'password').getAttribute('aria-describedby')).to.equal('register-password-rule');
    expect([...rule(el).querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([
      '8–32 characters (not yet)',
      'At least one letter (A–Z) (not yet)',
      'At least one digit (not yet)',
    ]);
    type(field(el, 'password'), 'ab1');
    await waitFor(() => expect(lines(el)).to.deep.equal(['length:unmet', 'letter:met', 'digit:met']));
    type(field(el, 'password'), 'abcdefgh');
    await waitFor(() => expect(lines(el)).to.deep.equal(['length:met', 'letter:met', 'digit:unmet']));
    type(field(el, 'password'), 'abc1234'); // 7 characters: one short (issue 26)
    await waitFor(() => expect(lines(el)).to.deep.equal(['length:unmet', 'letter:met', 'digit:met']));
    type(field(el, 'password'), 'abc12345'); // 8
    await waitFor(() => expect(lines(el)).to.deep.equal(['length:met', 'letter:met', 'digit:met']));
    type(field(el, 'password'), 'a1'.repeat(16) + 'b'); // 33 characters
    await waitFor(() => expect(lines(el)).to.deep.equal(['length:unmet', 'letter:met', 'digit:met']));
    await expectAccessible(el);
  });

  it('a password that breaks the rule is not sent: the field says why and keeps the focus; a good one is sent', async () => {
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    type(field(el, 'username'), 'newbie1');
    type(field(el, 'password'), 'abc1234');
    await sleep(10);
    form(el).requestSubmit();
    const password = field(el, 'password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).to.equal('true'));
    expect(byId(el, 'register-password-error')!.textContent).to.equal(
      'Choose a password of 8–32 characters with at least one letter and one digit',
    );
    expect(password.getAttribute('aria-describedby')).to.equal('register-password-error register-password-rule');
    expect(focused()).to.equal(describeNode(password));
    await sleep(50);
    expect(registrations().length).to.equal(0);
    expect(notices.value).to.deep.equal([]);

    type(password, 'abc12345');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).to.equal('false'));
    form(el).requestSubmit();
    await waitFor(() => expect(registrations().length).to.equal(1));
    expect(unsealBody(registrations()[0]!.headers, registrations()[0]!.body).password).to.equal('abc12345');
  });

  it('neither the default password nor the username (any case): a line says so while it is one of them, and nothing is sent (issue 26)', async () => {
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    type(field(el, 'username'), 'Player123');
    type(field(el, 'password'), DEFAULT_PASSWORD.toLowerCase());
    await waitFor(() => expect(lines(el)).to.deep.equal(['length:met', 'letter:met', 'digit:met', 'notDefault:unmet']));
    expect(rule(el).textContent).to.include('Not the default password');
    form(el).requestSubmit();
    const password = field(el, 'password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).to.equal('true'));
    expect(byId(el, 'register-password-error')!.textContent).to.equal('The default password cannot be chosen: choose your own');

    type(password, 'PLAYER123');
    await waitFor(() => expect(lines(el)).to.deep.equal(['length:met', 'letter:met', 'digit:met', 'notUsername:unmet']));
    expect(rule(el).textContent).to.include('Not the same as the username');
    form(el).requestSubmit();
    await waitFor(() =>
      expect(byId(el, 'register-password-error')!.textContent).to.equal('The password cannot be the same as the username'),
    );
    await sleep(50);
    expect(registrations().length).to.equal(0);
    await expectAccessible(el);

    type(password, 'Player1234');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).to.equal('false'));
    expect(lines(el)).to.deep.equal(['length:met', 'letter:met', 'digit:met']);
    form(el).requestSubmit();
    await waitFor(() => expect(registrations().length).to.equal(1));
  });

  it('the mobile tab before the site status has come: the number and no password; the password once the status asks for it', async () => {
    register = { mobilePassword: true };
    let release!: () => void;
    answers.status = (answer) => new Promise<Response>((resolve) => (release = () => resolve(answer)));
    const el = await open();
    await mobileTab(el);
    expect(byId(el, 'register-password')).to.equal(null);
    release();
    await waitFor(() => expect(byId(el, 'register-password')).to.not.equal(null));
    expect(byId(el, 'register-mobile')).to.not.equal(null);
  });

  it('by mobile number with a password: the same rule, nothing sent while it is unmet', async () => {
    register = { mobilePassword: true };
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    await mobileTab(el);
    await waitFor(() => expect(byId(el, 'register-password')).to.not.equal(null));
    type(field(el, 'mobile'), '9171230000');
    type(field(el, 'password'), '12345678');
    await waitFor(() => expect(lines(el)).to.deep.equal(['length:met', 'letter:unmet', 'digit:met']));
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('true'));
    await sleep(50);
    expect(registrations().length).to.equal(0);
  });

  it('UR: the rule in Urdu, right to left', async () => {
    setLanguage('UR');
    await ensureI18n();
    const el = await open();
    await waitFor(() => expect(rule(el).textContent).to.include('کم از کم ایک ہندسہ'));
    expect(form(el).getAttribute('dir')).to.equal('rtl');
    await expectAccessible(el);
  });
});

describe('<wps-register-form> suggested username', () => {
  it("'Suggest a free username' fills the field from /wps/member/register/autoUsername", async () => {
    const el = await open();
    const suggest = part<HTMLButtonElement>(el, 'suggest')!;
    expect(suggest.textContent).to.equal('Suggest a free username');
    suggest.click();
    await waitFor(() => expect(field(el, 'username').value).to.equal('uabc123xyz'));
    const c = stub!.to(endpoints.registerAutoUsername.path);
    expect(c.length).to.equal(1);
    expect(c[0]!.method).to.equal('POST');
  });
});

describe('<wps-register-form> accessibility', () => {
  it('EN: axe-core clean, both tabs and with errors', async () => {
    const el = await open();
    await expectAccessible(el);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true'));
    await expectAccessible(el);
    await mobileTab(el);
    await expectAccessible(el);
  });

  it('CN: axe-core clean', async () => {
    setLanguage('CN');
    await ensureI18n();
    const el = await open();
    await waitFor(() => expect(tabs(el)[0]!.textContent?.trim()).to.equal('用户名注册'));
    await expectAccessible(el);
  });
});

describe('<wps-register-form> the username format (docs/product.md §5: 4–16 of A-Z a-z 0-9 _)', () => {
  const USERNAME_INVALID = 'Use 4–16 letters, digits or _ for the username';
  const errorOf = (el: Element, name: string) => byId(el, `register-${name}-error`)?.textContent;

  it('a username outside the rule is refused before anything is sent: marked, named, focused; 16 characters are sent', async () => {
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    type(field(el, 'password'), 'Secret123');
    for (const bad of ['abc', 'a'.repeat(17), 'new-bie1', 'new.bie1', 'new bie1']) {
      type(field(el, 'username'), bad);
      await waitFor(() => expect(field(el, 'username').value).to.equal(bad));
      field(el, 'password').focus();
      form(el).requestSubmit();
      await waitFor(() => expect(errorOf(el, 'username'), bad).to.equal(USERNAME_INVALID));
      expect(field(el, 'username').getAttribute('aria-invalid'), bad).to.equal('true');
      expect(focused(), bad).to.equal(describeNode(field(el, 'username')));
    }
    await sleep(50);
    expect(registrations()).to.have.length(0);

    type(field(el, 'username'), 'Player_1234567890'.slice(0, 16));
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(registrations()).to.have.length(1));
    expect(unsealBody(registrations()[0]!.headers, registrations()[0]!.body).username).to.equal('Player_123456789');
    expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('false');
  });

  it('leaving a malformed username marks it at once and leaves the focus where the player went; 4 characters clear it', async () => {
    const el = await open();
    type(field(el, 'username'), 'ab');
    field(el, 'username').focus();
    field(el, 'password').focus();
    await waitFor(() => expect(errorOf(el, 'username')).to.equal(USERNAME_INVALID));
    expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true');
    await sleep(30);
    expect(focused()).to.equal(describeNode(field(el, 'password')));

    type(field(el, 'username'), 'ab_1');
    field(el, 'username').focus();
    field(el, 'password').focus();
    await waitFor(() => expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('false'));
    expect(errorOf(el, 'username')).to.equal(undefined);
    expect(registrations()).to.have.length(0);
  });

  it('leaving the empty username keeps its own message (Enter your username)', async () => {
    const el = await open();
    type(field(el, 'password'), 'Secret123');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(errorOf(el, 'username')).to.equal('Enter your username'));
    field(el, 'username').focus();
    field(el, 'password').focus();
    await sleep(50);
    expect(errorOf(el, 'username')).to.equal('Enter your username');
    expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true');
  });

  it('an empty password is named as missing (Enter your password), not as breaking the rule', async () => {
    const el = await open();
    type(field(el, 'username'), 'newbie1');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(errorOf(el, 'password')).to.equal('Enter your password'));
  });

  it('a malformed username and a password that breaks the rule are marked together, the username keeps the focus; each mark goes with its own fix', async () => {
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    type(field(el, 'username'), 'ab');
    type(field(el, 'password'), 'abc1234');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(errorOf(el, 'username')).to.equal(USERNAME_INVALID));
    await waitFor(() =>
      expect(errorOf(el, 'password')).to.equal('Choose a password of 8–32 characters with at least one letter and one digit'),
    );
    await sleep(30);
    expect(focused()).to.equal(describeNode(field(el, 'username')));

    // Still too short: the refusal stays while the player types.
    type(field(el, 'password'), 'abc123');
    await sleep(30);
    expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('true');
    // Met: the password's mark goes, the username's stays.
    type(field(el, 'password'), 'abc12345');
    await waitFor(() => expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('false'));
    expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true');
    expect(errorOf(el, 'username')).to.equal(USERNAME_INVALID);
    // And the other way round: a corrected username's mark goes, a password refused again keeps its own.
    type(field(el, 'password'), 'abc1234');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('true'));
    type(field(el, 'username'), 'abcd');
    await sleep(10);
    field(el, 'username').focus();
    field(el, 'password').focus();
    await waitFor(() => expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('false'));
    expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('true');
    await sleep(30);
    expect(registrations()).to.have.length(0);
  });

  it('a malformed username left on the other tab does not hold up a registration by mobile number', async () => {
    register = { mobilePassword: false };
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    type(field(el, 'username'), 'ab');
    await waitFor(() => expect(field(el, 'username').value).to.equal('ab'));
    await mobileTab(el);
    await waitFor(() => expect(el.shadowRoot!.textContent).to.include('+63'));
    type(field(el, 'mobile'), '9171230000');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(registrations()).to.have.length(1));
  });
});

describe('<wps-register-form> the fields as browsers and password managers read them', () => {
  it('named form and tabs; an empty username described by its hint, not capitalised, filled as a username; the password masked, offered as a new one', async () => {
    const el = await open();
    expect(form(el).getAttribute('aria-label')).to.equal('Create an account');
    expect(parts(el, 'tabs')[0]!.getAttribute('aria-label')).to.equal('Registration method');
    const username = field(el, 'username');
    expect(username.value).to.equal('');
    expect(username.getAttribute('name')).to.equal('username');
    expect(username.getAttribute('autocomplete')).to.equal('username');
    expect(username.getAttribute('autocapitalize')).to.equal('none');
    expect(username.getAttribute('aria-describedby')).to.equal('register-username-hint');
    expect(byId(el, 'register-username-hint')!.textContent).to.equal('4–16 letters, digits or _');
    const password = field(el, 'password');
    expect(password.value).to.equal('');
    expect(password.getAttribute('name')).to.equal('password');
    expect(password.getAttribute('type')).to.equal('password');
    expect(password.getAttribute('autocomplete')).to.equal('new-password');
  });

  it('by mobile number the password is not compared with a username typed on the other tab (the server makes one up)', async () => {
    register = { mobilePassword: true };
    const el = await open();
    type(field(el, 'username'), 'Player123');
    await waitFor(() => expect(field(el, 'username').value).to.equal('Player123'));
    await mobileTab(el);
    await waitFor(() => expect(byId(el, 'register-password')).to.not.equal(null));
    type(field(el, 'password'), 'Player123');
    await waitFor(() =>
      expect(
        [...byId(el, 'register-password-rule')!.querySelectorAll('li')].map((li) => li.getAttribute('data-rule')),
      ).to.deep.equal(['length', 'letter', 'digit']),
    );
    await sleep(30);
    expect(byId(el, 'register-password-rule')!.textContent).not.to.include('Not the same as the username');
  });
});

describe('<wps-register-form> the captcha (docs/product.md §5: required when the register setting is on)', () => {
  it('setting off: no captcha row, nothing solved', async () => {
    const el = await open();
    el.addEventListener('wps-register', (e) => e.preventDefault());
    expect(parts(el, 'captcha')).to.deep.equal([]);
    const { body } = await submitUsername(el);
    expect(body).not.to.have.property('geetestValidateV4');
    expect(captchas.solved).to.equal(0);
  });

  it('setting on: the register row shows, its result goes with the request; a refused registration renews it', async () => {
    register = { captcha: { enabled: true } };
    answers.register = () => json({ success: false, errorCode: 'register.username.exists', message: 'Username taken' }, 400);
    const el = await open();
    await waitFor(() => expect(parts(el, 'captcha').map((c) => c.getAttribute('scene'))).to.deep.equal(['register']));
    const { body } = await submitUsername(el);
    expect(body.geetestValidateV4).to.equal('v4-pass');
    await waitFor(() => expect(captchas).to.include({ solved: 1, renewed: 1 }));
  });

  it('setting on: a challenge closed unsolved sends nothing', async () => {
    register = { captcha: { enabled: true } };
    captchas.refuse = true;
    const el = await open();
    await waitFor(() => expect(parts(el, 'captcha')).to.have.length(1));
    type(field(el, 'username'), 'newbie1');
    type(field(el, 'password'), 'Secret123');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(captchas.solved).to.equal(1));
    await sleep(50);
    expect(registrations()).to.deep.equal([]);
    expect(session.value).to.equal(undefined);
  });
});
