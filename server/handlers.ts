/**
 * What each /wps call does, keyed by the catalogue's endpoint names. By the time a handler runs,
 * app.ts has resolved the merchant, checked the session (when the row says `auth`), decrypted the
 * body (when `encrypted`) and validated the input with the row's schema.
 * A handler returns the envelope's `value`, or throws an ApiError.
 */
import type { Context } from 'hono';
import type { EndpointName, LoginValue, PayloadOf, ValueOf } from '../src/core/api/endpoints.ts';
import type { RsaKeys } from './crypto.ts';
import { isUniqueViolation, type Db } from './db.ts';
import { ApiError } from './errors.ts';
import { countryInfoOf, promotionsOf, siteInfoOf, type Merchant, type Merchants } from './merchants.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { createSession, deleteSession, type MemberRow } from './sessions.ts';
import type { StateStore } from './state.ts';
import { expandDomains, requestHost } from './domains.ts';

export interface Deps {
  db: Db;
  keys: RsaKeys;
  merchants: Merchants;
  /** Per-merchant runtime state (server/state.ts). */
  state: StateStore;
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

export type Handlers = {
  [N in EndpointName]?: (call: Call<PayloadOf<N>>) => Promise<ValueOf<N>> | ValueOf<N>;
};

const USERNAME = /^[A-Za-z0-9_]{4,16}$/;
const LANGUAGE = /^[A-Z]{2}(-[A-Z]{2})?$/;

function loggedIn<P>(call: Call<P>): { member: MemberRow; token: string } {
  if (!call.member || !call.token) throw new ApiError(401, 'CUSTOMER_NOT_LOGIN', 'Please log in');
  return { member: call.member, token: call.token };
}

function validPassword(password: string) {
  return password.length >= 6 && password.length <= 32 && /[A-Za-z]/.test(password) && /[0-9]/.test(password);
}

/** Counts the login; the first ever login of a member answers firstTimeLogin: true. */
async function startSession(db: Db, member: { id: number; username: string; type: number }): Promise<LoginValue> {
  const { rows } = await db.query<{ login_count: number }>(
    'UPDATE members SET login_count = login_count + 1 WHERE id = $1 RETURNING login_count',
    [member.id],
  );
  const token = await createSession(db, member.id);
  return {
    id: member.id,
    token,
    userName: member.username,
    customerType: member.type,
    firstTimeLogin: rows[0]?.login_count === 1,
    passwordExpired: false,
  };
}

/** How long a ping in 'hang' mode holds the request before closing it (tests shorten it). */
export const pingLimits = { hangMs: 60_000 };

/**
 * Holds the request open until the client goes away (the request's abort signal) or
 * pingLimits.hangMs pass; then the socket, if any, is closed without an answer. Either way the timer
 * and the listener are gone when this returns.
 */
function hang(c: Context): Promise<void> {
  const signal = c.req.raw.signal;
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(() => {
      // @hono/node-server: close the connection itself, so the client sees no answer at all.
      const env = c.env as { incoming?: { socket?: { destroy(): void } } } | undefined;
      env?.incoming?.socket?.destroy();
      done();
    }, pingLimits.hangMs);
    signal.addEventListener('abort', done, { once: true });
  });
}

