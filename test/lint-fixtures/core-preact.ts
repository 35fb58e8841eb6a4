// lint as: src/core/session/lint-fixture.ts
// expect: no-restricted-imports
import { h } from 'preact';

export const node = h('div', null);
