// lint as: src/core/lint-fixture.ts
// expect: import-x/no-restricted-paths
import { adoptStyles } from '../ui/styles.ts';

export const adopt = adoptStyles;
