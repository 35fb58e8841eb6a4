// lint as: src/core/lint-fixture.ts
// expect: no-restricted-imports
import { useSignals } from '@preact/signals-react/runtime';

export const track = useSignals;
