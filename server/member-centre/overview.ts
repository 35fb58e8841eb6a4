/** The member centre's header figures and badges (GET /wps/mc/overview). */
import type { McOverview } from '../../src/contract/endpoints.ts';
import type { Db } from '../db/db.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { walletOf } from './common.ts';
import { rescueOf } from './rescue.ts';
import { availableCounts } from './rewards.ts';
import { signedToday } from './signin.ts';
import { claimableTasks } from './tasks.ts';

export async function overviewOf(db: Db, merchant: Merchant, memberId: number): Promise<McOverview> {
  const { query } = db;
  const [wallet, counts, tasks, signed, rescue] = await Promise.all([
    walletOf(query, merchant, memberId),
    availableCounts(query, memberId),
    claimableTasks(query, merchant.code, memberId),
    signedToday(query, memberId),
    rescueOf(query, merchant, memberId),
  ]);
  return { ...wallet, ...counts, tasks, signedToday: signed, rescue: rescue.state === 'available' };
}
