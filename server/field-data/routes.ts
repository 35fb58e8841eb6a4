/**
 * The field-data room's routes (docs/field-data.md), mounted by server/app.ts with `app.route`:
 * the post /m sends when a page is hidden, and in demo mode `GET /dev/vitals`, the summary the /dev/
 * page draws (behind the /dev/* guard app.ts puts before it: allowed host names, loopback only).
 */
import { Hono } from 'hono';
import { FIELD_DATA_PATH } from '../../src/contract/fieldData.ts';
import type { Deps } from '../api/call.ts';
import { jsonAnswer } from '../infra/answer.ts';
import { ApiError } from '../infra/errors.ts';
import { postFieldData, summarise } from './store.ts';

export function fieldDataRoutes(deps: Deps, options: { dev: boolean }): Hono {
  const room = new Hono();
  // A beacon from the player's page, no session (the /wps gate in app.ts answers its headers).
  room.post(FIELD_DATA_PATH, async (c) => jsonAnswer(c, { success: true, value: await postFieldData(c, deps) }));
  if (options.dev) {
    /** `{ vitals, errors }` of the `Merchant` header's merchant (default: the default merchant). */
    room.get('/dev/vitals', async (c) => {
      const merchant = deps.merchants.byCode.get(c.req.header('Merchant')?.trim() || deps.merchants.defaultCode);
      if (!merchant) throw new ApiError('merchant.unknown', 'Unknown merchant');
      return c.json({ success: true, value: await summarise(deps.db, merchant.code) }, 200, { 'Cache-Control': 'no-store' });
    });
  }
  return room;
}
