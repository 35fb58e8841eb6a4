/**
 * The demo members of merchants.json, created at start-up: apart from the database adapter, which
 * knows nothing of merchants, passwords or factors.
 */
import type { Secrets } from '../infra/secrets.ts';
import type { Merchants } from '../merchants/merchants.ts';
import { GA_PURPOSE } from '../signin/members.ts';
import { hashPassword } from '../signin/passwords.ts';
import { normalizeDialingCode, normalizeMobileNum } from '../signin/sms.ts';
import { base32Decode } from '../signin/totp.ts';
import type { Db } from './db.ts';

/**
 * Creates each merchant's demo members that are not there yet, with their second-check factors and
 * recorded IPs (an existing member is left alone, except that one made before factors existed gets
 * the configured factors and IPs once).
 */
export async function seedMembers(
  db: Db,
  merchants: Merchants,
  secrets: Secrets,
  hashes: ReadonlyMap<string, Promise<string>> = new Map(),
): Promise<void> {
  for (const merchant of merchants.byCode.values()) {
    for (const m of merchant.members) {
      const dial = m.countryDialingCode === undefined ? null : (normalizeDialingCode(m.countryDialingCode) ?? null);
      const mobile = m.mobileNum === undefined ? null : (normalizeMobileNum(m.mobileNum) ?? null);
      const ga = m.gaSecret === undefined ? null : secrets.seal(GA_PURPOSE, base32Decode(m.gaSecret).toString('base64'));
      const factors = [m.email ?? null, m.payeeName ?? null, dial, mobile, ga];
      const found = await db.query<{ id: number; bare: boolean }>(
        `SELECT id, (email IS NULL AND payee_name IS NULL AND mobile_num IS NULL AND ga_secret IS NULL) AS bare
           FROM members WHERE merchant_code = $1 AND lower(username) = lower($2)`,
        [merchant.code, m.username],
      );
      let id = found.rows[0]?.id;
      if (id === undefined) {
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO members (merchant_code, username, password_hash, type, language,
                                email, payee_name, country_dialing_code, mobile_num, ga_secret, register_method)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'SEED') ON CONFLICT DO NOTHING RETURNING id`,
          [
            merchant.code,
            m.username,
            await (hashes.get(seedKey(merchant.code, m.username)) ?? hashPassword(m.password)),
            m.type,
            m.language,
            ...factors,
          ],
        );
        id = rows[0]?.id;
      } else if (found.rows[0]!.bare && factors.some((f) => f !== null)) {
        await db.query(
          `UPDATE members SET email = $2, payee_name = $3, country_dialing_code = $4, mobile_num = $5, ga_secret = $6
            WHERE id = $1`,
          [id, ...factors],
        );
      } else {
        continue;
      }
      if (id === undefined) continue;
      for (const ip of m.ips) {
        await db.query('INSERT INTO member_ips (member_id, ip) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, ip.toLowerCase()]);
      }
    }
  }
}

const seedKey = (merchantCode: string, username: string) => `${merchantCode}\n${username.toLowerCase()}`;

/**
 * The demo members' password hashes, started now: on a fresh database they are all needed, and
 * scrypt runs off the main thread, so they are ready by the time the database is open (start-up
 * time, docs/server.md, "Start and memory"). Each member keeps a salt of its own.
 */
export function prehashSeeds(merchants: Merchants): Map<string, Promise<string>> {
  const hashes = new Map<string, Promise<string>>();
  for (const merchant of merchants.byCode.values()) {
    for (const m of merchant.members) {
      const hash = hashPassword(m.password);
      hash.catch(() => undefined); // a failure shows where it is awaited
      hashes.set(seedKey(merchant.code, m.username), hash);
    }
  }
  return hashes;
}
