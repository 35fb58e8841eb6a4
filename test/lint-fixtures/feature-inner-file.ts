// lint as: src/features/chat/lint-fixture.ts
// expect: import-x/no-restricted-paths
import { vipState } from '../vip/model.ts';

export const vip = vipState;
