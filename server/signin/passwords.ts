/**
 * Password hashing with scrypt. Stored form: `scrypt$N$r$p$salt$hash` (salt and hash in base64), so
 * the cost can be raised later without breaking hashes already stored.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ApiError } from '../infra/errors.ts';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LEN = 32;

/**
 * How many hashes run at once, and how many may wait (docs/server.md, "Under a flood"). scrypt is
 * meant to be costly (about 50 ms of one core each): unbounded, a login flood fills every core and
 * the libuv pool, and every other answer (the status call, static files) waits behind it. With one
 * core left free the server keeps answering; past the queue a sign-in is refused at once with
 * `503 server.busy` rather than held for seconds.
 */
export const hashing = {
  slots: Math.max(1, availableParallelism() - 1),
  maxWaiting: 64,
  running: 0,
  waiting: [] as (() => void)[],
  /** Hashes computed since start, by cost (`N-r-p`): what a sign-in really cost, for tests and metrics. */
  computed: new Map<string, number>(),
};

async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.running >= hashing.slots) {
    if (hashing.waiting.length >= hashing.maxWaiting) {
      throw new ApiError('server.busy', 'The server is busy. Please try again in a moment.', { retryAfter: 1 });
    }
    await new Promise<void>((resolve) => hashing.waiting.push(resolve));
  } else hashing.running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (running stays counted), or is given back.
    const next = hashing.waiting.shift();
    if (next) next();
    else hashing.running--;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const cost = `${options.N}-${options.r}-${options.p}`;
  hashing.computed.set(cost, (hashing.computed.get(cost) ?? 0) + 1);
  return inHashSlot(() => deriveNow(password, salt, options));
}

function deriveNow(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above the 128*N*r bytes scrypt needs, so raised parameters still run.
    scrypt(password.normalize('NFC'), salt, KEY_LEN, { ...options, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** False for a wrong password and for a stored value that is not a well-formed scrypt hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (![n, r, p].every(Number.isInteger) || n > 1 << 20 || r > 32 || p > 16 || expected.length !== KEY_LEN) return false;
  const actual = await derive(password, salt, { N: n, r, p });
  return timingSafeEqual(actual, expected);
}

/**
 * A hash to check passwords of unknown users against: the same scrypt work is done whether the
 * username exists or not, so the answer time does not tell which.
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
