// lint as: src/core/lint-fixture.tsx
// expect: no-restricted-imports
import { jsx } from 'react/jsx-runtime';

export const View = () => jsx('div', {});
