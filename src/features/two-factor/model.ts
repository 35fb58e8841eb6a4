/**
 * Two-factor verification of a login (docs/product.md §2, §3, §4, §5, §8, §9). No React here: the state of an open
 * verification (`TwoFactorVerification`) as signals, its transitions, and the page's shared
 * verification; the rules and the two calls are ./rules.ts (re-exported here).
 *
 * - A login that answers `login_verify_required` carries flags `{ sms, ga, email, payeeName }`; the
 *   modal shows one tab per required method, in the order sms, ga, email, payeeName, the first one
 *   active.
 * - Validation (docs/product.md §5): inputs are trimmed; email needs an email (basic format check), payeeName a
 *   name, ga a 6-digit authenticator code, sms a mobile number and the code. The first empty or
 *   malformed field is reported (the view marks it `aria-invalid` and focuses it); nothing is sent.
 *   Sending a code needs a mobile number (and a dialling code).
 * - Send code: POST /wps/verification/sms/noLogin; the button counts down to the answer's
 *   `expirationTime` (epoch ms), or 60 s on the identity-provider route (docs/product.md §4, §9).
 * - Verify: POST /wps/session/login/verification (encrypted) with `alert: false`; a refusal shows the
 *   server message in the modal and clears the email, auth code and verification code (docs/product.md §8); a
 *   success shows `login_2fa_pass` for 1500 ms, closes, and 500 ms later completes with the
 *   LoginValue (docs/product.md §4, §9). Storing the session is the login form's job (it gets the LoginValue).
 *
 * Opening it: the sign-in model calls `openTwoFactor(detail)` (./index.ts) when a login answers
 * `login_verify_required`; it resolves with the LoginValue, or undefined when closed. A
 * `<wps-two-factor>` element can also open a verification of its own (`el.open(detail)`).
 */
import { batch, computed, signal, type Signal } from '@preact/signals-core';
import { call } from '../../core/api/client.ts';
import { endpoints, type LoginValue } from '../../contract/endpoints.ts';
import { showNotice } from '../../core/notice/notices.ts';
import {
  CLEARED_ON_ERROR,
  COMPLETE_DELAY_MS,
  EMPTY_FIELDS,
  FIELDS_OF,
  PASS_MESSAGE_MS,
  errorText,
  requiredTabs,
  sendCode,
  toState,
  validate,
  validateSendCode,
  verify,
  type ErrorText,
  type FieldName,
  type Fields,
  type Invalid,
  type Outcome,
  type TwoFactorDetail,
  type TwoFactorMethod,
  type TwoFactorState,
} from './rules.ts';

export * from './rules.ts';

/** One open verification: the state of the modal as signals, and its actions. */
export class TwoFactorVerification {
  readonly state: TwoFactorState;
  readonly tabs: readonly TwoFactorMethod[];
  /** The active tab. */
  readonly active: Signal<TwoFactorMethod>;
  readonly fields: Signal<Fields>;
  /** The field marked invalid, if any. */
  readonly invalid = signal<Invalid | undefined>(undefined);
  /** A field the view should focus; `seq` changes on each request, so the same field refocuses. */
  readonly focus = signal<{ field: FieldName; seq: number } | undefined>(undefined);
  /** The error shown in the modal (role=alert). */
  readonly error = signal<ErrorText | undefined>(undefined);
  /** A verification request is on its way. */
  readonly busy = signal(false);
  /** A send-code request is on its way. */
  readonly sending = signal(false);
  /** End of the send-code countdown (epoch ms). */
  readonly countdownEnd = signal<number | undefined>(undefined);
  readonly now = signal(Date.now());
  /** Whole seconds left before another code may be sent; 0 when the button is free. */
  readonly secondsLeft = computed(() => {
    const end = this.countdownEnd.value;
    return end === undefined ? 0 : Math.max(0, Math.ceil((end - this.now.value) / 1000));
  });
  /** Verified: the pass message shows. */
  readonly passed = signal(false);
  /** The modal is on screen (false after the pass message, and once finished). */
  readonly visible = signal(true);
  /** Ended: verified and completed, or closed without verifying. */
  readonly ended = signal(false);
  /**
   * Where the verification stands (docs/product.md §4): 'input' until a confirm, 'verifying' while it
   * runs, 'passed' while the pass message shows, then 'verified'; 'cancelled' when closed before.
   */
  readonly phase = computed<'input' | 'verifying' | 'passed' | 'verified' | 'cancelled'>(() => {
    if (this.ended.value) return this.passed.value ? 'verified' : 'cancelled';
    if (this.passed.value) return 'passed';
    return this.busy.value ? 'verifying' : 'input';
  });
  /** Settles once: the LoginValue, or undefined when closed without verifying. */
  readonly done: Promise<Outcome>;

