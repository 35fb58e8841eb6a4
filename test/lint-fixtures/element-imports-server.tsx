// lint as: elements/lint-fixture.tsx
// expect: import-x/no-restricted-paths
import type { WpsApp } from '../server/app.ts';

export type App = WpsApp;
