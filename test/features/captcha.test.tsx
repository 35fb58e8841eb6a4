/**
 * The captcha model (docs/product.md §4, §5, §8, §9; docs/captcha.md): the pure rules as tables, the script
 * loader, and the session's transitions over a scripted adapter. The element and the GeeTest
 * adapters are tested in test/elements/captcha.test.tsx.
 */
import { expect } from 'chai';
import { apiBase } from '../../src/core/config/config.ts';
import { resetSiteData, siteStatus } from '../../src/core/config/siteStatus.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import {
  CAPTCHA_CODES,
  CaptchaError,
  CaptchaSession,
  captchaErrorText,
  captchaPayload,
  captchaRequired,
  codeDigits,
  forgetScripts,
  hasCaptchaFields,
  loadScript,
  registerCaptchaRequired,
  vendorError,
  vendorLanguage,
  type CaptchaHandlers,
  type CaptchaPayload,
  type CaptchaSettings,
  type LoginCaptchaInput,
} from '../../src/features/captcha/model.ts';
import { installClock } from '../browser-helpers/clock.ts';
import { statusFixture } from '../browser-helpers/status.ts';
import { sleep, waitFor } from '../browser-helpers/helpers.ts';

before(async () => {
  language.value = 'EN';
  await languageReady();
});

const on = { enabled: true };
const off = { enabled: false };
const settings = (login: boolean, sms: boolean, register: boolean): Partial<CaptchaSettings> => ({
  login: { captcha: login ? on : off },
  sms: { captcha: sms ? on : off },
  register: { captcha: register ? on : off },
});

describe('captchaRequired (docs/product.md §5: login captcha)', () => {
  const rows: [name: string, input: LoginCaptchaInput, expected: boolean][] = [
    ['username login, login setting on', { type: 'username', username: 'amy', settings: settings(true, false, false) }, true],
    [
      'username login, only the sms setting on',
      { type: 'username', username: 'amy', settings: settings(false, true, false) },
      true,
    ],
    [
      'username login, only the register setting on',
      { type: 'username', username: 'amy', settings: settings(false, false, true) },
      true,
    ],
    ['username login, every setting off', { type: 'username', username: 'amy', settings: settings(false, false, false) }, false],
    ['username login, no settings at all', { type: 'username', username: 'amy', settings: undefined }, false],
    ['username login, settings without captcha entries', { type: 'username', settings: { register: { captcha: off } } }, false],
    ['sms login, every setting on', { type: 'sms', username: 'amy', settings: settings(true, true, true) }, false],
    ['sms login without a username', { type: 'sms', settings: settings(true, false, false) }, false],
    ['firebase login with a username', { type: 'firebase', username: 'amy', settings: settings(true, true, true) }, false],
    ['firebase login without a username', { type: 'firebase', settings: settings(true, false, false) }, true],
    ['firebase login with an empty username', { type: 'firebase', username: '', settings: settings(true, false, false) }, true],
    [
      'firebase login without a username, every setting off',
      { type: 'firebase', settings: settings(false, false, false) },
      false,
    ],
    ['username login without a username (still required)', { type: 'username', settings: settings(true, false, false) }, true],
  ];
  for (const [name, input, expected] of rows) {
    it(`${name} → ${expected}`, () => expect(captchaRequired(input)).to.equal(expected));
  }
});

