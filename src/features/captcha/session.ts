/**
 * One captcha widget's life (docs/product.md §4, §5, §8): `loading → waiting (ready) → success (solved) |
 * error`; retry → loading; close or reset → waiting. Framework-free: signals for the view, callbacks
 * for the element's events, and `verify()` for forms.
 */
import { signal } from '@preact/signals-core';
import type { SiteInfo } from '../../contract/endpoints.ts';
import { safeUrl } from '../../core/config/config.ts';
import { loadSiteStatus, siteStatus } from '../../core/config/siteStatus.ts';
import { ensureI18n, language, t } from '../../core/i18n/i18n.ts';
import { DEFAULT_SCRIPTS, geetestV3, geetestV4, unavailable } from './geetest.ts';
import {
  CAPTCHA_CODES,
  CaptchaError,
  TOO_FAST_MESSAGE,
  type CaptchaAdapter,
  type CaptchaHandlers,
  type CaptchaResult,
  type CaptchaScene,
  type CaptchaState,
  type CaptchaVersion,
  type CaptchaWidget,
} from './types.ts';

export interface CaptchaEvents {
  ready?(): void;
  success?(result: CaptchaResult): void;
  error?(error: CaptchaError): void;
  close?(): void;
}

export interface CaptchaSessionOptions {
  scene?: CaptchaScene;
  /** Overrides the site's GEETEST_VERSION. */
  version?: CaptchaVersion;
  /** Called on each transition: ready, success, error (not verify() rejections), close. */
  on?: CaptchaEvents;
  /** Builds the vendor adapter (default: GeeTest v3 / v4 from the site status). */
  adapter?: (version: CaptchaVersion, info: SiteInfo | undefined, scene: CaptchaScene) => CaptchaAdapter;
}

/** GeeTest v3 or v4 as the site status configures it (docs/captcha.md). */
export function geetestAdapter(version: CaptchaVersion, info: SiteInfo | undefined, scene: CaptchaScene): CaptchaAdapter {
  const gw = info?.gw;
  const lang = language.value;
  // A script named by the server loads only from http(s) or the operator's origin (never data: or javascript:).
  return version === 'v4'
    ? geetestV4({
        scriptUrl: safeUrl(gw?.GEETEST4_JS) ?? DEFAULT_SCRIPTS.v4,
        captchaId: gw?.GEETEST_ID ?? '',
        scene,
        language: lang,
      })
    : geetestV3({ scriptUrl: safeUrl(gw?.GEETEST_JS) ?? DEFAULT_SCRIPTS.v3, scene, language: lang });
}

/** The rejection of verify() when the player closes the challenge (docs/product.md §5: verify_first). */
export const verifyFirst = () => new CaptchaError(CAPTCHA_CODES.closed, t('verify_first'));

export class CaptchaSession {
  readonly scene: CaptchaScene;
  readonly state = signal<CaptchaState>('loading');
  readonly error = signal<CaptchaError | undefined>(undefined);
  readonly result = signal<CaptchaResult | undefined>(undefined);
  /** The version in use, once known. */
  readonly version = signal<CaptchaVersion | undefined>(undefined);
  /** A verify() is running (the challenge is open, or will open once ready). */
  readonly verifying = signal(false);

  private gen = 0;
  private widget: CaptchaWidget | undefined;
  private ready = false;
  private opened = false;
  private pending: { resolve: (r: CaptchaResult) => void; reject: (e: CaptchaError) => void } | undefined;
  private destroyed = false;

  constructor(private readonly options: CaptchaSessionOptions = {}) {
    this.scene = options.scene ?? 'login';
  }

  /** (Re)loads the widget: state loading until the vendor is ready. */
  start(): void {
    this.destroyed = false;
    const gen = ++this.gen;
    this.dropWidget();
    this.ready = false;
    this.error.value = undefined;
    this.result.value = undefined;
    this.state.value = 'loading';
    void this.load(gen);
  }

  /** docs/product.md §4: retry goes back to loading. */
  retry(): void {
    this.start();
  }

