// lint as: server/lint-fixture.ts
// expect: import-x/no-restricted-paths
import { session } from '../src/core/session/sessionInfo.ts';

export const s = session;
