/**
 * `<wps-captcha>` (docs/product.md §2, §4, §5, §8, §9; docs/captcha.md; docs/architecture.md, Elements).
 *
 * The vendor script is faked where it is inserted: `document.head.append` is intercepted, and per
 * test the script either "loads" (a controllable fake `initGeetest` / `initGeetest4` is installed,
 * then its load event fires), fails, hangs, or really loads (a Blob URL). GET /wps/system/status
 * and GET /wps/captcha/geetest are answered by a fetch stub.
 */
import { expect } from 'chai';
import '../../elements/captcha.tsx';
import type { WpsCaptchaElement } from '../../elements/captcha.tsx';
import type { SiteInfo, SiteStatus } from '../../src/contract/endpoints.ts';
import { apiBase, merchantCode } from '../../src/core/config/config.ts';
import { resetSiteData } from '../../src/core/config/siteStatus.ts';
import { language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import {
  forgetScripts,
  type GeetestV3Validate,
  type GeetestV4Validate,
  type GeetestVendorError,
} from '../../src/features/captcha/model.ts';
import { installClock } from '../browser-helpers/clock.ts';
import { statusFixture } from '../browser-helpers/status.ts';
import {
  describeNode,
  expectAccessible,
  has,
  json,
  mount,
  part,
  recordEvents,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';

type Handler = ((e?: GeetestVendorError) => void) | undefined;

/** A fake vendor widget: records the calls the adapter makes, and lets the test fire the callbacks. */
class FakeCaptcha<V> {
  calls: string[] = [];
  validate: V | undefined;
  private handlers: Record<'ready' | 'success' | 'error' | 'close', Handler> = {
    ready: undefined,
    success: undefined,
    error: undefined,
    close: undefined,
  };
  constructor(
    readonly version: 'v3' | 'v4',
    readonly config: Record<string, unknown>,
  ) {}
  onReady(fn: () => void) {
    this.handlers.ready = fn;
    return this;
  }
  onSuccess(fn: () => void) {
    this.handlers.success = fn;
    return this;
  }
  onError(fn: (e?: GeetestVendorError) => void) {
    this.handlers.error = fn;
    return this;
  }
  onClose(fn: () => void) {
    this.handlers.close = fn;
    return this;
  }
  getValidate() {
    return this.validate ?? false;
  }
  verify() {
    this.calls.push('verify');
  }
  reset() {
    this.calls.push('reset');
    this.validate = undefined;
  }
  destroy() {
    this.calls.push('destroy');
  }
  // drivers
  fireReady() {
    this.handlers.ready?.();
  }
  solve(validate: V) {
    this.validate = validate;
    this.handlers.success?.();
  }
  fail(code: string, msg: string) {
    this.handlers.error?.({ code, msg });
  }
  fireClose() {
    this.handlers.close?.();
  }
}

const vendor = {
  instances: [] as FakeCaptcha<unknown>[],
  /** The fake calls onReady by itself right after init. */
  autoReady: true,
  get last() {
    return this.instances.at(-1)!;
  },
};

function installVendor() {
  const init = (version: 'v3' | 'v4') => (config: Record<string, unknown>, callback: (c: FakeCaptcha<unknown>) => void) => {
    const captcha = new FakeCaptcha<unknown>(version, config);
    vendor.instances.push(captcha);
    callback(captcha);
    if (vendor.autoReady) void Promise.resolve().then(() => captcha.fireReady());
  };
  window.initGeetest = init('v3') as unknown as typeof window.initGeetest;
  window.initGeetest4 = init('v4') as unknown as typeof window.initGeetest4;
}
(window as unknown as { __installFakeVendor: () => void }).__installFakeVendor = installVendor;

/** How an intercepted vendor script behaves: fake load, load error, never answers, or really inserted. */
type ScriptMode = 'fake' | 'error' | 'hang' | 'pass';
let scriptMode: ScriptMode = 'fake';
const scripts: string[] = [];
const realAppend = document.head.append;
function interceptScripts() {
  document.head.append = function (this: HTMLHeadElement, ...nodes: (Node | string)[]) {
    const rest: (Node | string)[] = [];
    for (const node of nodes) {
      if (!(node instanceof HTMLScriptElement)) {
        rest.push(node);
        continue;
      }
      scripts.push(node.src);
      const mode = scriptMode;
      if (mode === 'pass') rest.push(node);
      else if (mode === 'fake')
        void Promise.resolve().then(() => {
          installVendor();
          node.dispatchEvent(new Event('load'));
        });
      else if (mode === 'error') void Promise.resolve().then(() => node.dispatchEvent(new Event('error')));
    }
    realAppend.apply(this, rest);
  };
}

const V3_VALIDATE: GeetestV3Validate = { geetest_challenge: 'ch-1', geetest_validate: 'val-1', geetest_seccode: 'val-1|jordan' };
const V4_VALIDATE: GeetestV4Validate = {
  lot_number: 'lot-1',
  captcha_output: 'out-1',
  pass_token: 'pass-1',
  gen_time: '1700000000',
};

function status(gw: Partial<SiteInfo['gw']> = {}): SiteStatus {
  const s = statusFixture();
  s.info.gw = { GEETEST_VERSION: 'v3', PROFILE_ICON_COUNT: 9, GEETEST_ID: 'cid-42', ...gw };
  return s;
}

let stub: FetchStub | undefined;
let challenges = 0;
function backend(s: SiteStatus = status(), config?: () => Response) {
  stub = stubFetch((c) => {
    if (c.url.pathname === '/wps/system/status') return json({ success: true, value: s });
    if (c.url.pathname === '/wps/captcha/geetest') {
      if (config) return config();
      challenges++;
      return json({ success: true, value: { gt: 'gt-demo', challenge: `ch-${challenges}`, newCaptcha: true, success: 1 } });
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

const el = <T extends WpsCaptchaElement = WpsCaptchaElement>(html = '<wps-captcha></wps-captcha>') => mount<T>(html);
const rowState = (e: Element) => part(e, 'captcha')?.getAttribute('data-state') ?? null;
const statusText = (e: Element) => part(e, 'status')?.textContent ?? null;
const buttonTexts = (e: Element) => Array.from(e.shadowRoot!.querySelectorAll('button')).map((b) => b.textContent);
async function inState(e: WpsCaptchaElement, state: string) {
  await waitFor(() => {
    expect(e.state, 'state property').to.equal(state);
    expect(rowState(e), 'rendered state').to.equal(state);
  });
}
const outcome = (p: Promise<unknown>) =>
  p.then(
    (r) => ({ ok: r }),
    (e: { code?: string; message: string }) => ({ code: e.code, message: e.message }),
  );

function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetSiteData();
  forgetScripts();
  delete window.initGeetest;
  delete window.initGeetest4;
  vendor.instances = [];
  vendor.autoReady = true;
  scriptMode = 'fake';
  scripts.length = 0;
  challenges = 0;
  notices.value = [];
  apiBase.value = '';
  merchantCode.value = '';
  language.value = 'EN';
  localStorage.clear();
  sessionStorage.clear();
}

before(async () => {
  language.value = 'EN';
  await languageReady();
  interceptScripts();
});
after(() => {
  delete (document.head as { append?: unknown }).append;
});
beforeEach(reset);
afterEach(reset);

describe('<wps-captcha> v3 (docs/product.md §4)', () => {
  it('loading, then ready → waiting with a "Click to verify" button; wps-captcha-ready fires', async () => {
    const stubbed = backend();
    vendor.autoReady = false;
    const seen = recordEvents(document, ['wps-captcha-ready']);
    const e = el();
    await inState(e, 'loading');
    expect(statusText(e)).to.equal('Loading verification…');
    expect(has(e, 'spinner')).to.equal(true);
    await waitFor(() => expect(vendor.instances.length).to.equal(1));
    expect(seen.types()).to.deep.equal([]);
    vendor.last.fireReady();
    await inState(e, 'waiting');
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-captcha-ready']);
    expect(seen.events[0]!.bubbles && seen.events[0]!.composed).to.equal(true);
    expect(describeNode(seen.events[0]!.target)).to.equal(describeNode(e));
    expect(buttonTexts(e)).to.deep.equal(['Click to verify']);
    expect(statusText(e)).to.equal('');

    // The v3 config: GET /wps/captcha/geetest?t=<timestamp>&scene=login, then initGeetest with it.
    const config = stubbed.to('/wps/captcha/geetest');
    expect(config.length).to.equal(1);
    expect(config[0]!.url.searchParams.get('t')).to.match(/^\d{10,16}$/);
    expect(config[0]!.url.searchParams.get('scene')).to.equal('login');
    expect(vendor.last.version).to.equal('v3');
    expect(vendor.last.config).to.deep.equal({
      gt: 'gt-demo',
      challenge: 'ch-1',
      offline: false,
      new_captcha: true,
      product: 'bind',
      lang: 'en',
    });
    expect(scripts).to.deep.equal([`${location.origin}/captcha/gt.js`]);
  });

  it('a click opens the challenge; solved → success with a check mark, "Verified", el.result and wps-captcha-success { result }', async () => {
    backend();
    const e = el();
    await inState(e, 'waiting');
    expect(e.result).to.equal(undefined);
    const seen = recordEvents(e, ['wps-captcha-success', 'wps-captcha-error', 'wps-captcha-close']);
    e.shadowRoot!.querySelector<HTMLButtonElement>('[part~="verify"]')!.click();
    expect(vendor.last.calls).to.deep.equal(['verify']);
    vendor.last.solve(V3_VALIDATE);
    await inState(e, 'success');
    seen.stop();
    const result = { geetestChallenge: 'ch-1', geetestSeccode: 'val-1|jordan', geetestValidate: 'val-1' };
    expect(e.result).to.deep.equal(result);
    expect(seen.types()).to.deep.equal(['wps-captcha-success']);
    expect(seen.events[0]!.detail).to.deep.equal({ result });
    expect(statusText(e)).to.equal('✓Verified');
    expect(part(e, 'check')!.getAttribute('aria-hidden')).to.equal('true');
    expect(buttonTexts(e)).to.deep.equal([]);
    // verify() after success gives the same result without opening the challenge again.
    expect(await outcome(e.verify())).to.deep.equal({ ok: result });
    expect(vendor.last.calls).to.deep.equal(['verify']);
  });

  it('el.verify() resolves with the result fields of the login / register payloads', async () => {
    backend();
    const e = el();
    await inState(e, 'waiting');
    const p = outcome(e.verify());
    expect(vendor.last.calls).to.deep.equal(['verify']);
    vendor.last.solve(V3_VALIDATE);
    expect(await p).to.deep.equal({ ok: { geetestChallenge: 'ch-1', geetestSeccode: 'val-1|jordan', geetestValidate: 'val-1' } });
  });

  it('offline mode is passed on when the config says success 0', async () => {
    backend(status(), () => json({ success: true, value: { gt: 'gt-off', challenge: 'ch-off', newCaptcha: false, success: 0 } }));
    const e = el();
    await inState(e, 'waiting');
    expect(vendor.last.config).to.deep.equal({
      gt: 'gt-off',
      challenge: 'ch-off',
      offline: true,
      new_captcha: false,
      product: 'bind',
      lang: 'en',
    });
  });
});

describe('<wps-captcha> v4', () => {
  it('initGeetest4 with the site GEETEST_ID; solved → { geetestValidateV4: JSON text }; no v3 config call', async () => {
    const stubbed = backend(status({ GEETEST_VERSION: 'v4', GEETEST_ID: 'cid-42' }));
    const e = el();
    await inState(e, 'waiting');
    expect(vendor.last.version).to.equal('v4');
    expect(vendor.last.config).to.deep.equal({ captchaId: 'cid-42', product: 'bind', language: 'eng' });
    expect(scripts).to.deep.equal([`${location.origin}/captcha/gt4.js`]);
    expect(stubbed.to('/wps/captcha/geetest').length).to.equal(0);
    const seen = recordEvents(e, ['wps-captcha-success']);
    const p = outcome(e.verify());
    vendor.last.solve(V4_VALIDATE);
    const { ok } = (await p) as { ok: { geetestValidateV4: string } };
    seen.stop();
    expect(Object.keys(ok)).to.deep.equal(['geetestValidateV4']);
    expect(JSON.parse(ok.geetestValidateV4)).to.deep.equal(V4_VALIDATE);
    expect(e.result).to.deep.equal(ok);
    expect(seen.events[0]!.detail).to.deep.equal({ result: ok });
    await inState(e, 'success');
  });

  it('v4 without a GEETEST_ID → error with unknown_error and the service text; no script', async () => {
    backend(status({ GEETEST_VERSION: 'v4', GEETEST_ID: undefined }));
    const e = el();
    await inState(e, 'error');
    expect(statusText(e)).to.equal('Unknown error. The captcha service is not working.');
    expect(scripts).to.deep.equal([]);
  });
});

describe('<wps-captcha> errors, retry and close (docs/product.md §4, §5, §8)', () => {
  it('a vendor error → error state with the message and the code digits, a Retry button, wps-captcha-error { code, message }', async () => {
    backend();
    const e = el();
    await inState(e, 'waiting');
    const seen = recordEvents(e, ['wps-captcha-error']);
    const p = outcome(e.verify());
    vendor.last.fail('GT_60500', 'Challenge expired');
    await inState(e, 'error');
    seen.stop();
    expect(statusText(e)).to.equal('Challenge expired (60500)');
    expect(buttonTexts(e)).to.deep.equal(['Retry']);
    expect(seen.events.map((x) => x.detail)).to.deep.equal([{ code: 'GT_60500', message: 'Challenge expired' }]);
    expect(await p).to.deep.equal({ code: 'GT_60500', message: 'Challenge expired' });
    expect(e.result).to.equal(undefined);
  });

  it('Retry → loading → waiting with a new widget and a new v3 config; the old widget is destroyed', async () => {
    const stubbed = backend();
    const e = el();
    await inState(e, 'waiting');
    vendor.last.fail('60500', 'Boom');
    await inState(e, 'error');
    const first = vendor.last;
    vendor.autoReady = false;
    e.shadowRoot!.querySelector<HTMLButtonElement>('[part~="retry"]')!.click();
    await inState(e, 'loading');
    expect(first.calls).to.deep.equal(['destroy']);
    await waitFor(() => expect(vendor.instances.length).to.equal(2));
    expect(vendor.last.config.challenge).to.equal('ch-2');
    expect(stubbed.to('/wps/captcha/geetest').length).to.equal(2);
    expect(scripts.length, 'a loaded script is not loaded again').to.equal(1);
    vendor.last.fireReady();
    await inState(e, 'waiting');
  });

  it('close → back to waiting; verify() rejects with verify_first; wps-captcha-close fires', async () => {
    backend();
    const e = el();
    await inState(e, 'waiting');
    const seen = recordEvents(e, ['wps-captcha-close', 'wps-captcha-error']);
    const p = outcome(e.verify());
    vendor.last.fireClose();
    expect(await p).to.deep.equal({ code: 'captcha.closed', message: 'Please complete the verification first' });
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-captcha-close']);
    await inState(e, 'waiting');
    expect(buttonTexts(e)).to.deep.equal(['Click to verify']);
    // And it can be verified again.
    const again = outcome(e.verify());
    expect(vendor.last.calls).to.deep.equal(['verify', 'verify']);
    vendor.last.solve(V3_VALIDATE);
    expect(((await again) as { ok: unknown }).ok).to.not.equal(undefined);
  });

  it('a second verify() during a running one rejects with "verify geetest too fast"; a second click does too, quietly', async () => {
    backend();
    const e = el();
    await inState(e, 'waiting');
    const first = outcome(e.verify());
    expect(await outcome(e.verify())).to.deep.equal({ code: 'captcha.too_fast', message: 'verify geetest too fast' });
    e.shadowRoot!.querySelector<HTMLButtonElement>('[part~="verify"]')!.click();
    await sleep(10);
    expect(vendor.last.calls).to.deep.equal(['verify']);
    vendor.last.solve(V3_VALIDATE);
    expect(((await first) as { ok: unknown }).ok).to.deep.equal({
      geetestChallenge: 'ch-1',
      geetestSeccode: 'val-1|jordan',
      geetestValidate: 'val-1',
    });
  });

  it('verify() while loading waits for ready, then opens the challenge', async () => {
    backend();
    vendor.autoReady = false;
    const e = el();
    const p = outcome(e.verify());
    await waitFor(() => expect(vendor.instances.length).to.equal(1));
    expect(vendor.last.calls).to.deep.equal([]);
    vendor.last.fireReady();
    await waitFor(() => expect(vendor.last.calls).to.deep.equal(['verify']));
    vendor.last.solve(V3_VALIDATE);
    expect(((await p) as { ok: unknown }).ok).to.deep.equal({
      geetestChallenge: 'ch-1',
      geetestSeccode: 'val-1|jordan',
      geetestValidate: 'val-1',
    });
  });

  it('the sms scene with v3 → error: unknown_error followed by the service text; nothing is loaded', async () => {
    const stubbed = backend();
    const e = el('<wps-captcha scene="sms"></wps-captcha>');
    const seen = recordEvents(e, ['wps-captcha-error']);
    await inState(e, 'error');
    seen.stop();
    expect(statusText(e)).to.equal('Unknown error. The captcha service is not working.');
    expect(seen.events.map((x) => x.detail)).to.deep.equal([
      { code: 'captcha.unavailable', message: 'Unknown error. The captcha service is not working.' },
    ]);
    expect(await outcome(e.verify())).to.deep.equal({
      code: 'captcha.unavailable',
      message: 'Unknown error. The captcha service is not working.',
    });
    expect(scripts).to.deep.equal([]);
    expect(stubbed.to('/wps/captcha/geetest').length).to.equal(0);
  });

  it('the sms scene with v4 (site status) works', async () => {
    backend(status({ GEETEST_VERSION: 'v4' }));
    const e = el('<wps-captcha scene="sms"></wps-captcha>');
    await inState(e, 'waiting');
    expect(vendor.last.version).to.equal('v4');
  });

  it('the script load times out after exactly 3000 ms (fake clock): 60204 "Network failure", not at 2999', async () => {
    backend();
    scriptMode = 'hang';
    const clock = installClock();
    try {
      const e = el();
      const seen = recordEvents(e, ['wps-captcha-error']);
      await waitFor(() => expect(scripts.length).to.equal(1));
      await clock.tickAsync(2999);
      await sleep(20);
      expect(e.state).to.equal('loading');
      expect(statusText(e)).to.equal('Loading verification…');
      await clock.tickAsync(1);
      await inState(e, 'error');
      seen.stop();
      expect(statusText(e)).to.equal('Network failure (60204)');
      expect(seen.events.map((x) => x.detail)).to.deep.equal([{ code: '60204', message: 'Network failure' }]);
      expect(document.head.querySelectorAll('script[data-wps-captcha]').length, 'the failed script is removed').to.equal(0);
    } finally {
      clock.uninstall();
    }
  });

  it('the vendor onError 60205 (extra resource timed out) before ready passes through', async () => {
    backend();
    vendor.autoReady = false;
    const e = el();
    const seen = recordEvents(e, ['wps-captcha-error', 'wps-captcha-ready']);
    await waitFor(() => expect(vendor.instances.length).to.equal(1));
    vendor.last.fail('60205', 'Network failure');
    await inState(e, 'error');
    seen.stop();
    expect(statusText(e)).to.equal('Network failure (60205)');
    expect(seen.types()).to.deep.equal(['wps-captcha-error']);
    expect(seen.events[0]!.detail).to.deep.equal({ code: '60205', message: 'Network failure' });
  });

  it('after a failed script load, Retry loads the script again', async () => {
    backend();
    scriptMode = 'error';
    const e = el();
    await inState(e, 'error');
    expect(statusText(e)).to.equal('Network failure (60204)');
    expect(scripts.length).to.equal(1);
    scriptMode = 'fake';
    e.shadowRoot!.querySelector<HTMLButtonElement>('[part~="retry"]')!.click();
    await inState(e, 'waiting');
    // The retry asks with a fresh query, so it cannot join a request that is still hanging.
    expect(scripts.length).to.equal(2);
    expect(scripts[0]).to.equal(`${location.origin}/captcha/gt.js`);
    expect(scripts[1]).to.match(new RegExp(`^${location.origin}/captcha/gt\\.js\\?retry=\\d+$`));
  });

  it('a failed config call → error with the server message, and no notice (the row shows it)', async () => {
    backend(status(), () => json({ success: false, errorCode: 'captcha.60300', message: 'Captcha server busy' }, 500));
    const e = el();
    await inState(e, 'error');
    expect(statusText(e)).to.equal('Captcha server busy (60300)');
    await sleep(20);
    expect(notices.value.length).to.equal(0);
  });
});

describe('<wps-captcha> methods and properties', () => {
  it('reset() → waiting, forgets the result and resets the vendor widget', async () => {
    backend();
    const e = el();
    await inState(e, 'waiting');
    void e.verify();
    vendor.last.solve(V3_VALIDATE);
    await inState(e, 'success');
    e.reset();
    await inState(e, 'waiting');
    expect(e.result).to.equal(undefined);
    expect(vendor.last.calls).to.deep.equal(['verify', 'reset']);
  });

  it('reset() during a running verify() rejects it with verify_first', async () => {
    backend();
    const e = el();
    await inState(e, 'waiting');
    const p = outcome(e.verify());
    e.reset();
    expect(await p).to.deep.equal({ code: 'captcha.closed', message: 'Please complete the verification first' });
  });

  it('result and state are read-only; retry() reloads', async () => {
    backend();
    const e = el();
    await inState(e, 'waiting');
    expect(() => {
      (e as unknown as { result: unknown }).result = { geetestValidateV4: 'x' };
    }).to.throw(TypeError);
    expect(() => {
      (e as unknown as { state: unknown }).state = 'success';
    }).to.throw(TypeError);
    expect(e.result).to.equal(undefined);
    vendor.autoReady = false;
    e.retry();
    await inState(e, 'loading');
    await waitFor(() => expect(vendor.instances.length).to.equal(2));
    vendor.last.fireReady();
    await inState(e, 'waiting');
  });

  it('removing the element destroys the widget and rejects a running verify()', async () => {
    backend();
    const e = el();
    await inState(e, 'waiting');
    const p = outcome(e.verify());
    unmountAll();
    expect(await p).to.deep.equal({ code: 'captcha.closed', message: 'Please complete the verification first' });
    expect(vendor.last.calls).to.deep.equal(['verify', 'destroy']);
    expect(e.state).to.equal(undefined);
  });

  it('two captchas on a page load the script once and work on their own', async () => {
    backend();
    const a = el('<wps-captcha></wps-captcha>');
    const b = el('<wps-captcha scene="register"></wps-captcha>');
    await inState(a, 'waiting');
    await inState(b, 'waiting');
    expect(scripts.length).to.equal(1);
    expect(vendor.instances.length).to.equal(2);
    const pa = outcome(a.verify());
    expect(vendor.instances.filter((i) => i.calls.includes('verify')).length).to.equal(1);
    expect(b.state).to.equal('waiting');
    vendor.instances.find((i) => i.calls.includes('verify'))!.solve(V3_VALIDATE);
    await pa;
    await inState(a, 'success');
    expect(b.state).to.equal('waiting');
  });
});

describe('<wps-captcha> attributes', () => {
  it('scene is sent with the v3 config; changing it starts a new widget', async () => {
    const stubbed = backend();
    const e = el('<wps-captcha scene="register"></wps-captcha>');
    await inState(e, 'waiting');
    expect(stubbed.to('/wps/captcha/geetest')[0]!.url.searchParams.get('scene')).to.equal('register');
    const first = vendor.last;
    e.setAttribute('scene', 'login');
    await waitFor(() => expect(stubbed.to('/wps/captcha/geetest').length).to.equal(2));
    expect(stubbed.to('/wps/captcha/geetest')[1]!.url.searchParams.get('scene')).to.equal('login');
    await waitFor(() => expect(first.calls).to.deep.equal(['destroy']));
    await inState(e, 'waiting');
  });

  const sceneRows: [html: string, scene: string][] = [
    ['<wps-captcha></wps-captcha>', 'login'],
    ['<wps-captcha scene></wps-captcha>', 'login'],
    ['<wps-captcha scene="bogus"></wps-captcha>', 'login'],
    ['<wps-captcha scene="register"></wps-captcha>', 'register'],
    ['<wps-captcha scene="REGISTER"></wps-captcha>', 'login'],
  ];
  // v3 sends the scene with its config call. The sms scene (v4 only) is seen by what it does: see
  // 'the sms scene with v3 …' and 'the sms scene with v4 (site status) works'.
  for (const [html, scene] of sceneRows) {
    it(`${html} → scene ${scene}`, async () => {
      backend();
      const e = el(html);
      await inState(e, 'waiting');
      expect(vendor.last.version).to.equal('v3');
      expect(stub!.to('/wps/captcha/geetest')[0]!.url.searchParams.get('scene')).to.equal(scene);
    });
  }

  const versionRows: [html: string, site: 'v3' | 'v4', used: 'v3' | 'v4'][] = [
    ['<wps-captcha version="v4"></wps-captcha>', 'v3', 'v4'],
    ['<wps-captcha version="v3"></wps-captcha>', 'v4', 'v3'],
    ['<wps-captcha></wps-captcha>', 'v4', 'v4'],
    ['<wps-captcha version></wps-captcha>', 'v4', 'v4'],
    ['<wps-captcha version="v5"></wps-captcha>', 'v3', 'v3'],
  ];
  for (const [html, site, used] of versionRows) {
    it(`${html} with site ${site} → ${used}`, async () => {
      backend(status({ GEETEST_VERSION: site }));
      const e = el(html);
      await inState(e, 'waiting');
      expect(vendor.last.version).to.equal(used);
    });
  }

  it('removing the version attribute goes back to the site version', async () => {
    backend(status({ GEETEST_VERSION: 'v3' }));
    const e = el('<wps-captcha version="v4"></wps-captcha>');
    await inState(e, 'waiting');
    expect(vendor.last.version).to.equal('v4');
    e.removeAttribute('version');
    await waitFor(() => expect(vendor.last.version).to.equal('v3'));
    await inState(e, 'waiting');
    expect(vendor.instances[0]!.calls).to.deep.equal(['destroy']);
  });

  it('the scene property works like the attribute', async () => {
    const stubbed = backend();
    const e = el();
    await inState(e, 'waiting');
    e.scene = 'register';
    expect(e.getAttribute('scene')).to.equal('register');
    await waitFor(() => expect(stubbed.to('/wps/captcha/geetest').length).to.equal(2));
    expect(stubbed.to('/wps/captcha/geetest')[1]!.url.searchParams.get('scene')).to.equal('register');
  });

  it('api-base: the status and config calls and a relative GEETEST_JS go to the API base; merchant header', async () => {
    const stubbed = backend(status({ GEETEST_JS: '/captcha/custom-gt.js' }));
    const e = el('<wps-captcha merchant="DEMO01" api-base="https://api.example.test"></wps-captcha>');
    await inState(e, 'waiting');
    expect(scripts).to.deep.equal(['https://api.example.test/captcha/custom-gt.js']);
    const config = stubbed.to('/wps/captcha/geetest')[0]!;
    expect(config.url.origin).to.equal('https://api.example.test');
    expect(config.headers.get('Merchant')).to.equal('DEMO01');
  });

  it('GEETEST4_JS names the v4 script', async () => {
    backend(status({ GEETEST_VERSION: 'v4', GEETEST4_JS: 'https://static.example.test/v4/gt4.js' }));
    const e = el();
    await inState(e, 'waiting');
    expect(scripts).to.deep.equal(['https://static.example.test/v4/gt4.js']);
  });

  it('a real classic script (a same-origin path as GEETEST_JS) is loaded and defines the vendor', async () => {
    const url = '/test/browser-helpers/fake-geetest.js';
    scriptMode = 'pass';
    backend(status({ GEETEST_JS: url }));
    const e = el();
    await inState(e, 'waiting');
    expect(scripts).to.deep.equal([location.origin + url]);
    expect((window as unknown as { __captchaScriptRuns: number }).__captchaScriptRuns).to.equal(1);
  });

  for (const bad of [
    'javascript:alert(1)',
    'data:text/javascript,window.__pwned=1',
    '//evil.example/gt.js',
    'captcha/relative.js',
  ]) {
    it(`a GEETEST_JS that is not http(s) or an operator path (${bad.slice(0, 16)}) is never loaded: the default script is`, async () => {
      backend(status({ GEETEST_JS: bad }));
      const e = el();
      await inState(e, 'waiting');
      expect(scripts).to.have.length(1);
      expect(scripts[0]).to.not.include(bad);
      expect(scripts[0]).to.match(/^http/);
    });
  }
});

describe('<wps-captcha> accessibility and language', () => {
  async function everyState(check: (e: WpsCaptchaElement, state: string) => Promise<void>) {
    backend();
    vendor.autoReady = false;
    const e = el();
    await inState(e, 'loading');
    await check(e, 'loading');
    await waitFor(() => expect(vendor.instances.length).to.equal(1));
    vendor.last.fireReady();
    await inState(e, 'waiting');
    await check(e, 'waiting');
    void e.verify();
    vendor.last.solve(V3_VALIDATE);
    await inState(e, 'success');
    await check(e, 'success');
    e.reset();
    await inState(e, 'waiting');
    vendor.last.fail('60205', 'Network failure');
    await inState(e, 'error');
    await check(e, 'error');
  }

  it('a labelled group with a polite status region; axe-core clean in every state (EN)', async () => {
    await everyState(async (e) => {
      const row = part(e, 'captcha')!;
      expect(row.getAttribute('role')).to.equal('group');
      expect(row.getAttribute('aria-label')).to.equal('Security verification');
      const s = part(e, 'status')!;
      expect([s.getAttribute('role'), s.getAttribute('aria-live')]).to.deep.equal(['status', 'polite']);
      await expectAccessible(e);
    });
  });

  it('CN texts in every state, axe-core clean', async () => {
    setLanguage('CN');
    const texts: Record<string, [string, string[]]> = {
      loading: ['验证加载中…', []],
      waiting: ['', ['点击进行验证']],
      success: ['✓验证成功', []],
      error: ['网络故障 (60205)', ['重试']],
    };
    await everyState(async (e, state) => {
      await waitFor(() => expect([statusText(e), buttonTexts(e)]).to.deep.equal(texts[state]));
      expect(part(e, 'captcha')!.getAttribute('aria-label')).to.equal('安全验证');
      await expectAccessible(e);
    });
  });

  it('the CN sms-with-v3 message: unknown_error followed by the service text', async () => {
    setLanguage('CN');
    backend();
    const e = el('<wps-captcha scene="sms"></wps-captcha>');
    await inState(e, 'error');
    await waitFor(() => expect(statusText(e)).to.equal('未知错误，验证码服务无法使用。'));
    await expectAccessible(e);
  });

  it('the vendor gets the page language (CN → zh-cn for v3, zho for v4)', async () => {
    setLanguage('CN');
    backend();
    const a = el();
    await inState(a, 'waiting');
    expect(vendor.last.config.lang).to.equal('zh-cn');
    unmountAll();
    stub!.restore();
    resetSiteData();
    backend(status({ GEETEST_VERSION: 'v4' }));
    const b = el();
    await inState(b, 'waiting');
    expect(vendor.last.config.language).to.equal('zho');
  });
});
