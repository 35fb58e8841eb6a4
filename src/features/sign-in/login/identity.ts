/**
 * The login form's identity-provider methods (docs/product.md §4, §5, §8): Google, the Phone tab and
 * the bind step of bind_customer_required, as actions on the form's model. A module of its own so
 * the provider part can be split from the password and SMS methods (issue 33).
 */
import {
  PHONE_CODE_COUNTDOWN_MS,
  bindExistingAccount,
  confirmPhone,
  identityLogin,
  registerWithProvider,
  sendPhoneCode,
  socialSignIn,
  type ChannelResult,
  type IdentityOutcome,
} from '../identity/model.ts';
import type { ChooseDemoAccount } from '../identity/useDemoAccountChooser.tsx';
import { loginBusy } from '../model.ts';
import type { CaptchaRow, LoginFormModel } from './model.ts';

/** The captcha a provider login needs (docs/product.md §5): its row, or none. */
export interface IdentityCaptcha {
  needed: boolean;
  /** The password tab's row while it is shown (and no bind step), else the provider's own. */
  row: CaptchaRow;
}

function identityDone(m: LoginFormModel, r: IdentityOutcome) {
  if (r.kind === 'done') {
    m.bind.value = undefined;
    m.done(r.outcome);
  } else if (r.kind === 'bind') {
    m.bind.value = { result: r.result, canCreate: r.canCreate, step: 'choose' };
  }
}

/** The /wps login with a provider result (with the login captcha when required), then the bind step if asked. */
async function finishIdentity(m: LoginFormModel, result: ChannelResult, { needed, row }: IdentityCaptcha) {
  const captcha = needed ? await row.solve().catch(() => null) : undefined;
  if (captcha === null) return;
  const r = await identityLogin(result, captcha);
  if (needed) row.renew();
  identityDone(m, r);
}

async function whileBusy(m: LoginFormModel, step: () => Promise<void>) {
  m.idpBusy.value = true;
  try {
    await step();
  } finally {
    m.idpBusy.value = false;
  }
}

/** 'Continue with Google' (with the demo's Auth emulator, a local chooser of made-up accounts). */
export async function google(m: LoginFormModel, choose: ChooseDemoAccount, captcha: IdentityCaptcha) {
  if (m.idpBusy.peek() || loginBusy.peek()) return;
  await whileBusy(m, async () => {
    const result = await socialSignIn('google.com', { chooseDemoAccount: choose });
    if (result) await finishIdentity(m, result, captcha);
  });
}

/** The Phone tab's send button: the provider sends the code; 60 s before another (docs/product.md §9). */
export async function sendPhone(m: LoginFormModel, dialing: string) {
  if (!m.check(m.mobileFields())) return;
  await whileBusy(m, async () => {
    if (await sendPhoneCode(dialing, m.mobile.peek())) {
      m.phoneUntil.value = Date.now() + PHONE_CODE_COUNTDOWN_MS;
      m.requestFocus('phoneCode');
    }
  });
}

/** The Phone tab's submit. No pending confirmation: auth/code-expired (docs/product.md §8), reported by confirmPhone. */
export async function loginWithPhone(m: LoginFormModel, captcha: IdentityCaptcha) {
  if (!m.check(m.phoneFields())) return;
  await whileBusy(m, async () => {
    const result = await confirmPhone(m.phoneCode.peek());
    if (result) await finishIdentity(m, result, captcha);
  });
}

/** Bind step: log in to an existing account (the credentials form). */
export function chooseExisting(m: LoginFormModel) {
  const bind = m.bind.peek();
  if (!bind) return;
  m.bind.value = { ...bind, step: 'existing' };
  m.errors.value = {};
  m.password.value = '';
  m.requestFocus('username');
}

/** Bind step: register a new member with the provider's token (FIREBASECREATEACC3). */
export async function chooseRegister(m: LoginFormModel) {
  const bind = m.bind.peek();
  if (!bind) return;
  m.bind.value = undefined;
  identityDone(m, await registerWithProvider(bind.result));
}

/** Bind step's submit: the existing account's username and password. */
export async function bindExisting(m: LoginFormModel) {
  const bind = m.bind.peek();
  if (!bind || !m.check(m.credentialsFields())) return;
  identityDone(m, await bindExistingAccount(bind.result, m.username.peek(), m.password.peek()));
}
