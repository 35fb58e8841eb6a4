// lint as: server/lint-fixture.ts
// expect: import-x/no-restricted-paths
import { call } from '../src/core/api/client.ts';

export const c = call;
