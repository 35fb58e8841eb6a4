/**
 * Time and attempt counting: the clock every expiry and limit reads (tests move it), and the
 * in-memory sliding-window counters behind the brute-force lockouts and the SMS rate limits.
 *
 * The counters live in the memory of this process: a restart forgets them, and two server
 * processes behind one balancer count separately (docs/server.md, "Limits"). `POST /dev/reset`
 * forgets them too.
 */
import { ApiError } from './errors.ts';

/** Every expiry and limit of the server reads this; a test may put a fake `now` in place. */
export const clock = { now: (): number => Date.now() };

export const MINUTE = 60_000;

/**
 * Events per key within a sliding window: at most `max` events in `windowMs`. Memory is bounded:
 * each key keeps at most `max` timestamps, and past `maxKeys` keys the oldest key is dropped.
 */
export class WindowCounter {
  private readonly events = new Map<string, number[]>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Whole seconds until one more event is allowed (at least 1), or 0 when it is allowed now. */
  retryAfter(key: string): number {
    const list = this.recent(key);
    if (list.length < this.max) return 0;
    const oldest = list[list.length - this.max]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - clock.now()) / 1000));
  }

  /** Counts one event now; answers a function that takes this one event back. */
  add(key: string): () => void {
    const at = clock.now();
    const list = this.recent(key);
    list.push(at);
    if (list.length > this.max) list.splice(0, list.length - this.max);
    this.events.delete(key); // re-inserted last: the Map's order is the eviction order
    this.events.set(key, list);
    if (this.events.size > this.maxKeys) this.events.delete(this.events.keys().next().value!);
    return () => {
      const current = this.events.get(key);
      const i = current?.lastIndexOf(at) ?? -1;
      if (current && i >= 0) current.splice(i, 1);
    };
  }

  /**
   * `retryAfter` and `add` in one synchronous step, so concurrent requests cannot all pass the
   * check before any of them is counted. Throws `400 <errorCode>` with `value: { retryAfter }`.
   */
  take(key: string, errorCode: string, message: string): () => void {
    const wait = this.retryAfter(key);
    if (wait > 0) throw tooMany(errorCode, message, wait);
    return this.add(key);
  }

  /** Throws like `take` when the key is over its limit, without counting anything. */
  check(key: string, errorCode: string, message: string): void {
    const wait = this.retryAfter(key);
    if (wait > 0) throw tooMany(errorCode, message, wait);
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  /**
   * Runs the attempts on one key one after another. With the lockout check at the start of `fn`
   * and `add` only when the attempt failed, a failure is counted only when it failed (eight correct
   * logins sent at once all pass), and concurrent wrong guesses are each counted before the next is
   * judged (no burst gets past the limit).
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

  clearAll(): void {
    this.events.clear();
  }

  private recent(key: string): number[] {
    const list = this.events.get(key);
    if (!list) return [];
    const since = clock.now() - this.windowMs;
    let drop = 0;
    while (drop < list.length && list[drop]! <= since) drop++;
    if (drop) list.splice(0, drop);
    if (!list.length) this.events.delete(key);
    return list;
  }
}

export function tooMany(errorCode: string, message: string, retryAfter: number): ApiError {
  return new ApiError(400, errorCode, message, { retryAfter });
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
  /** Registrations per merchant + IP: 10 in an hour (each one costs a password hash). */
  registerIp: WindowCounter;
}

export function createLimits(): Limits {
  return {
    login: new WindowCounter(5, 15 * MINUTE),
    verify: new WindowCounter(5, 15 * MINUTE),
    password: new WindowCounter(5, 15 * MINUTE),
    captchaAnswer: new WindowCounter(5, 15 * MINUTE),
    captchaIssue: new WindowCounter(300, 10 * MINUTE),
    smsNumber: new WindowCounter(1, MINUTE),
    smsIp: new WindowCounter(10, 60 * MINUTE),
    loginIp: new WindowCounter(20, 15 * MINUTE),
    registerIp: new WindowCounter(10, 60 * MINUTE),
  };
}

export function clearLimits(limits: Limits): void {
  for (const counter of Object.values(limits)) counter.clearAll();
}
