/**
 * SMS verification codes (POST /wps/verification/sms/noLogin): 6 digits, valid 5 minutes, single
 * use, at most 5 wrong tries. Only an HMAC of the code is stored (`sms_codes`); issuing a new code
 * for a number retires the earlier ones.
 *
 * Delivery goes through an `SmsSender`. In demo and test mode it is the dev outbox: the table
 * `sms_outbox` holds the code in clear for `GET /dev/outbox` (and the /dev/ page). In production
 * there is no outbox: pass a sender of your provider to `createApp({ smsSender })`; without one the
 * call answers `503 sms.unavailable`. Codes never reach a log.
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { SMS_CODE_VALIDITY_MS } from '../../src/contract/constants.ts';
import { clock, MINUTE } from '../infra/limits.ts';
import type { Secrets } from '../infra/secrets.ts';

/** The client's send-code countdowns are capped by the same value. */
export const SMS_CODE_TTL_MS = SMS_CODE_VALIDITY_MS;
export const SMS_CODE_MAX_TRIES = 5;

export interface SmsMessage {
  merchantCode: string;
  /** `+63` */
  countryDialingCode: string;
  /** National number, digits only, no trunk 0 (`9171234567`). */
  mobileNum: string;
  code: string;
  /** Epoch ms. */
  createdAt: number;
  expiresAt: number;
}

/** The sender failed (the provider refused or did not answer); the call answers 503 sms.unavailable. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** `+63`, `63`, ` +63 ` → `+63`; anything but 1 to 4 digits (after an optional +) → undefined. */
export function normalizeDialingCode(text: string): string | undefined {
  const digits = text.trim().replace(/^\+/, '');
  return /^\d{1,4}$/.test(digits) ? `+${digits}` : undefined;
}

/**
 * A national mobile number as stored and compared: spaces, dashes, dots and brackets removed, then
 * leading zeros (the trunk prefix: `0917 123 4567` → `9171234567`); 4 to 20 digits, else undefined.
 */
export function normalizeMobileNum(text: string): string | undefined {
  const digits = text.replace(/[\s\-.()]/g, '');
  if (!/^\d{4,20}$/.test(digits)) return undefined;
  const national = digits.replace(/^0+/, '');
  return national.length >= 4 ? national : undefined;
}

const codeHash = (secrets: Secrets, merchantCode: string, dial: string, num: string, code: string) =>
  secrets.mac('sms code', merchantCode, dial, num, code);

const at = (ms: number) => new Date(ms).toISOString();

/** The dev outbox: the code in clear in `sms_outbox` (demo and test mode only). */
export function outboxSender(db: Db): SmsSender {
  return {
    async send(m) {
      await db.query(
        `INSERT INTO sms_outbox (merchant_code, country_dialing_code, mobile_num, code, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [m.merchantCode, m.countryDialingCode, m.mobileNum, m.code, at(m.createdAt), at(m.expiresAt)],
      );
      await db.query(`DELETE FROM sms_outbox WHERE created_at < $1`, [at(clock.now() - 24 * 60 * MINUTE)]);
    },
  };
}

/** Makes a code for the number, stores its HMAC, hands it to the sender; answers the expiry (epoch ms). */
export async function issueCode(
  db: Db,
  secrets: Secrets,
  sender: SmsSender,
  merchantCode: string,
  dial: string,
  num: string,
): Promise<number> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = clock.now();
  const expiresAt = now + SMS_CODE_TTL_MS;
  // Earlier codes of this number stop working: only the latest one counts.
  await db.query(
    `UPDATE sms_codes SET expires_at = $4
      WHERE merchant_code = $1 AND country_dialing_code = $2 AND mobile_num = $3 AND used_at IS NULL AND expires_at > $4`,
    [merchantCode, dial, num, at(now)],
  );
  await db.query(
    `INSERT INTO sms_codes (merchant_code, country_dialing_code, mobile_num, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [merchantCode, dial, num, codeHash(secrets, merchantCode, dial, num, code), at(now), at(expiresAt)],
  );
  await db.query(`DELETE FROM sms_codes WHERE expires_at < $1`, [at(now - 24 * 60 * MINUTE)]);
  try {
    await sender.send({ merchantCode, countryDialingCode: dial, mobileNum: num, code, createdAt: now, expiresAt });
  } catch {
    // Not logged: a provider's error text may repeat the number or the code.
    await db.query(`UPDATE sms_codes SET expires_at = $2 WHERE code_hash = $1`, [
      codeHash(secrets, merchantCode, dial, num, code),
      at(now),
    ]);
    throw new SmsDeliveryError('The SMS could not be sent');
  }
  return expiresAt;
}

/**
 * Uses the number's code: true when it is the latest code issued for it, unexpired, unused and not
 * yet tried 5 times wrong; it cannot be used again. A wrong code counts a try against the live code.
 * One statement marks it used, so two requests with the same code cannot both succeed.
 */
export async function consumeCode(
  db: Db,
  secrets: Secrets,
  merchantCode: string,
  dial: string,
  num: string,
  code: string,
): Promise<boolean> {
  const now = at(clock.now());
  if (/^\d{6}$/.test(code)) {
    const { rows } = await db.query(
      `UPDATE sms_codes SET used_at = $5
        WHERE id = (SELECT id FROM sms_codes
                     WHERE merchant_code = $1 AND country_dialing_code = $2 AND mobile_num = $3 AND code_hash = $4
                       AND used_at IS NULL AND expires_at > $5 AND attempts < $6
                     ORDER BY id DESC LIMIT 1)
          AND used_at IS NULL
        RETURNING id`,
      [merchantCode, dial, num, codeHash(secrets, merchantCode, dial, num, code), now, SMS_CODE_MAX_TRIES],
    );
    if (rows.length) return true;
  }
  await db.query(
    `UPDATE sms_codes SET attempts = attempts + 1
      WHERE merchant_code = $1 AND country_dialing_code = $2 AND mobile_num = $3 AND used_at IS NULL AND expires_at > $4`,
    [merchantCode, dial, num, now],
  );
  return false;
}
