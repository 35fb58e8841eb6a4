// lint as: host/lint-fixture.tsx
// expect: import-x/no-restricted-paths
import { createApp } from '../server/app.ts';

export const app = createApp;
