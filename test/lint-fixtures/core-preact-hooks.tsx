// lint as: src/core/lint-fixture.tsx
// expect: no-restricted-imports
import { useEffect } from 'preact/hooks';

export const effect = useEffect;