export const handlers: Handlers = {
  rsaKey: ({ deps }) => deps.keys.publicValue,

  async systemStatus({ deps, merchant, clientIp }) {
    const state = await deps.state.get(merchant);
    // The client then offers the other lines (domain-error modal, SPEC §8).
    if (state.domainUnavailable) {
      throw new ApiError(400, 'domain_not_available', 'This domain is not available, please use another line.');
    }
    return {
      info: siteInfoOf(merchant),
      location: { ip: clientIp },
      test: state.test,
      maintenance: state.maintenance,
      maintenanceEnd: state.maintenanceEnd,
      maintenanceTexts: state.maintenanceTexts,
      regionRestriction: state.regionRestriction,
    };
  },

  systemCountry: ({ merchant }) => countryInfoOf(merchant),

  domainRoute: ({ merchant, c }) => expandDomains(merchant.domains, requestHost(c)).map((domainName) => ({ domainName })),

  /** Cache-Control no-store and ACAO * are set by app.ts for every answer of this path. */
  async ping({ deps, merchant, c }) {
    const speed = c.req.query('speed');
    if (speed !== undefined && !/^\d{1,16}$/.test(speed)) {
      throw new ApiError(400, 'request.invalid', 'field "speed" is invalid');
    }
    const { pingMode } = await deps.state.get(merchant);
    if (pingMode === 'fail') throw new ApiError(503, 'line.unavailable', 'This line is not available');
    if (pingMode === 'hang') {
      await hang(c);
      // The client is gone (or waited 60 s and the connection was closed): nobody reads this.
      throw new ApiError(503, 'line.unavailable', 'This line is not available');
    }
    return 'pong';
  },

  availablePromotions: ({ merchant }) => promotionsOf(merchant),

  async login({ deps, merchant, input }) {
    if (input.type !== 'username') {
      throw new ApiError(400, 'login.type.unsupported', `Login type ${input.type} is not supported here`);
    }
    if (input.username === undefined) throw new ApiError(400, 'request.invalid', 'field "username" is missing');
    if (input.password === undefined) throw new ApiError(400, 'request.invalid', 'field "password" is missing');
    const { rows } = await deps.db.query<MemberRow & { password_hash: string }>(
      `SELECT id, merchant_code, username, type, language, password_hash
         FROM members WHERE merchant_code = $1 AND lower(username) = lower($2)`,
      [merchant.code, input.username],
    );
    const member = rows[0];
    // Unknown user or wrong password: same scrypt work, same answer.
    const ok = await verifyPassword(input.password, member?.password_hash ?? (await dummyHash()));
    if (!member || !ok) throw new ApiError(400, 'login.cred.err', 'Incorrect username or password');
    return startSession(deps.db, member);
  },

  async logout(call) {
    const { token } = loggedIn(call);
    await deleteSession(call.deps.db, token);
    return null;
  },

  async register({ deps, merchant, input, c }) {
    const username = input.username ?? '';
    const password = input.password ?? '';
    if (!USERNAME.test(username)) {
      throw new ApiError(400, 'register.username.invalid', 'Username: 4 to 16 letters, digits or _');
    }
    if (!validPassword(password)) {
      throw new ApiError(400, 'register.password.invalid', 'Password: 6 to 32 characters with a letter and a digit');
    }
    const header = c.req.header('Language')?.toUpperCase();
    const language = header && LANGUAGE.test(header) ? header : 'EN';
    let id: number;
    try {
      // No "does it exist?" query first: two registrations at once would both pass it. The unique
      // index on (merchant_code, lower(username)) decides.
      const { rows } = await deps.db.query<{ id: number }>(
        `INSERT INTO members (merchant_code, username, password_hash, type, language)
         VALUES ($1, $2, $3, 0, $4) RETURNING id`,
        [merchant.code, username, await hashPassword(password), language],
      );
      id = rows[0]!.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(400, 'register.username.exists', 'This username is taken');
      throw err;
    }
    const member = { id, username, type: 0 };
    if (input.login === true) return startSession(deps.db, member);
    // Without `login: true` no session is opened, so there is no token to give (see docs/server.md).
    return { id, userName: username, customerType: 0, firstTimeLogin: false, passwordExpired: false } as LoginValue;
  },

  memberInfo: (call) => {
    const { member } = loggedIn(call);
    return { type: member.type, id: member.id, userName: member.username, language: member.language, clubLabel: null };
  },

  async memberLanguage(call) {
    const { member } = loggedIn(call);
    await call.deps.db.query('UPDATE members SET language = $1 WHERE id = $2', [call.input.language, member.id]);
    return null;
  },
};
