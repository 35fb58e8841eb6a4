/**
 * The identity provider (Firebase Auth) at its boundary: social sign-in by popup and phone sign-in
 * by SMS code, each ending in `{ idToken, channel }` for the /wps login (docs/product.md §1, §3, §8).
 *
 * With the Auth emulator (demo and test mode), Google sign-in skips the popup: a made-up account
 * from the demo chooser signs in with `signInWithCredential` (signInWithEmulatorGoogle).
 *
 * The SDK is loaded with one `import('./sdk.ts')` the first time a player uses it, never in the
 * first load (docs/architecture.md, Budgets). Tests inject another loader with `setSdkLoader` (no emulator
 * needed); the e2e tests talk to the Firebase Auth emulator the site status names.
 */
import { signal } from '@preact/signals-core';
import type { Auth, ConfirmationResult, RecaptchaVerifier, UserCredential } from 'firebase/auth';
import { identityConfig, type IdentityConfig } from './config.ts';

export { identityConfig, type IdentityConfig };

export type Sdk = typeof import('./sdk.ts');
export type SdkLoader = () => Promise<Sdk>;

export type SocialChannel = 'google.com' | 'facebook.com' | 'apple.com';
export type IdentityChannel = SocialChannel | 'phone';

/** What a finished identity-provider sign-in gives the /wps login (firebaseIdToken, firebaseChannel). */
export interface ChannelResult {
  idToken: string;
  channel: IdentityChannel;
}

/** An identity-provider failure: the SDK's code (`auth/...`) and its reason text. */
export class IdentityError extends Error {
  constructor(
    readonly code: string,
    reason?: string,
  ) {
    super(reason ?? code);
    this.name = 'IdentityError';
  }
}

export const UNKNOWN_CODE = 'auth/unknown';
export const CODE_EXPIRED = 'auth/code-expired';

/** Any thrown value as an IdentityError (SDK errors keep their code; a failed chunk load is a network failure). */
export function toIdentityError(err: unknown): IdentityError {
  if (err instanceof IdentityError) return err;
  const e = err as { code?: unknown; message?: unknown } | undefined;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (typeof e?.code === 'string' && e.code.startsWith('auth/')) return new IdentityError(e.code, message);
  if (err instanceof TypeError && /dynamically imported module|Importing a module script failed|fetch/i.test(message)) {
    return new IdentityError('auth/network-request-failed', message);
  }
  return new IdentityError(UNKNOWN_CODE, message);
}

const defaultLoader: SdkLoader = () => import('./sdk.ts');
let loader: SdkLoader = defaultLoader;
let sdkRequest: Promise<Sdk> | undefined;

/** The SMS confirmation waiting for its code (phone sign-in); cleared once confirmed or on reset. */
export const pendingConfirmation = signal<ConfirmationResult | undefined>(undefined);

/** Replaces the SDK loader (tests); no argument restores the real one. Forgets any pending confirmation. */
export function setSdkLoader(fn?: SdkLoader) {
  loader = fn ?? defaultLoader;
  sdkRequest = undefined;
  pendingConfirmation.value = undefined;
}

function loadSdk(): Promise<Sdk> {
  sdkRequest ??= loader();
  sdkRequest.catch(() => (sdkRequest = undefined));
  return sdkRequest;
}

/** The Auth instance of this merchant config: one named app per config, the emulator connected when given. */
async function authFor(config: IdentityConfig): Promise<{ sdk: Sdk; auth: Auth }> {
  const sdk = await loadSdk();
  const name = `wps:${config.projectId}:${config.appId ?? ''}:${config.authEmulatorUrl ?? ''}`;
  const existing = sdk.getApps().find((a) => a.name === name);
  const app =
    existing ??
    sdk.initializeApp(
      { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId, appId: config.appId },
      name,
    );
  // With the emulator, Auth starts without the popup resolver: on mobile browsers that resolver loads
  // Google's scripts (apis.google.com) as soon as Auth starts, which the offline demo must not need
  // (the popup is handed it when it runs). Nothing is kept: the provider session ends at once anyway.
  const auth =
    !existing && config.authEmulatorUrl ? sdk.initializeAuth(app, { persistence: sdk.inMemoryPersistence }) : sdk.getAuth(app);
  if (config.authEmulatorUrl) {
    if (!auth.emulatorConfig) sdk.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    // The emulator checks no reCAPTCHA; the verifier uses its stand-in.
    auth.settings.appVerificationDisabledForTesting = true;
  }
  return { sdk, auth };
}