  private resolveDone!: (outcome: Outcome) => void;
  private seq = 0;
  private tick: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(outcome: Outcome) => void>();

  constructor(detail: TwoFactorDetail) {
    this.state = toState(detail);
    this.tabs = requiredTabs(this.state.flags);
    this.active = signal<TwoFactorMethod>(this.tabs[0] ?? 'sms');
    this.fields = signal<Fields>({
      ...EMPTY_FIELDS,
      countryDialingCode: detail.countryDialingCode ?? '',
      mobileNum: detail.mobileNum ?? '',
    });
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    if (this.tabs.includes('sms') && !detail.countryDialingCode) void this.prefillDialingCode();
  }

  get finishedYet() {
    return this.ended.peek();
  }

  /** Runs once when the verification ends (synchronously, before `done` settles). */
  onFinish(listener: (outcome: Outcome) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  select(method: TwoFactorMethod) {
    if (!this.tabs.includes(method) || this.passed.peek()) return;
    batch(() => {
      this.active.value = method;
      this.invalid.value = undefined;
      this.error.value = undefined;
    });
  }

  setField(name: FieldName, value: string) {
    batch(() => {
      this.fields.value = { ...this.fields.peek(), [name]: value };
      if (this.invalid.peek()?.field === name) this.invalid.value = undefined;
    });
  }

  private requestFocus(field: FieldName) {
    this.focus.value = { field, seq: ++this.seq };
  }

  private markInvalid(bad: Invalid) {
    batch(() => {
      this.invalid.value = { field: bad.field, reason: bad.reason };
      this.requestFocus(bad.field);
    });
  }

  /** Send code. Resolves true when a code was sent (the countdown runs). */
  async sendCode(): Promise<boolean> {
    if (this.ended.peek() || this.sending.peek() || this.secondsLeft.peek() > 0) return false;
    this.error.value = undefined;
    const checked = validateSendCode(this.fields.peek());
    if (!checked.ok) {
      this.markInvalid(checked);
      return false;
    }
    this.sending.value = true;
    try {
      const end = await sendCode(checked.values.countryDialingCode!, checked.values.mobileNum!, this.state.route);
      if (this.ended.peek()) return false;
      batch(() => {
        this.now.value = Date.now();
        this.countdownEnd.value = end;
        this.requestFocus('verificationCode');
      });
      this.scheduleTick();
      return true;
    } catch (err) {
      if (!this.ended.peek()) this.error.value = errorText(err);
      return false;
    } finally {
      this.sending.value = false;
    }
  }

  /** Next countdown update on the next whole second before the end, so it frees the button exactly at expiry. */
  private scheduleTick() {
    clearTimeout(this.tick);
    const end = this.countdownEnd.peek();
    if (end === undefined || this.ended.peek()) return;
    const left = end - Date.now();
    if (left <= 0) return;
    this.tick = setTimeout(
      () => {
        this.now.value = Date.now();
        this.scheduleTick();
      },
      left % 1000 || 1000,
    );
  }

  /** Confirm: validate the active tab, verify, and on success show the pass message then complete. */
  async confirm(): Promise<void> {
    if (this.ended.peek() || this.busy.peek() || this.passed.peek()) return;
    const method = this.active.peek();
    this.error.value = undefined;
    const checked = validate(method, this.fields.peek());
    if (!checked.ok) return this.markInvalid(checked);
    batch(() => {
      this.invalid.value = undefined;
      this.busy.value = true;
    });
    let value: LoginValue;
    try {
      value = await verify(this.state, method, checked.values);
    } catch (err) {
      if (this.ended.peek()) return;
      batch(() => {
        this.busy.value = false;
        this.error.value = errorText(err);
        const cleared = { ...this.fields.peek() };
        for (const f of CLEARED_ON_ERROR) cleared[f] = '';
        this.fields.value = cleared;
        // Back to the field to type again: the first one cleared, else the method's first field.
        this.requestFocus(FIELDS_OF[method].find((f) => cleared[f] === '') ?? FIELDS_OF[method][0]!);
      });
      return;
    }
    if (this.ended.peek()) return;
    batch(() => {
      this.busy.value = false;
      this.passed.value = true;
    });
    clearTimeout(this.tick);
    // The login is done on the server: from here on the completion happens whatever the view does.
    setTimeout(() => {
      this.visible.value = false;
      setTimeout(() => this.finish(value), COMPLETE_DELAY_MS);
    }, PASS_MESSAGE_MS);
  }

  /** Close without verifying (Escape, backdrop, Cancel). Ignored once verified. */
  cancel() {
    if (this.ended.peek() || this.passed.peek()) return;
    this.visible.value = false;
    this.finish(undefined);
  }

  private finish(outcome: Outcome) {
    if (this.ended.peek()) return;
    this.ended.value = true;
    clearTimeout(this.tick);
    this.visible.value = false;
    for (const listener of [...this.listeners]) listener(outcome);
    this.listeners.clear();
    this.resolveDone(outcome);
  }

  private async prefillDialingCode() {
    try {
      const res = await call(endpoints.systemCountry, undefined, { alert: false });
      const code = res.value?.countryDialingCode;
      if (code && !this.fields.peek().countryDialingCode) this.setField('countryDialingCode', String(code));
    } catch {
      // The player types it.
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The page's shared verification: opened by openTwoFactor() (the sign-in model calls it when a
// login answers login_verify_required), shown by the first `<wps-two-factor auto>` on the page.

/** The verification shown by the page's `auto` element. */
export const sharedVerification = signal<TwoFactorVerification | undefined>(undefined);

const owners = signal<readonly object[]>([]);
/** The `auto` element that shows the shared verification (the first one attached). */
export const sharedOwner = computed(() => owners.value[0]);

/** Starts a verification, or shows the server message when no method is required (nothing to verify). */
export function startVerification(detail: TwoFactorDetail): TwoFactorVerification | undefined {
  if (requiredTabs(detail.flags).length > 0) return new TwoFactorVerification(detail);
  showNotice({ message: detail.message || detail.title, messageKey: 'unknown_error' });
  return undefined;
}

/**
 * Opens the shared verification; resolves with the LoginValue once the login completes (after the
 * pass message and the delay), or undefined when it is closed. A newer call replaces an open one.
 * When no `<wps-two-factor auto>` is on the page, one is added to the body: the page's element
 * loading (the merchants' loader, the host's lazy elements) defines it like any other tag.
 */
export function openTwoFactor(detail: TwoFactorDetail): Promise<Outcome> {
  sharedVerification.peek()?.cancel();
  const v = startVerification(detail);
  if (!v) return Promise.resolve(undefined);
  v.onFinish(() => {
    if (sharedVerification.peek() === v) sharedVerification.value = undefined;
  });
  sharedVerification.value = v;
  if (!owners.peek().length && !document.querySelector('wps-two-factor[auto]')) {
    const el = document.createElement('wps-two-factor');
    el.setAttribute('auto', '');
    document.body.append(el);
  }
  return v.done;
}

/**
 * An `auto` element joins (the first one shows the shared verification). Returns the leave
 * function; when the last one leaves, an open shared verification is closed.
 */
export function attachAuto(owner: object): () => void {
  owners.value = [...owners.peek(), owner];
  return () => {
    owners.value = owners.peek().filter((o) => o !== owner);
    if (owners.peek().length === 0) sharedVerification.peek()?.cancel();
  };
}
