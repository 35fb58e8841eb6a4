// lint as: elements/lint-fixture.tsx
// expect: import-x/no-restricted-paths
import { preloadElement } from '../host/lazyElements.ts';

export const preload = preloadElement;
