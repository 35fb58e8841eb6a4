// lint as: src/core/lint-fixture.ts
// expect: no-restricted-imports
import type { ComponentType } from 'preact/compat';

export type Any = ComponentType;
