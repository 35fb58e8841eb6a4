/**
 * What a /wps handler works with: the app's dependencies (Deps, made once by server/app.ts) and the
 * call (Call: the request, its merchant, validated input and session). Apart from the handlers so
 * that the sign-in code, the captcha and the dev controls can use them without importing the
 * handlers, which import them.
 */
import type { Context } from 'hono';
import type { Db } from '../db/db.ts';
import type { MemberRow } from '../db/sessions.ts';
import type { StateStore } from '../db/state.ts';
import type { RsaKeys } from '../infra/crypto.ts';
import type { Limits } from '../infra/limits.ts';
import type { ReplayGuard } from '../infra/replay.ts';
import type { Secrets } from '../infra/secrets.ts';
import type { Merchant, Merchants } from '../merchants/merchants.ts';
import type { CertProvider } from '../signin/identity.ts';
import type { SmsSender } from '../signin/sms.ts';

export interface Deps {
  db: Db;
  keys: RsaKeys;
  merchants: Merchants;
  /** Per-merchant runtime state (db/state.ts). */
  state: StateStore;
  /** The server key: HMACs of codes and captcha results, sealed authenticator secrets (infra/secrets.ts). */
  secrets: Secrets;
  /** Attempt counters and rate limits, kept in the database (infra/limits.ts). */
  limits: Limits;
  /** Nonces of the encrypted requests already accepted (infra/replay.ts). */
  replay: ReplayGuard;
  /** Where SMS codes go: the dev outbox in demo/test mode, a provider's sender, or none (signin/sms.ts). */
  smsSender?: SmsSender;
  /** The client IP of a request (TRUST_PROXY hops, see infra/client-ip.ts). */
  clientIp(c: Context): string;
  /** The origin of the absolute URLs a request's answer carries: configured, never its Host (infra/public-origin.ts). */
  publicOrigin(c: Context): string;
  /**
   * Identity provider token checks (signin/identity.ts): Google's signing keys (a test injects its
   * own), and whether this is production (no emulator then, whatever the state says).
   */
  identity: { certs: CertProvider; production: boolean };
}

export interface Call<P> {
  c: Context;
  deps: Deps;
  merchant: Merchant;
  /** Validated body (POST) or query (GET); undefined for calls without a payload schema. */
  input: P;
  /** The session's member and token, on calls whose row says `auth`. */
  member?: MemberRow;
  token?: string;
  clientIp: string;
}
