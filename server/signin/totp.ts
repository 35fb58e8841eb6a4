/**
 * Authenticator codes: TOTP (RFC 6238) with HMAC-SHA1, 30-second steps and 6 digits, as Google
 * Authenticator and its kin compute them from a base32 secret (RFC 4648).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { clock } from '../infra/limits.ts';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (clock drift of the phone). */
export const TOTP_WINDOW = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** A base32 secret as people type it: letters A–Z, digits 2–7, optional spaces and `=` padding. */
export const BASE32_SECRET = /^[A-Za-z2-7 =]{16,128}$/;

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_STEP_SECONDS);

/** The code of one time step (HOTP of the step counter, RFC 4226 dynamic truncation). */
export function totpAt(secret: Buffer, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of now (the server clock). */
export function currentTotp(secret: Buffer): { code: string; step: number; secondsLeft: number } {
  const now = clock.now();
  const step = stepAt(now);
  return { code: totpAt(secret, step), step, secondsLeft: TOTP_STEP_SECONDS - (Math.floor(now / 1000) % TOTP_STEP_SECONDS) };
}

/**
 * The time step whose code this is, within ±TOTP_WINDOW of now, or undefined. Every candidate is
 * compared (in constant time), so the answer time does not tell which step matched.
 */
export function matchTotp(secret: Buffer, code: string): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = stepAt(clock.now());
  let found: number | undefined;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(totpAt(secret, step)), Buffer.from(code)) && found === undefined) found = step;
  }
  return found;
}
