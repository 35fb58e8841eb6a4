/**
 * `<wps-captcha>`: the GeeTest captcha row of the login, sms-code and registration forms (docs/product.md §2,
 * §4, §5, §8; docs/captcha.md).
 *
 * Loads the vendor script named by the site status (GEETEST_JS for v3, GEETEST4_JS for v4; the
 * reference server's stand-in when none is named), shows its state in one compact row — loading,
 * 'Click to verify', a check mark with 'Verified', or the error text (with the numeric code) and a
 * Retry button — and gives forms the result through `verify()` / `result` and events.
 *
 * @element wps-captcha
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {'login' | 'sms' | 'register'} scene - 'login' (default), 'sms' or 'register'; sent with the v3 config request.
 *   The sms scene needs v4, otherwise the row shows unknown_error and that the service does not work.
 * @attr {'v3' | 'v4'} version - 'v3' or 'v4': overrides the site's GEETEST_VERSION (anything else is ignored)
 * @prop {CaptchaResult | undefined} result - read-only: the last result, undefined until solved and after reset
 * @prop {CaptchaState | undefined} state - read-only: 'loading' | 'waiting' | 'success' | 'error'
 * @method verify - `Promise<CaptchaResult>`: opens the challenge (after loading, if needed); resolves at
 *   once when already solved; rejects with `{ code, message }` on close (verify_first), on an error, or
 *   while another verify() runs ('verify geetest too fast')
 * @method reset - back to waiting (unsolved); in the error state it loads again
 * @method retry - loads again (state loading)
 * @fires wps-captcha-ready - the widget is ready (state waiting)
 * @fires wps-captcha-success - `{ result }`: solved (state success)
 * @fires wps-captcha-error - `{ code, message }`: failed (state error), e.g. `{ code: '60204', message: 'Network failure' }`
 * @fires wps-captcha-close - the player closed the challenge without solving it (state waiting)
 * @part captcha - the row (`data-state` holds the state); also status, spinner, check, text, error, verify, retry, button
 * @cssprop --wps-color-primary - spinner and Retry colour
 * @cssprop --wps-captcha-bg, --wps-captcha-border, --wps-captcha-success, --wps-captcha-error - row colours
 */
import { useEffect } from 'react';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { configure } from '../src/core/config/config.ts';
import { Captcha } from '../src/features/captcha/Captcha.tsx';
import css from '../src/features/captcha/captcha.css';
import { createCaptchaSession, verifyFirst, type CaptchaSession } from '../src/features/captcha/session.ts';
import {
  CAPTCHA_SCENES,
  CAPTCHA_VERSIONS,
  type CaptchaResult,
  type CaptchaScene,
  type CaptchaVersion,
} from '../src/features/captcha/types.ts';

export interface CaptchaElementProps {
  scene?: string;
  version?: string;
}

export interface CaptchaSuccessDetail {
  result: CaptchaResult;
}

export interface CaptchaErrorDetail {
  code: string | undefined;
  message: string;
}

type CaptchaHost = HTMLElement & CaptchaElementProps & { merchant?: string; apiBase?: string };

export const captchaScene = (value: unknown): CaptchaScene =>
  CAPTCHA_SCENES.includes(value as CaptchaScene) ? (value as CaptchaScene) : 'login';
export const captchaVersion = (value: unknown): CaptchaVersion | undefined =>
  CAPTCHA_VERSIONS.includes(value as CaptchaVersion) ? (value as CaptchaVersion) : undefined;

/** One session per element, shared by its view and its methods; a new scene or version starts a new one. */
const sessions = new WeakMap<HTMLElement, { key: string; session: CaptchaSession }>();

function sessionFor(host: CaptchaHost): CaptchaSession {
  const scene = captchaScene(host.scene);
  const version = captchaVersion(host.version);
  const key = `${scene}|${version ?? ''}`;
  const entry = sessions.get(host);
  if (entry?.key === key) return entry.session;
  entry?.session.destroy();
  // verify() may come before the first render, which configures these too.
  if (host.merchant || host.apiBase) configure({ merchant: host.merchant, apiBase: host.apiBase });
  const session = createCaptchaSession({
    scene,
    version,
    on: {
      ready: () => emit(host, 'wps-captcha-ready'),
      success: (result) => emit<CaptchaSuccessDetail>(host, 'wps-captcha-success', { result }),
      error: (e) => emit<CaptchaErrorDetail>(host, 'wps-captcha-error', { code: e.code, message: e.message }),
      close: () => emit(host, 'wps-captcha-close'),
    },
  });
  sessions.set(host, { key, session });
  return session;
}

function dropSession(host: HTMLElement) {
  sessions.get(host)?.session.destroy();
  sessions.delete(host);
}

function CaptchaElement({ host }: { props: CaptchaElementProps; host: CaptchaHost }) {
  // The props are the host's own (r2wc), so the session follows scene / version on each render.
  const session = sessionFor(host);
  useEffect(() => () => dropSession(host), [host]);
  return <Captcha session={session} />;
}

export const WpsCaptcha = defineElement<CaptchaElementProps>('wps-captcha', {
  props: { scene: 'string', version: 'string' },
  css: [css],
  render: (props, host) => <CaptchaElement props={props} host={host as CaptchaHost} />,
  methods: {
    verify: {
      value(this: CaptchaHost): Promise<CaptchaResult> {
        if (!this.isConnected && !sessions.has(this)) return Promise.reject(verifyFirst());
        return sessionFor(this).verify();
      },
    },
    reset: {
      value(this: CaptchaHost): void {
        sessions.get(this)?.session.reset();
      },
    },
    retry: {
      value(this: CaptchaHost): void {
        if (this.isConnected || sessions.has(this)) sessionFor(this).retry();
      },
    },
    result: {
      get(this: CaptchaHost): CaptchaResult | undefined {
        return sessions.get(this)?.session.result.value;
      },
    },
    state: {
      get(this: CaptchaHost) {
        return sessions.get(this)?.session.state.value;
      },
    },
  },
});

/** The element's own API beside its attributes. */
export interface WpsCaptchaElement extends HTMLElement {
  scene?: string;
  version?: string;
  readonly result: CaptchaResult | undefined;
  readonly state: CaptchaSession['state']['value'] | undefined;
  verify(): Promise<CaptchaResult>;
  reset(): void;
  retry(): void;
}
