/**
 * Time and attempt counting: the clock every expiry and limit reads (tests move it), and the
 * sliding-window counters behind the brute-force lockouts and the rate limits.
 *
 * The counters live in the database (table `limit_events`), so several instances of the server on
 * one PostgreSQL count together: a lockout reached through one holds on the others, and a restart
 * forgets nothing (docs/server.md, "Limits" and "Several instances"). `POST /dev/reset` clears them.
 */
import { ApiError, type ServerErrorCode } from './errors.ts';

/** A limit refuses with one of the table's TOO_MANY_REQUEST codes (silent in the client's catalogue). */
export type LimitCode = Extract<ServerErrorCode, `TOO_MANY_REQUEST_${string}`>;

/** Every expiry and limit of the server reads this; a test may put a fake `now` in place. */
export const clock = { now: (): number => Date.now() };

export const MINUTE = 60_000;

type QueryResult<T> = { rows: T[]; rowCount: number };
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<QueryResult<T>>;
/** What the counters need of the database (server/db/db.ts's Db has it). */
export interface CounterStore {
  query: Query;
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
}

/** Old events of a counter are deleted at most this often, by whichever instance adds one. */
const SWEEP_EVERY_MS = MINUTE;

/**
 * Events per key within a sliding window: at most `max` events in `windowMs`.
 *
 * A refusal is also remembered in this process until its window has passed, so an address that is
 * over its limit is refused again without asking the database (a flood costs next to nothing).
 */
export class WindowCounter {
  private readonly refusedUntil = new Map<string, number>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private lastSweep = 0;

