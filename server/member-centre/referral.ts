/**
 * Referral: the rules (the merchant's amounts; enabled while it has a live REFERRAL promotion,
 * engagement/promotions.ts) and the member's code with how the invitations went. The code is made at
 * the member's first read: 8 characters of an alphabet without look-alikes (no 0/O, 1/I), unique per
 * merchant (`mc_referral_codes`). A friend is a member of the merchant who registered with it
 * (`members.referral_code`, any case); a friend qualifies once their deposits (`members.deposit_total`)
 * reach the minimum; the member earns the reward for each qualified friend, up to `maxFriends`.
 */
import { randomInt } from 'node:crypto';
import type { Referral, ReferralRules } from '../../src/contract/endpoints.ts';
import { isUniqueViolation, violatedIndex, type Db } from '../db/db.ts';
import { availablePromotions } from '../engagement/promotions.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { currencyOf, round2, rulesOf } from './common.ts';

export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export const newReferralCode = (): string =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export async function referralRulesOf(db: Db, merchant: Merchant): Promise<ReferralRules> {
  const live = (await availablePromotions(db, merchant.code)).REFERRAL?.enabled === true;
  return { enabled: live, currency: currencyOf(merchant), ...(await rulesOf(db.query, merchant.code)).referral };
}

/** The member's code, made now when they have none (a clash with another member's is drawn again). */
export async function referralCodeOf(db: Db, merchantCode: string, memberId: number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const found = await db.query<{ code: string }>('SELECT code FROM mc_referral_codes WHERE member_id = $1', [memberId]);
    if (found.rows[0]) return found.rows[0].code;
    try {
      // A concurrent first read of the same member inserts nothing here and reads the other's code.
      await db.query(
        'INSERT INTO mc_referral_codes (member_id, merchant_code, code) VALUES ($1, $2, $3) ON CONFLICT (member_id) DO NOTHING',
        [memberId, merchantCode, newReferralCode()],
      );
    } catch (err) {
      if (!(isUniqueViolation(err) && violatedIndex(err) === 'mc_referral_codes_code' && attempt < 5)) throw err;
    }
  }
}

export async function referralOf(db: Db, merchant: Merchant, memberId: number): Promise<Referral> {
  const code = await referralCodeOf(db, merchant.code, memberId);
  const rules = (await rulesOf(db.query, merchant.code)).referral;
  const { rows } = await db.query<{ invited: string | number; qualified: string | number }>(
    `SELECT count(*) AS invited, count(*) FILTER (WHERE deposit_total >= $3) AS qualified
       FROM members WHERE merchant_code = $1 AND upper(referral_code) = $2 AND id <> $4`,
    [merchant.code, code, rules.minDeposit, memberId],
  );
  const invited = Number(rows[0]?.invited ?? 0);
  const qualified = Number(rows[0]?.qualified ?? 0);
  return {
    code,
    invited,
    qualified,
    earned: round2(Math.min(qualified, rules.maxFriends) * rules.rewardPerFriend),
    currency: currencyOf(merchant),
  };
}