describe('registerCaptchaRequired (docs/product.md §5: registration captcha)', () => {
  const rows: [
    name: string,
    payload: Partial<CaptchaPayload> | undefined,
    settings: Partial<CaptchaSettings> | undefined,
    expected: boolean,
  ][] = [
    ['no geetest fields', {}, undefined, true],
    ['no payload', undefined, undefined, true],
    ['v3 challenge and seccode present', { geetestChallenge: 'c', geetestSeccode: 'v|jordan' }, undefined, false],
    ['v3 challenge only', { geetestChallenge: 'c' }, undefined, true],
    ['v3 seccode only', { geetestSeccode: 'v|jordan' }, undefined, true],
    ['v3 fields empty', { geetestChallenge: '', geetestSeccode: '' }, undefined, true],
    ['v4 text present', { geetestValidateV4: '{"lot_number":"l"}' }, undefined, false],
    ['v4 text empty', { geetestValidateV4: '' }, undefined, true],
    ['no fields, register setting on', {}, settings(false, false, true), true],
    ['no fields, register setting off', {}, settings(true, true, false), false],
    ['v4 present, register setting on', { geetestValidateV4: '{}' }, settings(false, false, true), false],
  ];
  for (const [name, payload, s, expected] of rows) {
    it(`${name} → ${expected}`, () => expect(registerCaptchaRequired(payload, s)).to.equal(expected));
  }

  it('hasCaptchaFields agrees with the rule', () => {
    expect(hasCaptchaFields({ geetestChallenge: 'c', geetestSeccode: 's' })).to.equal(true);
    expect(hasCaptchaFields({ geetestValidateV4: 'x' })).to.equal(true);
    expect(hasCaptchaFields({})).to.equal(false);
  });
});

describe('captcha payload and error text', () => {
  it('captchaPayload gives exactly the schema fields: v3 challenge + seccode, v4 the JSON text', () => {
    expect(captchaPayload({ geetestChallenge: 'c1', geetestSeccode: 'v1|jordan', geetestValidate: 'v1' })).to.deep.equal({
      geetestChallenge: 'c1',
      geetestSeccode: 'v1|jordan',
    });
    expect(captchaPayload({ geetestValidateV4: '{"a":1}' })).to.deep.equal({ geetestValidateV4: '{"a":1}' });
  });

  const digits: [string | undefined, string][] = [
    ['60204', '60204'],
    ['60205', '60205'],
    ['GT_60500', '60500'],
    ['captcha.closed', ''],
    [undefined, ''],
  ];
  for (const [code, expected] of digits) {
    it(`codeDigits(${String(code)}) → '${expected}'`, () => expect(codeDigits(code)).to.equal(expected));
  }

  const texts: [code: string | undefined, message: string, expected: string][] = [
    ['60204', 'Network failure', 'Network failure (60204)'],
    ['60205', 'Network failure', 'Network failure (60205)'],
    ['60500', 'Challenge expired', 'Challenge expired (60500)'],
    ['GT-60100', 'Bad config', 'Bad config (60100)'],
    [
      'captcha.unavailable',
      'Unknown error. The captcha service is not working.',
      'Unknown error. The captcha service is not working.',
    ],
    [undefined, 'Something', 'Something'],
  ];
  for (const [code, message, expected] of texts) {
    it(`captchaErrorText({ ${String(code)}, ${message} }) → '${expected}'`, () =>
      expect(captchaErrorText(new CaptchaError(code, message))).to.equal(expected));
  }

  it('vendor onError payloads keep their code (number or string) and message', () => {
    const a = vendorError({ code: '60205', msg: 'Network failure' });
    expect({ code: a.code, message: a.message }).to.deep.equal({ code: '60205', message: 'Network failure' });
    const b = vendorError({ code: 60500, msg: 'Timeout' });
    expect({ code: b.code, message: b.message }).to.deep.equal({ code: '60500', message: 'Timeout' });
    const c = vendorError(undefined);
    expect({ code: c.code, message: c.message }).to.deep.equal({ code: undefined, message: 'Network failure' });
  });

  const langs: [version: 'v3' | 'v4', lang: Parameters<typeof vendorLanguage>[1], expected: string][] = [
    ['v3', 'CN', 'zh-cn'],
    ['v3', 'TW', 'zh-tw'],
    ['v3', 'EN', 'en'],
    ['v3', 'KM', 'en'],
    ['v4', 'CN', 'zho'],
    ['v4', 'HK', 'zho-hk'],
    ['v4', 'EN', 'eng'],
    ['v4', 'UR', 'eng'],
  ];
  for (const [version, lang, expected] of langs) {
    it(`vendorLanguage(${version}, ${lang}) → ${expected}`, () => expect(vendorLanguage(version, lang)).to.equal(expected));
  }
});

