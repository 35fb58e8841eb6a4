/** Apart from the catalogue (endpoints.ts), so the list itself loads only where it is used, not in /m's first load. */
/** docs/product.md §3: the promotion types. */
export const PROMOTION_TYPES = [
  'LOGIN',
  'REGISTER',
  'SAVIOR',
  'DEPOSIT',
  'FIRST_DEPOSIT',
  'SECOND_DEPOSIT',
  'THIRD_DEPOSIT',
  'FOURTH_DEPOSIT',
  'FIFTH_DEPOSIT',
  'DEPOSIT_COUNT',
  'DEPOSIT_BET_BONUS',
  'REFERRAL',
  'MISSION',
  'UPGRADE_BONUS',
  'APP_DOWNLOAD',
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