  /**
   * Opens the challenge and resolves with the result once solved (at once when already solved).
   * Rejects when the player closes it (verify_first), on an error, and while another verify()
   * runs ('verify geetest too fast'). While loading it waits for the widget to be ready.
   */
  verify(): Promise<CaptchaResult> {
    if (this.pending) return Promise.reject(new CaptchaError(CAPTCHA_CODES.tooFast, TOO_FAST_MESSAGE));
    const state = this.state.value;
    if (state === 'success' && this.result.value) return Promise.resolve(this.result.value);
    if (state === 'error') return Promise.reject(this.error.value ?? unavailable());
    if (this.destroyed) return Promise.reject(verifyFirst());
    return new Promise<CaptchaResult>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.verifying.value = true;
      this.open();
    });
  }

  /**
   * Back to unsolved (docs/product.md §4: reset → waiting); a running verify() is rejected with verify_first.
   * In the error state it loads again (docs/product.md §8: a failed registration reloads the captcha).
   */
  reset(): void {
    this.settle(undefined, verifyFirst());
    if (this.state.value === 'error') return this.start();
    if (this.state.value === 'loading') return;
    this.widget?.reset();
    this.result.value = undefined;
    this.state.value = 'waiting';
  }

  /** Removes the vendor widget; a running verify() is rejected with verify_first. */
  destroy(): void {
    this.destroyed = true;
    this.gen++;
    this.settle(undefined, verifyFirst());
    this.dropWidget();
  }

  private async load(gen: number) {
    try {
      await ensureI18n();
      // The script URLs and the v4 id come from the site status, also when the version is overridden.
      const info = siteStatus.value?.info ?? (await loadSiteStatus())?.info;
      if (gen !== this.gen) return;
      const version = this.options.version ?? info?.gw.GEETEST_VERSION ?? 'v3';
      this.version.value = version;
      // docs/product.md §5: the sms captcha requires v4.
      if (this.scene === 'sms' && version !== 'v4') throw unavailable();
      const build = this.options.adapter ?? geetestAdapter;
      const widget = await build(version, info, this.scene)(this.handlers(gen));
      if (gen !== this.gen) return widget.destroy();
      this.widget = widget;
      this.open();
    } catch (err) {
      if (gen === this.gen) this.fail(err instanceof CaptchaError ? err : new CaptchaError(undefined, t('unknown_error')));
    }
  }

  private handlers(gen: number): CaptchaHandlers {
    const live = () => gen === this.gen;
    return {
      ready: () => {
        if (!live()) return;
        this.ready = true;
        if (this.state.value === 'loading') {
          this.state.value = 'waiting';
          this.options.on?.ready?.();
        }
        this.open();
      },
      success: (result) => {
        if (!live()) return;
        this.result.value = result;
        this.error.value = undefined;
        this.state.value = 'success';
        this.settle(result);
        this.options.on?.success?.(result);
      },
      error: (error) => this.live(gen) && this.fail(error),
      close: () => {
        if (!live()) return;
        this.settle(undefined, verifyFirst());
        if (this.state.value !== 'success' && this.ready) this.state.value = 'waiting';
        this.options.on?.close?.();
      },
    };
  }

  private live(gen: number) {
    return gen === this.gen;
  }

  private fail(error: CaptchaError) {
    this.ready = false;
    this.error.value = error;
    this.state.value = 'error';
    this.settle(undefined, error);
    this.options.on?.error?.(error);
  }

  /** Shows the challenge when a verify() waits and the widget is ready. */
  private open() {
    if (!this.pending || this.opened || !this.ready || !this.widget || this.state.value !== 'waiting') return;
    this.opened = true;
    this.widget.verify();
  }

  private settle(result: CaptchaResult | undefined, error?: CaptchaError) {
    const pending = this.pending;
    this.pending = undefined;
    this.opened = false;
    this.verifying.value = false;
    if (!pending) return;
    if (result) pending.resolve(result);
    else pending.reject(error ?? verifyFirst());
  }

  private dropWidget() {
    const widget = this.widget;
    this.widget = undefined;
    this.opened = false;
    try {
      widget?.destroy();
    } catch {
      // a vendor widget that cannot be destroyed must not block a retry
    }
  }
}

/** Creates and starts a session. */
export function createCaptchaSession(options: CaptchaSessionOptions = {}): CaptchaSession {
  const session = new CaptchaSession(options);
  session.start();
  return session;
}