describe('loadScript (docs/product.md §8, §9)', () => {
  const captchaScripts = () =>
    Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[data-wps-captcha]')).map((s) => s.src);
  const blobScript = (code: string) => URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  const runs = () => (window as unknown as { __loadScriptRuns?: number }).__loadScriptRuns ?? 0;

  afterEach(() => {
    forgetScripts();
    apiBase.value = '';
    delete (window as unknown as { __loadScriptRuns?: number }).__loadScriptRuns;
  });

  it('runs a classic script once per URL; concurrent and later loads share it', async () => {
    const url = blobScript('window.__loadScriptRuns = (window.__loadScriptRuns || 0) + 1;');
    const a = loadScript(url);
    const b = loadScript(url);
    expect(a === b, 'same promise').to.equal(true);
    await Promise.all([a, b]);
    await loadScript(url);
    expect(runs()).to.equal(1);
    expect(captchaScripts()).to.deep.equal([url]);
  });

  it('a failed load rejects with 60204 Network failure and removes its script; the next call loads again', async () => {
    const url = blobScript('window.__loadScriptRuns = (window.__loadScriptRuns || 0) + 1;');
    URL.revokeObjectURL(url); // now it cannot load
    const err = await loadScript(url).then(
      () => undefined,
      (e: CaptchaError) => ({ code: e.code, message: e.message, name: e.name }),
    );
    expect(err).to.deep.equal({ code: '60204', message: 'Network failure', name: 'CaptchaError' });
    expect(captchaScripts()).to.deep.equal([]);
    const again = loadScript(url);
    expect(captchaScripts()).to.deep.equal([url]);
    await again.catch(() => undefined);
  });

  it('a path resolves against the API base', async () => {
    apiBase.value = 'https://api.example.test';
    const realAppend = document.head.append;
    const seen: string[] = [];
    document.head.append = (...nodes: (Node | string)[]) => {
      for (const n of nodes) if (n instanceof HTMLScriptElement) seen.push(n.src);
    };
    try {
      void loadScript('/captcha/gt.js').catch(() => undefined);
      void loadScript('captcha/other.js').catch(() => undefined);
      void loadScript('https://static.example.test/gt4.js').catch(() => undefined);
    } finally {
      document.head.append = realAppend;
      delete (document.head as { append?: unknown }).append;
    }
    expect(seen).to.deep.equal([
      'https://api.example.test/captcha/gt.js',
      'https://api.example.test/captcha/other.js',
      'https://static.example.test/gt4.js',
    ]);
  });

  it('times out after exactly 3000 ms (not at 2999) with 60204, and the script is removed', async () => {
    const clock = installClock();
    const realAppend = document.head.append;
    // The script is never inserted, so it neither loads nor fails: a hanging server.
    document.head.append = () => undefined;
    try {
      let outcome: unknown = 'pending';
      loadScript('/captcha/hang.js').then(
        () => (outcome = 'loaded'),
        (e: CaptchaError) => (outcome = { code: e.code, message: e.message }),
      );
      await clock.tickAsync(3000 - 1);
      expect(outcome).to.equal('pending');
      await clock.tickAsync(1);
      expect(outcome).to.deep.equal({ code: '60204', message: 'Network failure' });
    } finally {
      document.head.append = realAppend;
      delete (document.head as { append?: unknown }).append;
      clock.uninstall();
    }
  });

  it('a custom timeout is honoured', async () => {
    const clock = installClock();
    document.head.append = () => undefined;
    try {
      let outcome = 'pending';
      loadScript('/captcha/hang2.js', 500).catch(() => (outcome = 'failed'));
      await clock.tickAsync(499);
      expect(outcome).to.equal('pending');
      await clock.tickAsync(1);
      expect(outcome).to.equal('failed');
    } finally {
      delete (document.head as { append?: unknown }).append;
      clock.uninstall();
    }
  });
});

