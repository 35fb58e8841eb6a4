/**
 * The identity provider (Firebase Auth): checking an ID token a client got from signing in with
 * Google, Facebook, Apple, a phone number, ... and telling who it names (docs/server.md "Identity
 * provider").
 *
 * - Production (and demo mode without an emulator): the token must be an RS256 JWT signed by one of
 *   Google's keys (the x509 certificates of the securetoken service account, cached as long as their
 *   Cache-Control max-age says), with the claims Firebase documents: `aud` the project id, `iss`
 *   `https://securetoken.google.com/<projectId>`, `exp` in the future, `iat` and `auth_time` not in
 *   the future, `auth_time` at most `maxAgeSeconds` old (default 300), `sub` non-empty.
 * - Emulator (demo and test mode only, when the merchant state names an emulator URL): the Auth
 *   emulator signs nothing (`alg: none`), so after the same claim checks the emulator itself is asked
 *   (`accounts:lookup`) whether the token is one of its users, and the answer must agree with the
 *   token (`localId` = `sub`, the same email and phone number).
 *
 * Every failure is the one `400 firebase.token.invalid`: the answer never says why.
 */
import { createPublicKey, verify as verifySignature, X509Certificate, type KeyObject } from 'node:crypto';
import type { MerchantState } from '../db/state-fields.ts';
import { ApiError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';

export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';
export const DEFAULT_MAX_AGE_SECONDS = 300;
/** Clock difference tolerated between us and the token's issuer for `iat` and `auth_time`. */
export const CLOCK_SKEW_SECONDS = 30;
const FETCH_TIMEOUT_MS = 5_000;

/** The web config the site status gives when the emulator is on (a `demo-*` project never reaches Google). */
export const EMULATOR_WEB_CONFIG = {
  apiKey: 'fake-api-key',
  authDomain: 'demo-test.firebaseapp.com',
  projectId: 'demo-test',
  appId: '1:0:web:demo',
} as const;

/** The signing keys by `kid`: PEM x509 certificates (Google's format) or PEM public keys. */
export type CertProvider = () => Promise<Record<string, string>>;

export interface IdentityConfig {
  projectId: string;
  /** Set in emulator mode: the emulator's origin, asked to confirm each token. */
  emulatorUrl?: string;
  /** The emulator's API key (the lookup call needs one). */
  apiKey: string;
  maxAgeSeconds: number;
}

/** What a verified token says about the person. */
export interface Identity {
  uid: string;
  /** `firebase.sign_in_provider`: google.com, facebook.com, apple.com, phone, password, ... */
  channel: string;
  email?: string;
  phoneNumber?: string;
}

export const tokenInvalid = () => new ApiError('firebase.token.invalid', 'The sign-in is not valid. Please sign in again.');

/**
 * The merchant's identity provider settings, or undefined when it offers none. The emulator is used
 * only outside production and only when the state names one (the dev control sets both).
 */
export function identityConfigOf(merchant: Merchant, state: MerchantState, production: boolean): IdentityConfig | undefined {
  if (!state.firebase) return undefined;
  const maxAgeSeconds = merchant.identityMaxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  if (!production && state.authEmulatorUrl) {
    return {
      projectId: EMULATOR_WEB_CONFIG.projectId,
      apiKey: EMULATOR_WEB_CONFIG.apiKey,
      emulatorUrl: state.authEmulatorUrl,
      maxAgeSeconds,
    };
  }
  const projectId = merchant.info.sms?.projectId;
  if (!projectId) return undefined;
  return { projectId, apiKey: merchant.info.sms?.apiKey ?? '', maxAgeSeconds };
}

interface Claims {
  aud?: unknown;
  iss?: unknown;
  sub?: unknown;
  exp?: unknown;
  iat?: unknown;
  auth_time?: unknown;
  email?: unknown;
  phone_number?: unknown;
  firebase?: { sign_in_provider?: unknown };
}

interface Decoded {
  header: { alg?: unknown; kid?: unknown };
  claims: Claims;
  signed: Buffer;
  signature: Buffer;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

function decode(token: string): Decoded | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    if (!isObject(header) || !isObject(claims)) return undefined;
    return {
      header,
      claims,
      signed: Buffer.from(`${parts[0]}.${parts[1]}`),
      signature: Buffer.from(parts[2]!, 'base64url'),
    };
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.length <= 128;

/** The claim checks of both modes; the identity, or undefined. */
function checkClaims(claims: Claims, config: IdentityConfig): Identity | undefined {
  const now = clock.now() / 1000;
  const { aud, iss, sub, exp, iat, auth_time: authTime } = claims;
  if (aud !== config.projectId) return undefined;
  if (iss !== `https://securetoken.google.com/${config.projectId}`) return undefined;
  if (!nonEmpty(sub)) return undefined;
  if (!isTime(exp) || exp <= now) return undefined;
  if (!isTime(iat) || iat > now + CLOCK_SKEW_SECONDS) return undefined;
  if (!isTime(authTime) || authTime > now + CLOCK_SKEW_SECONDS) return undefined;
  if (now - authTime > config.maxAgeSeconds) return undefined;
  const channel = claims.firebase?.sign_in_provider;
  if (!nonEmpty(channel)) return undefined;
  const identity: Identity = { uid: sub, channel };
  if (nonEmpty(claims.email)) identity.email = claims.email;
  if (nonEmpty(claims.phone_number)) identity.phoneNumber = claims.phone_number;
  return identity;
}

export interface VerifyOptions {
  /** Google's keys (production path); default `googleCerts()`. */
  certs: CertProvider;
  fetch?: typeof fetch;
}

/** The identity a token names, or `400 firebase.token.invalid`. */
export async function verifyIdToken(token: string, config: IdentityConfig, options: VerifyOptions): Promise<Identity> {
  const decoded = decode(token);
  const identity = decoded && checkClaims(decoded.claims, config);
  if (!decoded || !identity) throw tokenInvalid();
  const ok = config.emulatorUrl
    ? await emulatorConfirms(token, identity, config, options.fetch ?? fetch)
    : await signatureValid(decoded, options.certs);
  if (!ok) throw tokenInvalid();
  return identity;
}

async function signatureValid(decoded: Decoded, certs: CertProvider): Promise<boolean> {
  const { alg, kid } = decoded.header;
  if (alg !== 'RS256' || typeof kid !== 'string' || decoded.signature.length === 0) return false;
  let pem: string | undefined;
  try {
    pem = (await certs())[kid];
  } catch {
    return false;
  }
  if (typeof pem !== 'string') return false;
  try {
    return verifySignature('sha256', decoded.signed, publicKeyOf(pem), decoded.signature);
  } catch {
    return false;
  }
}

function publicKeyOf(pem: string): KeyObject {
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

async function emulatorConfirms(
  token: string,
  identity: Identity,
  config: IdentityConfig,
  fetchImpl: typeof fetch,
): Promise<boolean> {
  try {
    const url = `${config.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${encodeURIComponent(config.apiKey)}`;
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken: token }),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (res.status !== 200) return false;
    const body = (await res.json()) as { users?: { localId?: unknown; email?: unknown; phoneNumber?: unknown }[] };
    const user = body.users?.[0];
    if (!user || user.localId !== identity.uid) return false;
    // The emulator checks no signature: the token's email and phone must be the user's own.
    if (identity.email !== undefined && String(user.email ?? '').toLowerCase() !== identity.email.toLowerCase()) return false;
    if (identity.phoneNumber !== undefined && user.phoneNumber !== identity.phoneNumber) return false;
    return true;
  } catch {
    return false;
  }
}

/**
 * Google's signing certificates, fetched when first needed and again once the Cache-Control
 * max-age of the last answer has passed (a failed refresh keeps using the last ones).
 */
export function googleCerts(fetchImpl: typeof fetch = fetch, url = GOOGLE_CERTS_URL): CertProvider {
  let cached: { certs: Record<string, string>; expiresAt: number } | undefined;
  let pending: Promise<Record<string, string>> | undefined;
  const load = async () => {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (res.status !== 200) throw new Error(`certificates: HTTP ${res.status}`);
    const body: unknown = await res.json();
    if (!isObject(body)) throw new Error('certificates: not an object');
    const certs = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const maxAge = /max-age=(\d+)/i.exec(res.headers.get('Cache-Control') ?? '')?.[1];
    cached = { certs, expiresAt: clock.now() + Number(maxAge ?? 0) * 1000 };
    return certs;
  };
  return async () => {
    if (cached && cached.expiresAt > clock.now()) return cached.certs;
    pending ??= load().finally(() => (pending = undefined));
    try {
      return await pending;
    } catch (err) {
      if (cached) return cached.certs;
      throw err;
    }
  };
}
