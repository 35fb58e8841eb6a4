/**
 * The tracking room's dev controls, under /dev (server/dev/controls.ts mounts them): the last
 * tracking events, and the merchant's pixel ids (set or cleared; kept in the runtime state, so a
 * restart keeps them and `POST /dev/reset` puts back merchants.json's).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { PIXEL_ID } from '../../src/contract/tracking/pixelHosts.ts';
import type { Deps } from '../api/call.ts';
import { PIXEL_KEYS } from '../db/state-fields.ts';
import { answer, headerMerchant, NO_STORE, readInput } from '../dev/io.ts';
import { validate } from '../infra/body.ts';
import { trackingEventsOf } from './tracking.ts';

/** A pixel id sets it; null or '' clears it; an absent key is left as it is. */
const pixelValue = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || PIXEL_ID.test(s), 'not a pixel id'),
    ),
  ),
);
const pixelsBody = v.strictObject(
  Object.fromEntries(PIXEL_KEYS.map((k) => [k, pixelValue])) as Record<(typeof PIXEL_KEYS)[number], typeof pixelValue>,
);

export function trackingDev(deps: Deps): Hono {
  const dev = new Hono();

  /** The merchant's last 50 tracking events, newest first. */
  dev.get('/tracking', async (c) =>
    c.json({ success: true, value: await trackingEventsOf(deps.db, headerMerchant(c, deps).code) }, 200, NO_STORE),
  );

  /** The merchant's pixel ids as the status gives them (`{}`: none). */
  dev.get('/pixels', async (c) =>
    c.json({ success: true, value: (await deps.state.get(headerMerchant(c, deps))).analytics }, 200, NO_STORE),
  );

  /** `{ fbPixelId?, tiktokPixelId?, gtagId?, kwaiPixelId?, bigoPixelId?, appsflyerId?, adjustToken? }`: `value` the new ids. */
  dev.post('/pixels', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(pixelsBody, input.fields);
    const next: Record<string, string> = { ...(await deps.state.get(input.merchant)).analytics } as Record<string, string>;
    for (const key of PIXEL_KEYS) {
      const value = body[key];
      if (value === undefined) continue;
      if (value === null || value === '') delete next[key];
      else next[key] = value;
    }
    const state = await deps.state.update(input.merchant, { analytics: next });
    return answer(c, input, state.analytics);
  });

  return dev;
}
