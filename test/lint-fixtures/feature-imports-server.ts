// lint as: src/features/chat/lint-fixture.ts
// expect: import-x/no-restricted-paths
import { createApp } from '../../../server/app.ts';

export const app = createApp;