/** An adapter the test drives by hand. */
function scriptedAdapter() {
  const log: string[] = [];
  let handlers: CaptchaHandlers | undefined;
  let fail: CaptchaError | undefined;
  const adapter = () => async (h: CaptchaHandlers) => {
    log.push('init');
    if (fail) throw fail;
    handlers = h;
    return { verify: () => log.push('verify'), reset: () => log.push('reset'), destroy: () => log.push('destroy') };
  };
  return {
    log,
    adapter,
    get h() {
      return handlers!;
    },
    failNext(e: CaptchaError | undefined) {
      fail = e;
    },
  };
}

describe('CaptchaSession transitions (docs/product.md §4, §5)', () => {
  beforeEach(() => {
    resetSiteData();
    siteStatus.value = statusFixture();
  });
  afterEach(() => resetSiteData());

  const settle = () => sleep(0);
  const outcome = (p: Promise<unknown>) =>
    p.then(
      (r) => ({ ok: r }),
      (e: CaptchaError) => ({ code: e.code, message: e.message }),
    );

  it('loading → waiting on ready → success on solve; verify() resolves; a later verify() gives the same result at once', async () => {
    const s = scriptedAdapter();
    const seen: string[] = [];
    const session = new CaptchaSession({
      adapter: s.adapter,
      on: { ready: () => seen.push('ready'), success: () => seen.push('success') },
    });
    session.start();
    expect(session.state.value).to.equal('loading');
    await waitFor(() => expect(s.log).to.deep.equal(['init']));
    s.h.ready();
    expect(session.state.value).to.equal('waiting');
    const p = outcome(session.verify());
    expect(s.log).to.deep.equal(['init', 'verify']);
    expect(session.verifying.value).to.equal(true);
    const result = { geetestValidateV4: '{"lot_number":"x"}' };
    s.h.success(result);
    expect(await p).to.deep.equal({ ok: result });
    expect(session.state.value).to.equal('success');
    expect(session.result.value).to.deep.equal(result);
    expect(await outcome(session.verify())).to.deep.equal({ ok: result });
    expect(s.log.filter((l) => l === 'verify').length).to.equal(1);
    expect(seen).to.deep.equal(['ready', 'success']);
  });

  it('a second verify() while one runs rejects with "verify geetest too fast"; the first still completes', async () => {
    const s = scriptedAdapter();
    const session = new CaptchaSession({ adapter: s.adapter });
    session.start();
    await waitFor(() => expect(s.log).to.deep.equal(['init']));
    s.h.ready();
    const first = outcome(session.verify());
    expect(await outcome(session.verify())).to.deep.equal({ code: CAPTCHA_CODES.tooFast, message: 'verify geetest too fast' });
    s.h.success({ geetestChallenge: 'c', geetestSeccode: 's|jordan', geetestValidate: 's' });
    expect(await first).to.deep.equal({ ok: { geetestChallenge: 'c', geetestSeccode: 's|jordan', geetestValidate: 's' } });
  });

  it('close → waiting and verify() rejects with verify_first; error → error state and rejection; retry → loading', async () => {
    const s = scriptedAdapter();
    const seen: string[] = [];
    const session = new CaptchaSession({
      adapter: s.adapter,
      on: { close: () => seen.push('close'), error: (e) => seen.push(`error:${e.code}`) },
    });
    session.start();
    await waitFor(() => expect(s.log).to.deep.equal(['init']));
    s.h.ready();
    const closed = outcome(session.verify());
    s.h.close();
    expect(await closed).to.deep.equal({ code: CAPTCHA_CODES.closed, message: 'Please complete the verification first' });
    expect(session.state.value).to.equal('waiting');

    const failed = outcome(session.verify());
    s.h.error(new CaptchaError('60500', 'Boom'));
    expect(await failed).to.deep.equal({ code: '60500', message: 'Boom' });
    expect(session.state.value).to.equal('error');
    expect(await outcome(session.verify()), 'verify() in the error state gives the error').to.deep.equal({
      code: '60500',
      message: 'Boom',
    });

    session.retry();
    expect(session.state.value).to.equal('loading');
    expect(session.error.value).to.equal(undefined);
    await waitFor(() => expect(s.log).to.deep.equal(['init', 'verify', 'verify', 'destroy', 'init']));
    s.h.ready();
    expect(session.state.value).to.equal('waiting');
    expect(seen).to.deep.equal(['close', 'error:60500']);
  });

  it('verify() while loading waits for ready, then opens the challenge', async () => {
    const s = scriptedAdapter();
    const session = new CaptchaSession({ adapter: s.adapter });
    session.start();
    const p = outcome(session.verify());
    await waitFor(() => expect(s.log).to.deep.equal(['init']));
    await settle();
    expect(s.log).to.deep.equal(['init']);
    s.h.ready();
    expect(s.log).to.deep.equal(['init', 'verify']);
    s.h.success({ geetestValidateV4: '{}' });
    expect(await p).to.deep.equal({ ok: { geetestValidateV4: '{}' } });
  });

  it('reset → waiting and forgets the result; reset in the error state loads again', async () => {
    const s = scriptedAdapter();
    const session = new CaptchaSession({ adapter: s.adapter });
    session.start();
    await waitFor(() => expect(s.log).to.deep.equal(['init']));
    s.h.ready();
    void session.verify();
    s.h.success({ geetestValidateV4: '{}' });
    session.reset();
    expect(session.state.value).to.equal('waiting');
    expect(session.result.value).to.equal(undefined);
    expect(s.log.at(-1)).to.equal('reset');
    s.h.error(new CaptchaError('60205', 'Network failure'));
    expect(session.state.value).to.equal('error');
    session.reset();
    expect(session.state.value).to.equal('loading');
  });

  it('an adapter that fails (script load) puts the session in error and rejects a waiting verify()', async () => {
    const s = scriptedAdapter();
    s.failNext(new CaptchaError('60204', 'Network failure'));
    const session = new CaptchaSession({ adapter: s.adapter });
    session.start();
    const p = outcome(session.verify());
    expect(await p).to.deep.equal({ code: '60204', message: 'Network failure' });
    expect(session.state.value).to.equal('error');
    s.failNext(undefined);
    session.retry();
    await waitFor(() => expect(s.log).to.deep.equal(['init', 'init']));
    s.h.ready();
    expect(session.state.value).to.equal('waiting');
  });

  it('the sms scene needs v4: with v3 the adapter is never built and the error is unknown_error + the service text', async () => {
    const s = scriptedAdapter();
    const session = new CaptchaSession({ scene: 'sms', version: 'v3', adapter: s.adapter });
    session.start();
    await waitFor(() => expect(session.state.value).to.equal('error'));
    expect(s.log).to.deep.equal([]);
    expect({ code: session.error.value?.code, message: session.error.value?.message }).to.deep.equal({
      code: CAPTCHA_CODES.unavailable,
      message: 'Unknown error. The captcha service is not working.',
    });
    const v4 = new CaptchaSession({ scene: 'sms', version: 'v4', adapter: s.adapter });
    v4.start();
    await waitFor(() => expect(s.log).to.deep.equal(['init']));
  });

  it('callbacks of a replaced widget are ignored after retry or destroy', async () => {
    const s = scriptedAdapter();
    const session = new CaptchaSession({ adapter: s.adapter });
    session.start();
    await waitFor(() => expect(s.log).to.deep.equal(['init']));
    const old = s.h;
    session.retry();
    await waitFor(() => expect(s.log).to.deep.equal(['init', 'destroy', 'init']));
    old.ready();
    expect(session.state.value).to.equal('loading');
    s.h.ready();
    const p = outcome(session.verify());
    session.destroy();
    expect(await p).to.deep.equal({ code: CAPTCHA_CODES.closed, message: 'Please complete the verification first' });
    s.h.success({ geetestValidateV4: '{}' });
    expect(session.state.value).to.equal('waiting');
  });
});