/** The ID token of a fresh sign-in; the provider's own session is not kept (the /wps session is the one that counts). */
async function tokenOf(sdk: Sdk, auth: Auth, credential: UserCredential): Promise<string> {
  const idToken = await credential.user.getIdToken();
  await sdk.signOut(auth).catch(() => undefined);
  return idToken;
}

/** Social sign-in in a popup. Rejects with an IdentityError (a closed popup: auth/popup-closed-by-user). */
export async function signInWithProvider(config: IdentityConfig, channel: SocialChannel): Promise<ChannelResult> {
  try {
    const { sdk, auth } = await authFor(config);
    const provider =
      channel === 'google.com'
        ? new sdk.GoogleAuthProvider()
        : channel === 'facebook.com'
          ? new sdk.FacebookAuthProvider()
          : new sdk.OAuthProvider('apple.com');
    const credential = await sdk.signInWithPopup(auth, provider, sdk.browserPopupRedirectResolver);
    return { idToken: await tokenOf(sdk, auth, credential), channel };
  } catch (err) {
    throw toIdentityError(err);
  }
}

/**
 * Demo and test mode only (the config names an Auth emulator): Google sign-in with a made-up Google
 * ID token (./demoAccounts.ts) handed straight to the emulator with `signInWithCredential`. The popup
 * would first load Google's own scripts from the internet, which the demo must not need; the
 * emulator accepts an unsigned token and answers with an ID token of its own, which the /wps login
 * checks like any other (docs/server.md, "Identity provider").
 */
export async function signInWithEmulatorGoogle(config: IdentityConfig, googleIdToken: string): Promise<ChannelResult> {
  try {
    if (!config.authEmulatorUrl) throw new IdentityError('auth/operation-not-allowed', 'Made-up accounts need the Auth emulator');
    const { sdk, auth } = await authFor(config);
    const credential = await sdk.signInWithCredential(auth, sdk.GoogleAuthProvider.credential(googleIdToken));
    return { idToken: await tokenOf(sdk, auth, credential), channel: 'google.com' };
  } catch (err) {
    throw toIdentityError(err);
  }
}

let verifier: { instance: RecaptchaVerifier; holder: HTMLElement } | undefined;
/** The Auth instance the pending confirmation belongs to. */
let pendingAuth: { sdk: Sdk; auth: Auth } | undefined;

function dropVerifier() {
  if (!verifier) return;
  try {
    verifier.instance.clear();
  } catch {
    // already cleared
  }
  verifier.holder.remove();
  verifier = undefined;
}

/**
 * Phone sign-in, step 1: sends the SMS code to `phoneNumber` (E.164, e.g. +639171234567) behind an
 * invisible reCAPTCHA. The confirmation waits in `pendingConfirmation`.
 */
export async function startPhoneSignIn(config: IdentityConfig, phoneNumber: string): Promise<void> {
  try {
    const { sdk, auth } = await authFor(config);
    dropVerifier();
    // The invisible widget lives in the document (not a shadow root), where reCAPTCHA can find it.
    const holder = document.createElement('div');
    holder.setAttribute('data-wps-recaptcha', '');
    document.body.append(holder);
    verifier = { instance: new sdk.RecaptchaVerifier(auth, holder, { size: 'invisible' }), holder };
    const confirmation = await sdk.signInWithPhoneNumber(auth, phoneNumber, verifier.instance);
    pendingAuth = { sdk, auth };
    pendingConfirmation.value = confirmation;
  } catch (err) {
    dropVerifier();
    throw toIdentityError(err);
  }
}

/**
 * Phone sign-in, step 2: confirms the SMS code. Without a pending confirmation it fails with
 * auth/code-expired (docs/product.md §8). A wrong code keeps the confirmation for another try.
 */
export async function confirmPhoneCode(code: string): Promise<ChannelResult> {
  const pending = pendingConfirmation.value;
  const owner = pendingAuth;
  if (!pending || !owner) throw new IdentityError(CODE_EXPIRED, 'No SMS confirmation is pending');
  try {
    const credential = await pending.confirm(code.trim());
    pendingConfirmation.value = undefined;
    dropVerifier();
    return { idToken: await tokenOf(owner.sdk, owner.auth, credential), channel: 'phone' };
  } catch (err) {
    const error = toIdentityError(err);
    if (error.code === CODE_EXPIRED) pendingConfirmation.value = undefined;
    throw error;
  }
}
