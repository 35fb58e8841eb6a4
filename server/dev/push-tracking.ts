/**
 * The dev controls of push and tracking (mounted by controls.ts, whose request helpers they use):
 * the bound push tokens and the push service stand-in's registrations, the last tracking events,
 * and the merchant's pixel ids (set or cleared; kept in the runtime state, so a restart keeps them
 * and `POST /dev/reset` puts back merchants.json's).
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { PIXEL_ID } from '../../src/core/tracking/pixelHosts.ts';
import type { Deps } from '../api/call.ts';
import { PIXEL_KEYS } from '../db/state-fields.ts';
import { validate } from '../infra/body.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { registrationsOf } from '../push/push-service.ts';
import { pushTokensOf } from '../push/relay.ts';
import { trackingEventsOf } from '../tracking/tracking.ts';

type Input = { form: boolean; merchant: Merchant; fields: Record<string, unknown> };

/** What controls.ts lends these routes. */
export interface PushTrackingIo<I extends Input> {
  readInput(c: Context, deps: Deps): Promise<I>;
  answer(c: Context, input: I, value: unknown): Response | Promise<Response>;
  headerMerchant(c: Context, deps: Deps): Merchant;
}

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

const NO_STORE = { 'Cache-Control': 'no-store' };

export function mountPushTrackingDev<I extends Input>(app: Hono, deps: Deps, io: PushTrackingIo<I>): void {
  /** `{ project, tokens, registrations }`: the merchant's push project (null: push off), bound tokens, the stand-in's registrations. */
  app.get('/dev/push', async (c) => {
    const merchant = io.headerMerchant(c, deps);
    const project = merchant.push?.projectId ?? null;
    const value = {
      project,
      tokens: await pushTokensOf(deps.db, merchant.code),
      registrations: project === null ? [] : await registrationsOf(deps, project),
    };
    return c.json({ success: true, value }, 200, NO_STORE);
  });

  /** The merchant's last 50 tracking events, newest first. */
  app.get('/dev/tracking', async (c) =>
    c.json({ success: true, value: await trackingEventsOf(deps.db, io.headerMerchant(c, deps).code) }, 200, NO_STORE),
  );

  /** The merchant's pixel ids as the status gives them (`{}`: none). */
  app.get('/dev/pixels', async (c) =>
    c.json({ success: true, value: (await deps.state.get(io.headerMerchant(c, deps))).analytics }, 200, NO_STORE),
  );

  /** `{ fbPixelId?, tiktokPixelId?, gtagId?, kwaiPixelId?, bigoPixelId?, appsflyerId?, adjustToken? }`: `value` the new ids. */
  app.post('/dev/pixels', async (c) => {
    const input = await io.readInput(c, deps);
    const body = validate(pixelsBody, input.fields);
    const next: Record<string, string> = { ...(await deps.state.get(input.merchant)).analytics } as Record<string, string>;
    for (const key of PIXEL_KEYS) {
      const value = body[key];
      if (value === undefined) continue;
      if (value === null || value === '') delete next[key];
      else next[key] = value;
    }
    const state = await deps.state.update(input.merchant, { analytics: next });
    return io.answer(c, input, state.analytics);
  });
}
