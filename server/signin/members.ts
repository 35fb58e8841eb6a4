/**
 * Members as the sign-in calls see them: lookups with the second-check factors, recorded login IPs,
 * password age, opening a session, and creating a member (registration).
 */
import { randomInt } from 'node:crypto';
import type { LoginErrorValue, LoginValue } from '../../src/contract/endpoints.ts';
import { violatedIndex, type Db } from '../db/db.ts';
import { ApiError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';
import type { Secrets } from '../infra/secrets.ts';
import { createSession, type MemberRow } from '../db/sessions.ts';
import { USERNAME_PATTERN, passwordValid } from '../../src/contract/credentials.ts';

/** The formats the forms check too (src/contract/credentials.ts): one rule, read by both. */
export const USERNAME = USERNAME_PATTERN;
/** Purpose of the sealed authenticator secrets (server/infra/secrets.ts). */
export const GA_PURPOSE = 'member ga secret';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuthMember extends MemberRow {
  password_hash: string;
  email: string | null;
  payee_name: string | null;
  country_dialing_code: string | null;
  mobile_num: string | null;
  /** Sealed (server/infra/secrets.ts); `gaSecret()` opens it. */
  ga_secret: string | null;
  password_changed_at: Date | string;
}

const COLUMNS = `id, merchant_code, username, type, language, password_hash, email, payee_name,
  country_dialing_code, mobile_num, ga_secret, password_changed_at`;

export const validPassword: typeof passwordValid = passwordValid;

export async function memberByUsername(db: Db, merchantCode: string, username: string): Promise<AuthMember | undefined> {
  const { rows } = await db.query<AuthMember>(
    `SELECT ${COLUMNS} FROM members WHERE merchant_code = $1 AND lower(username) = lower($2)`,
    [merchantCode, username],
  );
  return rows[0];
}

export async function memberByMobile(db: Db, merchantCode: string, dial: string, num: string): Promise<AuthMember | undefined> {
  const { rows } = await db.query<AuthMember>(
    `SELECT ${COLUMNS} FROM members WHERE merchant_code = $1 AND country_dialing_code = $2 AND mobile_num = $3`,
    [merchantCode, dial, num],
  );
  return rows[0];
}

export async function memberById(db: Db, id: number): Promise<AuthMember | undefined> {
  const { rows } = await db.query<AuthMember>(`SELECT ${COLUMNS} FROM members WHERE id = $1`, [id]);
  return rows[0];
}

/** The member's authenticator secret (raw bytes), or undefined (none, or sealed with another key). */
export function gaSecret(secrets: Secrets, member: Pick<AuthMember, 'ga_secret'>): Buffer | undefined {
  if (!member.ga_secret) return undefined;
  const opened = secrets.open(GA_PURPOSE, member.ga_secret);
  return opened === undefined ? undefined : Buffer.from(opened, 'base64');
}

/**
 * The second-check factors a member has among the methods the merchant offers (`twoFactorMethods`
 * of merchants.json; all four when not given): the `value` of `login_verify_required`.
 */
export function factorsOf(
  secrets: Secrets,
  m: AuthMember,
  offered: readonly string[] = ['S', 'G', 'E', 'P'],
): Required<LoginErrorValue> {
  return {
    email: offered.includes('E') && Boolean(m.email),
    ga: offered.includes('G') && gaSecret(secrets, m) !== undefined,
    sms: offered.includes('S') && Boolean(m.mobile_num && m.country_dialing_code),
    payeeName: offered.includes('P') && Boolean(m.payee_name),
  };
}

/**
 * Whether `ip` is recorded for the member of this merchant named `username` (false for no such
 * member). One query whether the member exists or not.
 */
export async function isRecordedAddress(
  db: Pick<Db, 'query'>,
  merchantCode: string,
  username: string,
  ip: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM member_ips JOIN members ON members.id = member_ips.member_id
      WHERE members.merchant_code = $1 AND lower(members.username) = lower($2) AND member_ips.ip = $3`,
    [merchantCode, username, normalizeIp(ip)],
  );
  return rows.length > 0;
}

/** IPv6 in lower case (the `::ffff:` prefix of mapped IPv4 is already gone, see server/infra/client-ip.ts). */
export const normalizeIp = (ip: string) => ip.trim().toLowerCase();

export async function isKnownIp(db: Db, memberId: number, ip: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM member_ips WHERE member_id = $1 AND ip = $2', [memberId, normalizeIp(ip)]);
  return rows.length > 0;
}

export async function recordIp(db: Db, memberId: number, ip: string): Promise<void> {
  await db.query(
    `INSERT INTO member_ips (member_id, ip) VALUES ($1, $2)
     ON CONFLICT (member_id, ip) DO UPDATE SET last_seen_at = now()`,
    [memberId, normalizeIp(ip)],
  );
}

export function passwordExpired(merchant: Merchant, m: Pick<AuthMember, 'password_changed_at'>): boolean {
  const changed = new Date(m.password_changed_at).getTime();
  return clock.now() - changed > merchant.passwordMaxAgeDays * DAY_MS;
}

/**
 * A successful login: records the IP, counts the login (the first ever one answers
 * firstTimeLogin: true) and opens a session.
 */
export async function startSession(
  db: Db,
  member: { id: number; username: string; type: number },
  ip: string,
  expired = false,
  /** The session may only change the password until it does (a forced change). */
  mustChangePassword = false,
): Promise<LoginValue> {
  await recordIp(db, member.id, ip);
  const { rows } = await db.query<{ login_count: number }>(
    'UPDATE members SET login_count = login_count + 1 WHERE id = $1 RETURNING login_count',
    [member.id],
  );
  const token = await createSession(db, member.id, mustChangePassword);
  return {
    id: member.id,
    token,
    userName: member.username,
    customerType: member.type,
    firstTimeLogin: rows[0]?.login_count === 1,
    passwordExpired: expired,
    passwordChangeRequired: mustChangePassword,
  };
}

export interface NewMember {
  merchantCode: string;
  username: string;
  passwordHash: string;
  language: string;
  countryDialingCode?: string;
  mobileNum?: string;
  referralCode?: string;
  affiliateCode?: string;
  registerMethod?: string;
  domain?: string;
}

/**
 * Inserts a member. No "does it exist?" query first: two registrations at once would both pass it;
 * the unique indexes on (merchant, lower(username)) and (merchant, dialing code, mobile) decide.
 * Throws `register.username.exists` / `register.mobile.exists`.
 */
export async function insertMember(db: Db, m: NewMember): Promise<number> {
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO members (merchant_code, username, password_hash, type, language, country_dialing_code, mobile_num,
                            referral_code, affiliate_code, register_method, domain)
       VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        m.merchantCode,
        m.username,
        m.passwordHash,
        m.language,
        m.countryDialingCode ?? null,
        m.mobileNum ?? null,
        m.referralCode ?? null,
        m.affiliateCode ?? null,
        m.registerMethod ?? null,
        m.domain ?? null,
      ],
    );
    return rows[0]!.id;
  } catch (err) {
    const index = violatedIndex(err);
    if (index === 'members_merchant_mobile')
      throw new ApiError('register.mobile.exists', 'This mobile number is already registered');
    if (index !== undefined) throw new ApiError('register.username.exists', 'This username is taken');
    throw err;
  }
}

/**
 * Usernames for a member registered by mobile number: `m` + the last 8 digits, then more digits,
 * then the last 8 digits with 3 random ones; each valid per the username rule.
 */
export function mobileUsernames(num: string): string[] {
  const names = [`m${num.slice(-8)}`, `m${num.slice(-10)}`, `m${num.slice(-15)}`];
  for (let i = 0; i < 5; i++) names.push(`m${num.slice(-8)}${String(randomInt(0, 1000)).padStart(3, '0')}`);
  return [...new Set(names)].filter((n) => USERNAME.test(n));
}

// ---- identity provider links (server/signin/identity.ts) -------------------------------------------------

/** The member an identity provider account (uid) is linked to at the merchant, or undefined. */
export async function memberByIdentity(db: Db, merchantCode: string, uid: string): Promise<AuthMember | undefined> {
  const { rows } = await db.query<AuthMember>(
    `SELECT ${COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1m.$2')} FROM member_identities i JOIN members m ON m.id = i.member_id
      WHERE i.merchant_code = $1 AND i.uid = $2`,
    [merchantCode, uid],
  );
  return rows[0];
}

/**
 * Links a provider account to a member. The unique index on (merchant, uid) decides when two
 * requests race: the loser gets `firebase.already.bound`.
 */
export async function linkIdentity(
  db: Db,
  merchantCode: string,
  memberId: number,
  identity: { uid: string; channel: string; email?: string; phoneNumber?: string },
): Promise<void> {
  try {
    await db.query(
      `INSERT INTO member_identities (merchant_code, uid, channel, email, phone, member_id) VALUES ($1, $2, $3, $4, $5, $6)`,
      [merchantCode, identity.uid, identity.channel, identity.email ?? null, identity.phoneNumber ?? null, memberId],
    );
  } catch (err) {
    if (violatedIndex(err) === 'member_identities_merchant_uid') {
      throw new ApiError('firebase.already.bound', 'This account is already linked to a member.');
    }
    throw err;
  }
}

/**
 * Usernames for a member registered with the identity provider: from the email's local part (its
 * letters, digits and _, up to 12), else `p` + the phone number's last digits; then with 3 random
 * digits; each valid per the username rule (a fresh random name is the caller's last resort).
 */
export function identityUsernames(identity: { email?: string; phoneNumber?: string }): string[] {
  let base = '';
  if (identity.email)
    base = identity.email
      .split('@')[0]!
      .replace(/[^A-Za-z0-9_]/g, '')
      .slice(0, 12);
  if (base.length < 4 && identity.phoneNumber) base = `p${identity.phoneNumber.replace(/\D/g, '').slice(-8)}`;
  const names = base.length >= 4 ? [base] : [];
  const stem = (base || 'user').slice(0, 12).padEnd(4, '0');
  for (let i = 0; i < 5; i++) names.push(`${stem}${String(randomInt(0, 1000)).padStart(3, '0')}`);
  return [...new Set(names)].filter((n) => USERNAME.test(n));
}

/** A username nobody at the merchant has yet (`u` + 9 random letters and digits). */
export async function unusedUsername(db: Db, merchantCode: string): Promise<string> {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  for (;;) {
    let name = 'u';
    for (let i = 0; i < 9; i++) name += alphabet[randomInt(0, alphabet.length)];
    const { rows } = await db.query('SELECT 1 FROM members WHERE merchant_code = $1 AND lower(username) = $2', [
      merchantCode,
      name,
    ]);
    if (!rows.length) return name;
  }
}
