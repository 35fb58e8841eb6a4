// lint as: src/contract/lint-fixture.ts
// expect: import-x/no-restricted-paths
import { localStore } from '../core/storage/storage.ts';

export const store = localStore;
