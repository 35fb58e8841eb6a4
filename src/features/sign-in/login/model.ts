/**
 * The login form's model (docs/product.md §3–§5): one state for its three methods (password, SMS
 * code, the identity provider's phone and Google sign-in in ./identity.ts) as signals, the required
 * fields of each method, and the actions. No React: ../LoginForm.tsx and one small component per
 * method render it. Captcha rows and the countdown's tick are the view's (they live in its tree).
 */
import { batch, computed, signal } from '@preact/signals-core';
import { loadSiteStatus } from '../../../core/config/siteStatus.ts';
import { t } from '../../../core/i18n/i18n.ts';
import { readRememberedLogin } from '../../../core/session/rememberedLogin.ts';
import { resendEnd } from '../../../ui/countdown.ts';
import type { ChannelResult } from '../identity/model.ts';
import {
  goAfterSignIn,
  login,
  loginBusy,
  sendLoginCode,
  signInTarget,
  tryAutoLogin,
  type CaptchaFields,
  type LoginOutcome,
} from '../model.ts';

export type Tab = 'password' | 'sms' | 'phone';

export interface LoginDetail {
  next: string;
  userName: string;
}

/** bind_customer_required: the provider's result waiting for an existing account, or a new one. */
export interface BindState {
  result: ChannelResult;
  canCreate: boolean;
  step: 'choose' | 'existing';
}

/** A captcha row of the view: `solve()` gives the fields (undefined: none needed), rejects when closed. */
export interface CaptchaRow {
  solve(): Promise<CaptchaFields | undefined>;
  renew(): void;
}

/** [name, value, message] of a field that must not be empty (docs/product.md §5). */
export type Required = [name: string, value: string, message: string];

/** What the page does with a login (the element's props). */
export interface LoginHandlers {
  /** false keeps the form from navigating to `detail.next`. */
  onLogin(detail: LoginDetail): boolean;
  /** On a merchant's page: continue to the operator's /m after a login (with the token). */
  continueToOperator?: boolean;
}

export class LoginFormModel {
  readonly tab = signal<Tab>('password');
  readonly username = signal('');
  readonly password = signal('');
  readonly remember = signal(false);
  /** The country picked for the mobile number (undefined: the merchant's default). */
  readonly country = signal<string | undefined>(undefined);
  readonly mobile = signal('');
  readonly code = signal('');
  /** End of the SMS code's resend countdown (epoch ms). */
  readonly codeUntil = signal<number | undefined>(undefined);
  readonly phoneCode = signal('');
  /** End of the identity provider's phone code countdown (epoch ms). */
  readonly phoneUntil = signal<number | undefined>(undefined);
  /** An identity-provider step is on its way. */
  readonly idpBusy = signal(false);
  readonly bind = signal<BindState | undefined>(undefined);
  /** The server asked for the captcha (`captcha.required`): the password tab shows it from now on. */
  readonly captchaAsked = signal(false);
  /** Field name → its required message. */
  readonly errors = signal<Record<string, string>>({});
  /** A field the view should focus; `seq` changes on each request, so the same field refocuses. */
  readonly focus = signal<{ field: string; seq: number } | undefined>(undefined);
  /** Submit and the provider buttons wait while a login or a provider step runs. */
  readonly busy = computed(() => loginBusy.value || this.idpBusy.value);

  handlers: LoginHandlers = { onLogin: () => true };
  private seq = 0;
  private autoTried = false;

  requestFocus(field: string) {
    this.focus.value = { field, seq: ++this.seq };
  }

  /** True when every field has a value; otherwise marks the empty ones and focuses the first. */
  check(fields: Required[]): boolean {
    const missing = Object.fromEntries(fields.filter(([, v]) => !v.trim()).map(([name, , message]) => [name, message]));
    this.errors.value = missing;
    const first = fields.find(([name]) => missing[name]);
    if (first) this.requestFocus(first[0]);
    return !first;
  }

  /** The required fields of each step (docs/product.md §5). */
  credentialsFields(): Required[] {
    return [
      ['username', this.username.peek(), t('required.username')],
      ['password', this.password.peek(), t('required.password')],
    ];
  }
  mobileFields(): Required[] {
    return [['mobile', this.mobile.peek(), t('required.mobile')]];
  }
  smsFields(): Required[] {
    return [...this.mobileFields(), ['code', this.code.peek(), t('required.code')]];
  }
  phoneFields(): Required[] {
    return [['phoneCode', this.phoneCode.peek(), t('required.code')]];
  }

  selectTab(id: Tab) {
    batch(() => {
      this.tab.value = id;
      this.errors.value = {};
    });
  }

  /** On mount: the site status, and the remembered login prefilled (its tab, its name, remember me). */
  start() {
    void loadSiteStatus();
    void readRememberedLogin().then((r) => {
      batch(() => {
        if (r?.type === 'username') this.username.value = r.username;
        if (r?.type === 'sms') {
          this.tab.value = 'sms';
          this.mobile.value = r.username;
        }
        if (r) this.remember.value = true;
      });
    });
  }

  /** If the provider is switched off meanwhile, the Phone tab goes. */
  keepTab(identityOn: boolean) {
    if (!identityOn && this.tab.peek() === 'phone') this.tab.value = 'password';
  }

  /** Auto login: once, when the site status (MOBILEAUTOLOGIN3) is known (docs/product.md §4). */
  autoLogin(search: string) {
    if (this.autoTried) return;
    this.autoTried = true;
    void tryAutoLogin(search).then((outcome) => outcome && this.done(outcome));
  }

  /** A login succeeded: the page hears of it, then (unless it says no) the form goes on. */
  done(outcome: LoginOutcome) {
    if (!outcome.ok) return;
    const detail: LoginDetail = { next: signInTarget(outcome.next), userName: outcome.value.userName };
    if (this.handlers.onLogin(detail)) goAfterSignIn(detail.next, this.handlers.continueToOperator);
  }

  /** Password method: the fields, the captcha when asked, the login; a refusal renews the captcha. */
  async loginWithPassword(captchaRow: CaptchaRow) {
    if (!this.check(this.credentialsFields())) return;
    const captcha = await captchaRow.solve().catch(() => null);
    if (captcha === null) return; // closed or failed: the captcha row says why
    const outcome = await login({
      type: 'username',
      username: this.username.peek(),
      password: this.password.peek(),
      remember: this.remember.peek(),
      captcha,
    });
    if (!outcome.ok && outcome.errorCode === 'captcha.required') this.captchaAsked.value = true;
    if (!outcome.ok) captchaRow.renew();
    this.done(outcome);
  }

  /** SMS method: send the code (with the SMS captcha when the settings ask), the countdown to its expiry. */
  async sendSmsCode(dialing: string, captchaRow: CaptchaRow) {
    if (!this.check(this.mobileFields())) return;
    const captcha = await captchaRow.solve().catch(() => null);
    if (captcha === null) return;
    const until = await sendLoginCode(dialing, this.mobile.peek(), captcha);
    captchaRow.renew();
    if (until) {
      // The code's expiry, never longer than its validity (docs/product.md §9).
      this.codeUntil.value = resendEnd(until);
      this.requestFocus('code');
    }
  }

  async loginWithSms(dialing: string) {
    if (!this.check(this.smsFields())) return;
    this.done(
      await login({
        type: 'sms',
        countryDialingCode: dialing,
        mobileNum: this.mobile.peek(),
        verificationCode: this.code.peek(),
        remember: this.remember.peek(),
      }),
    );
  }
}
