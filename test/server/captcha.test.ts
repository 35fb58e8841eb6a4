/**
 * The captcha: /wps/captcha/geetest, the local stand-in (scripts, question, load, answer), the check
 * of a result on login, registration and SMS codes (required, invalid, replayed, expired, other
 * merchant, v4 only for SMS), and the dev controls of sign-in (site settings, whitelabel flags,
 * captcha mode, member IPs, authenticator code, the /dev/ page). The stand-in script is also run in
 * a tiny fake DOM, against the real endpoints, through a whole solve.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { captchaLimits } from '../../server/signin/captcha.ts';
import { clock } from '../../server/infra/limits.ts';
import { base32Decode, stepAt, totpAt } from '../../server/signin/totp.ts';
import {
  call,
  DEMO2_GEETEST_ID,
  DEMO_GEETEST_ID,
  dev,
  GA_SECRETS,
  loginBody,
  outboxCode,
  registerBody,
  rsaKeyOf,
  sealedCall,
  solveV3,
  solveV4,
  testApp,
  type Answer,
} from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;
const realNow = clock.now;

before(async () => {
  wps = await testApp({ trustProxy: 1 });
  rsaKey = await rsaKeyOf(wps);
  for (const path of ['/captcha/gt.js', '/captcha/gt4.js']) scripts.set(path, await (await wps.app.request(path)).text());
});
after(() => wps.close());
afterEach(async () => {
  clock.now = realNow;
  for (const merchant of ['demo', 'demo2']) assert.equal((await dev(wps, 'POST', '/dev/reset', undefined, merchant)).status, 200);
});

const login = (
  extra: Record<string, unknown> = {},
  merchant?: string,
  username = 'demo',
  password = merchant === 'demo2' ? 'Demo5678' : 'Demo1234',
) => sealedCall(wps, '/wps/session/login', loginBody(username, password, extra), rsaKey, { merchant });
const settings = (body: Record<string, unknown>, merchant?: string) => dev(wps, 'POST', '/dev/site-settings', body, merchant);

async function refused(answer: Promise<Answer> | Answer, status: number, errorCode: string) {
  const a = await answer;
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  assert.equal(typeof a.body.message, 'string');
  return a.body;
}

function ok(a: Answer) {
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return a.body.success === undefined ? a.body : a.body.value;
}

describe('v3 challenges and the stand-in endpoints', () => {
  test('GET /wps/captcha/geetest: the merchant’s gt and a fresh challenge', async () => {
    const a = ok(await call(wps, 'GET', '/wps/captcha/geetest?t=1700000000000&scene=login'));
    assert.deepEqual(Object.keys(a).sort(), ['challenge', 'gt', 'newCaptcha', 'success']);
    assert.equal(a.gt, DEMO_GEETEST_ID);
    assert.match(a.challenge, /^[0-9a-f]{32}$/);
    assert.equal(a.newCaptcha, true);
    assert.equal(a.success, 1);
    assert.notEqual(ok(await call(wps, 'GET', '/wps/captcha/geetest')).challenge, a.challenge);
    assert.equal(ok(await call(wps, 'GET', '/wps/captcha/geetest', { merchant: 'demo2' })).gt, DEMO2_GEETEST_ID);
    await refused(call(wps, 'GET', '/wps/captcha/geetest?t=soon'), 400, 'request.invalid');
    await refused(call(wps, 'GET', '/wps/captcha/geetest?scene=chat'), 400, 'request.invalid');
  });

  test('question → answer: wrong answers say so, a right one gives a validate; unknown challenges are refused', async () => {
    const { challenge } = ok(await call(wps, 'GET', '/wps/captcha/geetest'));
    const q = ok(await call(wps, 'GET', `/captcha/local/question?challenge=${challenge}`));
    assert.match(q.code, /^\d{4}$/);
    assert.equal(ok(await call(wps, 'GET', `/captcha/local/question?challenge=${challenge}`)).code, q.code, 'stable');
    const wrong = q.code === '0000' ? '0001' : '0000';
    await refused(
      call(wps, 'POST', '/captcha/local/answer', { body: { challenge, answer: wrong } }),
      400,
      'captcha.answer.wrong',
    );
    // text/plain (what the stand-in sends, so no preflight is needed) is read as JSON too.
    const res = await wps.app.request('/captcha/local/answer', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': '192.0.2.80' },
      body: JSON.stringify({ challenge, answer: q.code }),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(res.headers.get('Cache-Control'), 'no-store');
    assert.match((await res.json()).validate, /^[0-9a-f]{32}$/);

    await refused(call(wps, 'GET', '/captcha/local/question?challenge=0123456789abcdef0123456789abcdef'), 400, 'captcha.invalid');
    await refused(call(wps, 'GET', '/captcha/local/question?challenge=../../etc'), 400, 'captcha.invalid');
    await refused(
      call(wps, 'POST', '/captcha/local/answer', { body: { challenge: 'nope', answer: '1234' } }),
      400,
      'captcha.invalid',
    );
    await refused(call(wps, 'POST', '/captcha/local/answer', { raw: '{"challenge":' }), 400, 'request.malformed');
    await refused(call(wps, 'POST', '/captcha/local/answer', { raw: '[]' }), 400, 'request.malformed');
    const preflight = await wps.app.request('/captcha/local/answer', { method: 'OPTIONS' });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), '*');
  });

  test('a challenge lives 10 minutes', async () => {
    const t = { now: Date.now() };
    clock.now = () => t.now;
    const { challenge } = ok(await call(wps, 'GET', '/wps/captcha/geetest'));
    t.now += 10 * 60_000 + 1000;
    await refused(call(wps, 'GET', `/captcha/local/question?challenge=${challenge}`), 400, 'captcha.invalid');
  });

  test('5 wrong answers from an IP in 15 minutes → TOO_MANY_REQUEST_CAPTCHA, even for the right one', async () => {
    const t = { now: Date.now() };
    clock.now = () => t.now;
    const { challenge } = ok(await call(wps, 'GET', '/wps/captcha/geetest'));
    const { code } = ok(await call(wps, 'GET', `/captcha/local/question?challenge=${challenge}`));
    const wrong = code === '9999' ? '9998' : '9999';
    const answer = (value: string, ip = '192.0.2.90') =>
      call(wps, 'POST', '/captcha/local/answer', { body: { challenge, answer: value }, headers: { 'X-Forwarded-For': ip } });
    for (let i = 0; i < 5; i++) await refused(answer(wrong), 400, 'captcha.answer.wrong');
    const locked = await refused(answer(code), 400, 'TOO_MANY_REQUEST_CAPTCHA');
    assert.ok(locked.value.retryAfter > 0 && locked.value.retryAfter <= 900);
    ok(await answer(code, '192.0.2.91'));
    t.now += 9 * 60_000; // the challenge is still alive, the lockout not yet over
    await refused(answer(code), 400, 'TOO_MANY_REQUEST_CAPTCHA');
  });
});

describe('the login captcha', () => {
  test('off by default; on: missing → captcha.required, a result → login, replayed → captcha.invalid', async () => {
    ok(await login());
    const status = ok(await settings({ loginCaptcha: true }));
    assert.equal(status.loginCaptcha, true);
    assert.equal(ok(await call(wps, 'GET', '/wps/system/status')).info.login.captcha.enabled, true);
    await refused(login(), 400, 'captcha.required');
    await refused(login({ geetestChallenge: '' }), 400, 'captcha.required');
    const result = await solveV3(wps);
    assert.match(result.geetestSeccode, /^[0-9a-f]{32}\|jordan$/);
    ok(await login(result));
    await refused(login(result), 400, 'captcha.invalid');
  });

  test('tampered, mismatched, foreign and expired results → captcha.invalid', async () => {
    await settings({ loginCaptcha: true });
    await settings({ loginCaptcha: true }, 'demo2');
    const a = await solveV3(wps);
    const flip = (s: string) => (s[0] === 'a' ? 'b' : 'a') + s.slice(1);
    await refused(login({ ...a, geetestSeccode: flip(a.geetestSeccode) }), 400, 'captcha.invalid');
    await refused(login({ ...a, geetestChallenge: flip(a.geetestChallenge) }), 400, 'captcha.invalid');
    await refused(login({ geetestChallenge: a.geetestChallenge }), 400, 'captcha.invalid');
    await refused(login({ ...a, geetestSeccode: 'x|jordan' }), 400, 'captcha.invalid');
    ok(await login(a)); // the real one still works: the refusals did not use it up

    const other = await solveV3(wps, 'demo2');
    await refused(login(other), 400, 'captcha.invalid'); // made for demo2's captcha id
    ok(await login(other, 'demo2'));

    const t = { now: Date.now() };
    clock.now = () => t.now;
    const late = await solveV3(wps);
    t.now += 10 * 60_000 + 1000;
    await refused(login(late), 400, 'captcha.invalid');
  });

  test('a failed password check still uses the result up; wrong credentials stay login.cred.err', async () => {
    await settings({ loginCaptcha: true });
    const a = await solveV3(wps);
    await refused(login(a, undefined, 'demo', 'Wrong1234'), 400, 'login.cred.err');
    await refused(login(a), 400, 'captcha.invalid');
  });

  test('the sms or register setting also asks for it (docs/product.md §5); an sms login does not', async () => {
    await settings({ registerCaptcha: true });
    await refused(login(), 400, 'captcha.required');
    await settings({ registerCaptcha: false, smsCaptcha: true, geetestVersion: 'v4' });
    await refused(login(), 400, 'captcha.required');
    ok(await login(await solveV4(wps, DEMO_GEETEST_ID)));
    // An sms login needs no captcha (the code request had one).
    await refused(
      sealedCall(
        wps,
        '/wps/session/login',
        { ...loginBody('x', 'x'), type: 'sms', mobileNum: '9171234567', countryDialingCode: '+63', verificationCode: '000000' },
        rsaKey,
      ),
      400,
      'login.cred.err',
    );
  });

  test('v4: load → answer → geetestValidateV4; replayed, tampered, malformed and unknown ids refused', async () => {
    await settings({ loginCaptcha: true, geetestVersion: 'v4' });
    assert.equal(ok(await call(wps, 'GET', '/wps/system/status')).info.gw.GEETEST_VERSION, 'v4');
    const lot = ok(await call(wps, 'GET', `/captcha/local/load?captchaId=${DEMO_GEETEST_ID}`));
    assert.match(lot.lot_number, /^[0-9a-f]{32}$/);
    assert.match(lot.code, /^\d{4}$/);
    const result = ok(
      await call(wps, 'POST', '/captcha/local/answer', { body: { lot_number: lot.lot_number, answer: lot.code } }),
    );
    assert.deepEqual(Object.keys(result).sort(), ['captcha_output', 'gen_time', 'lot_number', 'pass_token']);
    assert.equal(result.lot_number, lot.lot_number);
    assert.match(result.gen_time, /^\d{10}$/);
    await refused(
      login({
        geetestValidateV4: JSON.stringify({
          ...result,
          pass_token: result.pass_token.replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a')),
        }),
      }),
      400,
      'captcha.invalid',
    );
    await refused(login({ geetestValidateV4: JSON.stringify({ ...result, gen_time: '1' }) }), 400, 'captcha.invalid');
    await refused(login({ geetestValidateV4: '{not json' }), 400, 'captcha.invalid');
    await refused(login({ geetestValidateV4: JSON.stringify({ lot_number: lot.lot_number }) }), 400, 'captcha.invalid');
    ok(await login({ geetestValidateV4: JSON.stringify(result) }));
    await refused(login({ geetestValidateV4: JSON.stringify(result) }), 400, 'captcha.invalid');
    await refused(call(wps, 'GET', '/captcha/local/load?captchaId=unknown'), 400, 'captcha.invalid');
    await refused(call(wps, 'GET', '/captcha/local/load'), 400, 'captcha.invalid');
    // demo2's id belongs to demo2.
    const foreign = await solveV4(wps, DEMO2_GEETEST_ID);
    await refused(login(foreign), 400, 'captcha.invalid');
  });

  test('concurrent logins with one result: exactly one gets past the captcha', async () => {
    await settings({ loginCaptcha: true });
    const a = await solveV3(wps);
    const answers = await Promise.all(Array.from({ length: 5 }, () => login(a)));
    assert.equal(answers.filter((x) => x.status === 200).length, 1, JSON.stringify(answers.map((x) => x.body.errorCode)));
  });
});

describe('the registration and SMS captchas', () => {
  const register = (username: string, extra: Record<string, unknown> = {}) =>
    sealedCall(wps, '/wps/member/register', registerBody(username, 'abc12345', extra), rsaKey, { headers: { ModuleId: 'REG3' } });
  const registerMobile = (mobileNum: string, extra: Record<string, unknown> = {}) =>
    sealedCall(
      wps,
      '/wps/member/register/mobile',
      { ...registerBody('', 'abc12345', extra), username: undefined, countryDialingCode: '+63', mobileNum },
      rsaKey,
      {
        headers: { ModuleId: 'MOBILENUMREG3' },
      },
    );

  test('registration: required when the setting is on; each result once', async () => {
    await settings({ registerCaptcha: true });
    assert.equal(ok(await call(wps, 'GET', '/wps/system/status')).info.register.captcha.enabled, true);
    await refused(register('cap_user1'), 400, 'captcha.required');
    const a = await solveV3(wps);
    ok(await register('cap_user1', a));
    await refused(register('cap_user2', a), 400, 'captcha.invalid');
    await refused(registerMobile('9176660001'), 400, 'captcha.required');
    ok(await registerMobile('9176660001', await solveV4(wps, DEMO_GEETEST_ID)));
    // A bad username is refused before the captcha is used.
    const b = await solveV3(wps);
    await refused(register('x', b), 400, 'register.username.invalid');
    ok(await register('cap_user3', b));
  });

  test('SMS code: the sms setting asks for a v4 result (a v3 one is not enough)', async () => {
    const send = (extra: Record<string, unknown> = {}, ip = '192.0.2.120') =>
      call(wps, 'POST', '/wps/verification/sms/noLogin', {
        body: { countryDialingCode: '+63', mobileNum: '9176660002', ...extra },
        headers: { 'X-Forwarded-For': ip },
      });
    await settings({ smsCaptcha: true, geetestVersion: 'v4' });
    assert.deepEqual(ok(await call(wps, 'GET', '/wps/system/status')).info.sms.captcha, { enabled: true });
    const required = await refused(send(), 400, 'captcha.required');
    assert.match(required.message!, /v4/);
    await refused(send(await solveV3(wps)), 400, 'captcha.required');
    const v4 = await solveV4(wps, DEMO_GEETEST_ID);
    const sent = ok(await send(v4));
    assert.equal(typeof sent.expirationTime, 'number');
    assert.match(await outboxCode(wps, '9176660002'), /^\d{6}$/);
    await dev(wps, 'POST', '/dev/reset'); // forget the 60 s limit of the number
    await settings({ smsCaptcha: true });
    await refused(send(v4, '192.0.2.121'), 400, 'captcha.invalid');
  });
});

describe('the stand-in scripts', () => {
  test('gt.js and gt4.js: classic scripts that parse, each defining its function, CSP-friendly', async () => {
    for (const [path, defined, other] of [
      ['/captcha/gt.js', 'initGeetest', 'initGeetest4'],
      ['/captcha/gt4.js', 'initGeetest4', 'initGeetest'],
    ] as const) {
      const res = await wps.app.request(path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('Content-Type') ?? '', /^text\/javascript/);
      assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
      assert.equal(res.headers.get('Cache-Control'), 'no-cache');
      const text = await res.text();
      assert.doesNotThrow(() => new Function(text), path);
      const win: Record<string, unknown> = {};
      new Function('window', 'document', 'location', text)(
        win,
        { currentScript: { src: `http://127.0.0.1:8080${path}` } },
        { origin: 'http://127.0.0.1:8080' },
      );
      assert.equal(typeof win[defined], 'function', defined);
      assert.equal(win[other], undefined);
      // No inline style element or attribute, no eval, no markup strings: adopted styles and DOM calls.
      assert.doesNotMatch(text, /<style|innerHTML|\beval\(|new Function/);
      assert.match(text, /adoptedStyleSheets/);
      assert.ok(!text.includes('__GEETEST_VERSION__'));
    }
    const extra = await wps.app.request('/captcha/extra.js');
    assert.equal(extra.status, 200);
    assert.equal(extra.headers.get('Access-Control-Allow-Origin'), '*');
  });

  test('a whole v3 solve by the script (fake DOM, real endpoints): wrong answer, right answer, login, replay', async () => {
    await settings({ loginCaptcha: true });
    const env = sandbox('/captcha/gt.js');
    const config = ok(await call(wps, 'GET', '/wps/captcha/geetest?t=1'));
    const captcha = await new Promise<any>((resolve) =>
      env.win.initGeetest(
        { gt: config.gt, challenge: config.challenge, offline: !config.success, new_captcha: true, product: 'bind', lang: 'en' },
        resolve,
      ),
    );
    await new Promise<void>((resolve) => captcha.onReady(resolve));
    const success = new Promise<void>((resolve) => captcha.onSuccess(resolve));
    const closed: unknown[] = [];
    captcha.onClose(() => closed.push(1));
    captcha.onError((e: unknown) => closed.push(e));
    assert.equal(captcha.getValidate(), false);

    captcha.verify();
    const overlay = await env.overlay();
    assert.equal(overlay.dialog.attrs['aria-label'], 'Security check');
    assert.equal(overlay.dialog.attrs['aria-modal'], 'true');
    assert.equal(overlay.input.parent!.tagName, 'label');
    assert.equal(text(overlay.input.parent!), 'Code');
    assert.deepEqual(overlay.buttons.map(text), ['Confirm', 'Close']);
    assert.ok(env.adopted.length === 1 && env.adopted[0]!.css.includes(':host'), 'styles adopted');

    overlay.input.value = overlay.code.textContent === '1111' ? '2222' : '1111';
    overlay.form.dispatch('submit');
    await until(() => overlay.status.textContent === 'Try again');
    assert.ok(env.attached(), 'a wrong answer keeps the overlay open');

    overlay.input.value = overlay.code.textContent;
    overlay.form.dispatch('submit');
    await success;
    assert.ok(!env.attached(), 'closed after success');
    const r = captcha.getValidate();
    assert.equal(r.geetest_challenge, config.challenge);
    assert.equal(r.geetest_seccode, `${r.geetest_validate}|jordan`);
    ok(await login({ geetestChallenge: r.geetest_challenge, geetestSeccode: r.geetest_seccode }));
    await refused(login({ geetestChallenge: r.geetest_challenge, geetestSeccode: r.geetest_seccode }), 400, 'captcha.invalid');

    // reset, then verify again: the same challenge gives a new result; Close calls onClose.
    captcha.reset();
    assert.equal(captcha.getValidate(), false);
    captcha.verify();
    const again = await env.overlay();
    again.buttons[1]!.dispatch('click');
    assert.deepEqual(closed, [1]);
    assert.ok(!env.attached());
    captcha.destroy();
  });

  test('v4 by the script: the result opens an SMS code', async () => {
    await settings({ smsCaptcha: true, geetestVersion: 'v4' });
    const env = sandbox('/captcha/gt4.js');
    const captcha = await new Promise<any>((resolve) =>
      env.win.initGeetest4({ captchaId: DEMO_GEETEST_ID, product: 'bind', language: 'eng' }, resolve),
    );
    await new Promise<void>((resolve) => captcha.onReady(resolve));
    const success = new Promise<void>((resolve) => captcha.onSuccess(resolve));
    captcha.showCaptcha();
    const overlay = await env.overlay();
    overlay.input.value = overlay.code.textContent;
    overlay.form.dispatch('submit');
    await success;
    const result = captcha.getValidate();
    assert.deepEqual(Object.keys(result).sort(), ['captcha_output', 'gen_time', 'lot_number', 'pass_token']);
    ok(
      await call(wps, 'POST', '/wps/verification/sms/noLogin', {
        body: { countryDialingCode: '+63', mobileNum: '9176660003', geetestValidateV4: JSON.stringify(result) },
        headers: { 'X-Forwarded-For': '192.0.2.130' },
      }),
    );
  });

  test('dev control: hang-extra → onError 60205 after the 3 s timeout; hang-script holds gt.js; reset → ok', async () => {
    await refused(dev(wps, 'POST', '/dev/captcha', { mode: 'slow' }), 400, 'request.invalid');
    assert.deepEqual(ok(await dev(wps, 'POST', '/dev/captcha', { mode: 'hang-extra' })), { mode: 'hang-extra' });
    const env = sandbox('/captcha/gt.js', { shortenTimeouts: true });
    const config = ok(await call(wps, 'GET', '/wps/captcha/geetest'));
    const captcha = await new Promise<any>((resolve) =>
      env.win.initGeetest({ gt: config.gt, challenge: config.challenge, product: 'bind' }, resolve),
    );
    const error = await new Promise<any>((resolve) => captcha.onError(resolve));
    assert.deepEqual(error, { code: '60205', msg: 'Network failure' });
    assert.equal((await wps.app.request('/captcha/gt.js')).status, 200, 'the script itself still answers');

    ok(await dev(wps, 'POST', '/dev/captcha', { mode: 'hang-script' }));
    const saved = captchaLimits.hangMs;
    captchaLimits.hangMs = 200;
    try {
      const start = performance.now();
      const res = await wps.app.request('/captcha/gt4.js');
      assert.ok(performance.now() - start >= 190, 'held until the limit');
      assert.notEqual(res.status, 200);
      // A client that gives up ends the hold at once.
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      captchaLimits.hangMs = 30_000;
      const t0 = performance.now();
      await Promise.resolve(wps.app.request('/captcha/gt.js', { signal: controller.signal })).catch(() => undefined);
      assert.ok(performance.now() - t0 < 5000);
    } finally {
      captchaLimits.hangMs = saved;
    }
    await dev(wps, 'POST', '/dev/reset');
    assert.equal((await wps.app.request('/captcha/gt.js')).status, 200);
  });
});

describe('sign-in dev controls', () => {
  test('site settings: each one reaches /wps/system/status, per merchant, until reset', async () => {
    const v = ok(
      await settings({
        loginCaptcha: true,
        smsCaptcha: true,
        registerCaptcha: true,
        geetestVersion: 'v4',
        mobilePassword: true,
        autoRegister: true,
      }),
    );
    assert.equal(v.geetestVersion, 'v4');
    const info = ok(await call(wps, 'GET', '/wps/system/status')).info;
    assert.deepEqual(info.login, { captcha: { enabled: true } });
    assert.deepEqual(info.sms.captcha, { enabled: true });
    assert.deepEqual(info.register, { captcha: { enabled: true }, mobilePassword: true, autoRegister: true });
    assert.equal(info.gw.GEETEST_VERSION, 'v4');
    const other = ok(await call(wps, 'GET', '/wps/system/status', { merchant: 'demo2' })).info;
    assert.equal(other.login.captcha.enabled, false);
    assert.equal(other.gw.GEETEST_VERSION, 'v4', 'demo2 is v4 in merchants.json');
    ok(await settings({ geetestVersion: 'v3' }));
    const back = ok(await call(wps, 'GET', '/wps/system/status')).info;
    assert.equal(back.gw.GEETEST_VERSION, 'v3');
    assert.equal(back.login.captcha.enabled, true, 'the others are kept');
    ok(await dev(wps, 'POST', '/dev/reset'));
    assert.equal(ok(await call(wps, 'GET', '/wps/system/status')).info.login.captcha.enabled, false);
    for (const body of [{ loginCaptcha: 'yes' }, { geetestVersion: 'v5' }, { captcha: true }]) {
      await refused(settings(body), 400, 'request.invalid');
    }
  });

  test('whitelabel flags: one flag at a time, new flags too; reset', async () => {
    const v = ok(await dev(wps, 'POST', '/dev/whitelabel', { flag: 'PWDEXPFORCECHANGE3', on: true }));
    assert.equal(v.whitelabel.PWDEXPFORCECHANGE3, true);
    ok(await dev(wps, 'POST', '/dev/whitelabel', { flag: 'MOBILEAUTOLOGIN3', on: false }));
    ok(await dev(wps, 'POST', '/dev/whitelabel', { flag: 'NEWFLAG3', on: true }));
    const flags = ok(await call(wps, 'GET', '/wps/system/status')).info.whitelabelVal;
    assert.equal(flags.PWDEXPFORCECHANGE3, true);
    assert.equal(flags.MOBILEAUTOLOGIN3, false);
    assert.equal(flags.NEWFLAG3, true);
    assert.equal(flags.CBS3, true);
    assert.equal(
      ok(await call(wps, 'GET', '/wps/system/status', { merchant: 'demo2' })).info.whitelabelVal.PWDEXPFORCECHANGE3,
      false,
    );
    for (const body of [{ flag: 'lower3', on: true }, { flag: 'X', on: 'yes' }, { flag: '__proto__', on: true }, { on: true }]) {
      await refused(dev(wps, 'POST', '/dev/whitelabel', body), 400, 'request.invalid');
    }
    ok(await dev(wps, 'POST', '/dev/reset'));
    const reset = ok(await call(wps, 'GET', '/wps/system/status')).info.whitelabelVal;
    assert.equal(reset.PWDEXPFORCECHANGE3, false);
    assert.equal(reset.NEWFLAG3, undefined);
  });

  test('member IPs: record (the second check is then skipped), forget, refuse bad input', async () => {
    const ip = '192.0.2.150';
    const from = { headers: { 'X-Forwarded-For': ip } };
    await refused(
      sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey, from),
      400,
      'login_verify_required',
    );
    const v = ok(await dev(wps, 'POST', '/dev/members/demo/ips', { ip }));
    assert.deepEqual(v.ips.sort(), ['127.0.0.1', '::1', ip].sort());
    ok(await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey, from));
    assert.deepEqual(ok(await call(wps, 'DELETE', '/dev/members/demo/ips')), { deleted: 3 });
    await refused(sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey), 400, 'login_verify_required');
    ok(await dev(wps, 'POST', '/dev/members/demo/ips', { ip: '127.0.0.1' }));
    ok(await dev(wps, 'POST', '/dev/members/demo/ips', { ip: '::1' }));
    await refused(dev(wps, 'POST', '/dev/members/demo/ips', { ip: 'localhost' }), 400, 'request.invalid');
    await refused(dev(wps, 'POST', '/dev/members/demo/ips', {}), 400, 'request.invalid');
    await refused(dev(wps, 'POST', '/dev/members/nobody_here/ips', { ip }), 404, 'not.found');
    await refused(call(wps, 'DELETE', '/dev/members/nobody_here/ips'), 404, 'not.found');
    const cross = await wps.app.request('/dev/members/demo/ips', {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example', Host: 'localhost:8080' },
    });
    assert.equal(cross.status, 403);
  });

  test('the authenticator code of a member; 404 without one', async () => {
    const v = ok(await call(wps, 'GET', '/dev/members/demo/totp'));
    const step = stepAt(Date.now());
    assert.ok([step - 1, step, step + 1].map((s) => totpAt(base32Decode(GA_SECRETS.demo), s)).includes(v.code));
    assert.ok(v.secondsLeft >= 1 && v.secondsLeft <= 30);
    await refused(call(wps, 'GET', '/dev/members/demo/totp', { merchant: 'demo2' }), 404, 'not.found');
    await refused(call(wps, 'GET', '/dev/members/nobody_here/totp'), 404, 'not.found');
  });

  test('the /dev/ page: forms for the new controls; what it reads has the outbox, never a secret', async () => {
    await call(wps, 'POST', '/wps/verification/sms/noLogin', {
      body: { countryDialingCode: '+63', mobileNum: '9176660009' },
      headers: { 'X-Forwarded-For': '192.0.2.160' },
    });
    const code = await outboxCode(wps, '9176660009');
    const html = await (await wps.app.request('/dev/')).text();
    for (const action of ['/dev/site-settings', '/dev/whitelabel', '/dev/captcha'])
      assert.ok(html.includes(`action="${action}"`), action);
    // Each member's forms: the script makes /dev/members/<name>/ips, /password-age and /totp.
    for (const path of ['ips', 'password-age']) assert.ok(html.includes(`data-path="${path}"`), path);
    const read = async (path: string) => JSON.stringify((await call(wps, 'GET', path)).body.value);
    assert.ok((await read('/dev/outbox')).includes(code), 'the outbox is there to show');
    const members = (await call(wps, 'GET', '/dev/members')).body.value as {
      username: string;
      factors: { authenticator: boolean };
    }[];
    assert.deepEqual(
      members.filter((m) => m.factors.authenticator).map((m) => m.username),
      ['demo', 'guard'],
      'their codes are linked',
    );
    const script = await (await wps.app.request('/dev/dev.js')).text();
    for (const text of [html, script, await read('/dev/members'), await read('/dev/merchants'), await read('/dev/state')]) {
      for (const secret of ['Demo1234', 'Guard1234', GA_SECRETS.demo, GA_SECRETS.guard])
        assert.ok(!text.includes(secret), secret);
    }

    // Form posts of the page.
    const post = (path: string, fields: Record<string, string>) =>
      wps.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Host: 'localhost:8080', Origin: 'http://localhost:8080' },
        body: new URLSearchParams({ merchant: 'demo', ...fields }).toString(),
      });
    for (const [path, fields] of [
      ['/dev/site-settings', { loginCaptcha: '1' }],
      ['/dev/site-settings', { geetestVersion: 'v4' }],
      ['/dev/whitelabel', { flag: 'FIREBASECREATEACC3', on: '1' }],
      ['/dev/captcha', { mode: 'hang-extra' }],
      ['/dev/members/guard/ips', { ip: '192.0.2.170' }],
      ['/dev/members/guard/password-age', { days: '91' }],
    ] as const) {
      const res = await post(path, fields);
      assert.equal(res.status, 303, `${path}: ${await res.clone().text()}`);
    }
    const info = ok(await call(wps, 'GET', '/wps/system/status')).info;
    assert.equal(info.login.captcha.enabled, true);
    assert.equal(info.gw.GEETEST_VERSION, 'v4');
    assert.equal(info.whitelabelVal.FIREBASECREATEACC3, true);
    const guardIps = async () =>
      (await call(wps, 'GET', '/dev/members')).body.value.find((m: { username: string }) => m.username === 'guard').ips;
    assert.ok((await guardIps()).includes('192.0.2.170'));
    assert.deepEqual((await call(wps, 'GET', '/dev/captcha')).body.value, { mode: 'hang-extra' });
    assert.equal((await post('/dev/members/guard/ips', { forget: '1' })).status, 303);
    assert.deepEqual(await guardIps(), []);
    assert.equal((await post('/dev/site-settings', { loginCaptcha: 'maybe' })).status, 400);
  });
});

// ---- a tiny DOM, enough for the stand-in's overlay -----------------------------------------------

class FakeNode {
  children: FakeNode[] = [];
  attrs: Record<string, string> = {};
  listeners: Record<string, ((e: unknown) => void)[]> = {};
  textContent = '';
  value = '';
  disabled = false;
  parent?: FakeNode;
  shadow?: FakeNode & { adoptedStyleSheets: { css: string }[]; activeElement: unknown };
  style = { setProperty() {} };
  constructor(
    readonly tagName: string,
    private readonly doc: { activeElement: unknown },
  ) {}
  setAttribute(name: string, value: string) {
    this.attrs[name] = String(value);
    if (name === 'disabled') this.disabled = true;
  }
  appendChild(child: FakeNode) {
    child.parent = this;
    this.children.push(child);
    return child;
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  attachShadow() {
    this.shadow = Object.assign(new FakeNode('#shadow', this.doc), { adoptedStyleSheets: [], activeElement: null });
    return this.shadow;
  }
  remove() {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = undefined;
  }
  focus() {
    this.doc.activeElement = this;
  }
  dispatch(type: string) {
    for (const fn of this.listeners[type] ?? []) fn({ preventDefault() {}, key: '' });
  }
}

function all(node: FakeNode): FakeNode[] {
  return [node, ...(node.shadow ? all(node.shadow) : []), ...node.children.flatMap(all)];
}
const text = (node: FakeNode): string =>
  node.tagName === '#text'
    ? node.textContent
    : node.children
        .filter((c) => c.tagName === '#text')
        .map(text)
        .join('');

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Runs a stand-in script with a fake window and document; fetch goes to the test app. */
function sandbox(path: string, { shortenTimeouts = false } = {}) {
  const doc = {
    activeElement: null as unknown,
    currentScript: { src: `http://127.0.0.1:8080${path}` },
    body: undefined as unknown as FakeNode,
    documentElement: undefined as unknown as FakeNode,
    createElement: (tag: string) => new FakeNode(tag, doc),
    createTextNode: (value: string) => Object.assign(new FakeNode('#text', doc), { textContent: value }),
  };
  doc.body = new FakeNode('body', doc);
  doc.documentElement = doc.body;
  const adopted: { css: string }[] = [];
  class FakeSheet {
    css = '';
    replaceSync(css: string) {
      this.css = css;
      adopted.push(this);
    }
  }
  const win: Record<string, any> = {};
  const fetchToApp = (url: string, init: RequestInit = {}) =>
    wps.app.request(url, { ...init, headers: { 'X-Forwarded-For': '192.0.2.200', ...(init.headers as object) } });
  const timeout = shortenTimeouts ? (fn: () => void, ms: number) => setTimeout(fn, ms >= 3000 ? 30 : ms) : setTimeout;
  new Function('window', 'document', 'location', 'fetch', 'setTimeout', 'CSSStyleSheet', readScript(path))(
    win,
    doc,
    { origin: 'http://127.0.0.1:8080', href: 'http://127.0.0.1:8080/m/login' },
    fetchToApp,
    timeout,
    FakeSheet,
  );
  return {
    win,
    adopted,
    attached: () => doc.body.children.length > 0,
    /** The overlay once its code has arrived. */
    async overlay() {
      await until(() => {
        const code = all(doc.body).find((n) => n.attrs.part === 'code');
        return code !== undefined && /^\d{4}$/.test(code.textContent);
      });
      const nodes = all(doc.body);
      const find = (f: (n: FakeNode) => boolean) => nodes.find(f)!;
      return {
        dialog: find((n) => n.attrs.role === 'dialog'),
        code: find((n) => n.attrs.part === 'code'),
        input: find((n) => n.tagName === 'input'),
        form: find((n) => n.tagName === 'form'),
        status: find((n) => n.attrs.role === 'status'),
        buttons: nodes.filter((n) => n.tagName === 'button'),
      };
    },
  };
}

const scripts = new Map<string, string>();
function readScript(path: string): string {
  const cached = scripts.get(path);
  if (cached) return cached;
  throw new Error(`load ${path} first`);
}