  constructor(
    private readonly db: CounterStore,
    /** The counter's name in the table. */
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Whole seconds until one more event is allowed (at least 1), or 0 when it is allowed now. */
  async retryAfter(key: string, query: Query = this.db.query): Promise<number> {
    const now = clock.now();
    const { rows } = await query<{ at: string | number }>(
      `SELECT at FROM limit_events WHERE counter = $1 AND key = $2 AND at > $3 ORDER BY at DESC LIMIT $4`,
      [this.name, key, now - this.windowMs, this.max],
    );
    if (rows.length < this.max) return 0;
    const oldest = Number(rows[rows.length - 1]!.at);
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  /** Counts one event now; answers a function that takes this one event back. */
  async add(key: string, query: Query = this.db.query): Promise<() => Promise<void>> {
    const { rows } = await query<{ id: string | number }>(
      'INSERT INTO limit_events (counter, key, at) VALUES ($1, $2, $3) RETURNING id',
      [this.name, key, clock.now()],
    );
    void this.sweep();
    const id = rows[0]!.id;
    return async () => {
      await this.db.query('DELETE FROM limit_events WHERE id = $1', [id]);
    };
  }

  /**
   * `check` and `add` as one step, under a lock on the key that every instance respects, so
   * concurrent requests (on any instance) cannot all pass the check before any of them is counted.
   * Throws `400 <errorCode>` with `value: { retryAfter }`.
   */
  async take(key: string, errorCode: LimitCode, message: string): Promise<() => Promise<void>> {
    this.refusedHere(key, errorCode, message);
    return this.db.transaction(async (query) => {
      await query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${this.name}\n${key}`]);
      await this.refuseOver(key, errorCode, message, query);
      return this.add(key, query);
    });
  }

  /** Throws like `take` when the key is over its limit, without counting anything. */
  async check(key: string, errorCode: LimitCode, message: string): Promise<void> {
    this.refusedHere(key, errorCode, message);
    await this.refuseOver(key, errorCode, message);
  }

  async clear(key: string): Promise<void> {
    this.refusedUntil.delete(key);
    await this.db.query('DELETE FROM limit_events WHERE counter = $1 AND key = $2', [this.name, key]);
  }

  async clearAll(): Promise<void> {
    this.refusedUntil.clear();
    await this.db.query('DELETE FROM limit_events WHERE counter = $1', [this.name]);
  }

  /**
   * Runs the attempts on one key one after another in this process. With the lockout check at the
   * start of `fn` and `add` only when the attempt failed, a failure is counted only when it failed
   * (eight correct logins sent at once all pass), and concurrent wrong guesses are each counted
   * before the next is judged. Across instances the guesses in flight at one moment (one per
   * instance) may each pass the check: the lockout still holds for everyone once it is reached.
   */
  serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(fn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }

  private refusedHere(key: string, errorCode: LimitCode, message: string) {
    const until = this.refusedUntil.get(key);
    if (until === undefined) return;
    const wait = Math.ceil((until - clock.now()) / 1000);
    if (wait > 0) throw tooMany(errorCode, message, wait);
    this.refusedUntil.delete(key);
  }

  private async refuseOver(key: string, errorCode: LimitCode, message: string, query?: Query) {
    const wait = await this.retryAfter(key, query);
    if (wait === 0) return;
    this.refusedUntil.set(key, clock.now() + wait * 1000);
    // Bounded memory: the oldest refusals go first.
    if (this.refusedUntil.size > 50_000) this.refusedUntil.delete(this.refusedUntil.keys().next().value!);
    throw tooMany(errorCode, message, wait);
  }

  /** Deletes this counter's events that have left the window (at most once a minute per process). */
  private async sweep() {
    const now = clock.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS && now >= this.lastSweep) return;
    this.lastSweep = now;
    await this.db
      .query('DELETE FROM limit_events WHERE counter = $1 AND at <= $2', [this.name, now - this.windowMs])
      .catch(() => undefined);
  }
}

/**
 * Failed guesses on one account, whatever the address (issue 26, item 3): a budget that slows the
 * guessing down instead of locking the account, so an attacker can never hold the player out for
 * long. Failures count over `windowMs`; from `captchaAfter` failures on, an attempt must carry a
 * captcha; from `delayAfter` on, an attempt must come `delayMs(failures)` after the previous one
 * (doubling from `firstDelayMs`, at most `maxDelayMs`). An attempt is counted when it starts (under
 * a lock on the key that every instance respects) and taken back unless it was a judged wrong
 * guess, so guesses sent at once are judged one by one against the same budget.
 */
export class GuessBudget {
  constructor(
    private readonly db: CounterStore,
    readonly name: string,
    readonly windowMs: number,
    readonly captchaAfter: number,
    readonly delayAfter: number,
    readonly firstDelayMs: number,
    readonly maxDelayMs: number,
  ) {}

  /** The wait after the latest attempt when `failures` are on the books (0: none). */
  delayMs(failures: number): number {
    if (failures < this.delayAfter) return 0;
    return Math.min(this.maxDelayMs, this.firstDelayMs * 2 ** Math.min(30, failures - this.delayAfter));
  }

  /**
   * Counts one attempt now, or throws `400 <errorCode>` with `value: { retryAfter }` while the
   * account's delay runs, unless `waitFree` says yes (an address recorded for the account; asked,
   * inside the transaction, only when a delay runs). Answers whether the attempt must carry a
   * captcha, and a function that takes the attempt back.
   */
  async take(
    key: string,
    errorCode: LimitCode,
    message: string,
    waitFree: (query: Query) => Promise<boolean> = async () => false,
  ): Promise<{ captcha: boolean; release: () => Promise<void> }> {
    return this.db.transaction(async (query) => {
      await query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${this.name}\n${key}`]);
      const now = clock.now();
      const { rows } = await query<{ n: string | number; last: string | number | null }>(
        `SELECT count(*) AS n, max(at) AS last FROM limit_events WHERE counter = $1 AND key = $2 AND at > $3`,
        [this.name, key, now - this.windowMs],
      );
      const failures = Number(rows[0]?.n ?? 0);
      const last = Number(rows[0]?.last ?? 0);
      const wait = last + this.delayMs(failures) - now;
      if (wait > 0 && !(await waitFree(query))) throw tooMany(errorCode, message, Math.max(1, Math.ceil(wait / 1000)));
      const added = await query<{ id: string | number }>(
        'INSERT INTO limit_events (counter, key, at) VALUES ($1, $2, $3) RETURNING id',
        [this.name, key, now],
      );
      void this.sweep(now);
      const id = added.rows[0]!.id;
      return {
        captcha: failures >= this.captchaAfter,
        release: async () => {
          await this.db.query('DELETE FROM limit_events WHERE id = $1', [id]);
        },
      };
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.query('DELETE FROM limit_events WHERE counter = $1 AND key = $2', [this.name, key]);
  }

  async clearAll(): Promise<void> {
    await this.db.query('DELETE FROM limit_events WHERE counter = $1', [this.name]);
  }

  private lastSweep = 0;
  private async sweep(now: number) {
    if (now - this.lastSweep < SWEEP_EVERY_MS && now >= this.lastSweep) return;
    this.lastSweep = now;
    await this.db
      .query('DELETE FROM limit_events WHERE counter = $1 AND at <= $2', [this.name, now - this.windowMs])
      .catch(() => undefined);
  }
}

export function tooMany(errorCode: LimitCode, message: string, retryAfter: number): ApiError {
  return new ApiError(errorCode, message, { retryAfter });
}

/** The counters of one app (docs/server.md, "Limits"). */
export interface Limits {
  /** Failed logins per merchant + username (or mobile number) + IP: 5 in 15 minutes. */
  login: WindowCounter;
  /** Failed two-factor verifications per merchant + username + IP: 5 in 15 minutes. */
  verify: WindowCounter;
  /** Wrong current passwords on the password change, per member: 5 in 15 minutes. */
  password: WindowCounter;
  /** Wrong answers to the captcha stand-in, per IP: 5 in 15 minutes. */
  captchaAnswer: WindowCounter;
  /** Captcha challenges issued per IP: 300 in 10 minutes (keeps the table small). */
  captchaIssue: WindowCounter;
  /** SMS codes per merchant + number: 1 in 60 seconds. */
  smsNumber: WindowCounter;
  /** SMS codes per IP: 10 in an hour. */
  smsIp: WindowCounter;
  /**
   * Login and verification attempts per merchant + IP, whatever the username: 20 in 15 minutes. An
   * attempt counts from its start and is taken back when it succeeds, so at most 20 guesses from one
   * address are ever in flight or on the books; the players behind one address who log in are not hurt.
   */
  loginIp: WindowCounter;
  /** Registrations per merchant + IP: 30 in an hour (each one costs a password hash; a shop or campus may sign many up). */
  registerIp: WindowCounter;
  /** Member-centre feedback submissions per member: 5 in an hour (each may carry a 480 KiB image). */
  feedback: WindowCounter;
  /** Push relay calls (bind, subscribe, unsubscribe) per merchant + IP: 60 a minute. */
  push: WindowCounter;
  /** Calls to the push service stand-in per IP: 60 a minute. */
  pushService: WindowCounter;
  /** Tracking posts per IP: 60 a minute (a page posts a batch of up to 20 events at a time). */
  tracking: WindowCounter;
  /**
   * Failed guesses per merchant + account (username, or the number of an SMS login), from any
   * address: password logins, two-factor verifications and SMS logins. 24 hours; the captcha after
   * 5, then a wait after each further one from 5 s doubling to 5 minutes; a sign-in clears it.
   */
  account: GuessBudget;
}

export function createLimits(db: CounterStore): Limits {
  const counter = (name: Exclude<keyof Limits, 'account'>, max: number, windowMs: number) =>
    new WindowCounter(db, name, max, windowMs);
  return {
    login: counter('login', 5, 15 * MINUTE),
    verify: counter('verify', 5, 15 * MINUTE),
    password: counter('password', 5, 15 * MINUTE),
    captchaAnswer: counter('captchaAnswer', 5, 15 * MINUTE),
    captchaIssue: counter('captchaIssue', 300, 10 * MINUTE),
    smsNumber: counter('smsNumber', 1, MINUTE),
    smsIp: counter('smsIp', 10, 60 * MINUTE),
    loginIp: counter('loginIp', 20, 15 * MINUTE),
    registerIp: counter('registerIp', 30, 60 * MINUTE),
    feedback: counter('feedback', 5, 60 * MINUTE),
    push: counter('push', 60, MINUTE),
    pushService: counter('pushService', 60, MINUTE),
    tracking: counter('tracking', 60, MINUTE),
    account: new GuessBudget(db, 'account', 24 * 60 * MINUTE, 5, 10, 5_000, 5 * MINUTE),
  };
}

export async function clearLimits(limits: Limits): Promise<void> {
  for (const counter of Object.values(limits)) await counter.clearAll();
}
