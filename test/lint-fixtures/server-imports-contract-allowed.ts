// lint as: server/lint-fixture.ts
// expect: nothing
import { endpoints } from '../src/contract/endpoints.ts';

export const rows = endpoints;
