/** The two-factor feature's public entry: what another feature may use (docs/architecture.md, Layers). */
export { openTwoFactor } from './model.ts';
export type { Outcome, TwoFactorDetail } from './model.ts';
