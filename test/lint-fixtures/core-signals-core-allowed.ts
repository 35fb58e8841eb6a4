// lint as: src/core/lint-fixture.ts
// expect: nothing (the models' signals are core's own)
import { signal } from '@preact/signals-core';

export const count = signal(0);
