/**
 * The push room's dev control, under /dev (server/dev/controls.ts mounts it): the bound push tokens
 * and the push service stand-in's registrations.
 */
import { Hono } from 'hono';
import type { Deps } from '../api/call.ts';
import { headerMerchant, NO_STORE } from '../dev/io.ts';
import { registrationsOf } from './push-service.ts';
import { pushTokensOf } from './relay.ts';

export function pushDev(deps: Deps): Hono {
  const dev = new Hono();

  /** `{ project, tokens, registrations }`: the merchant's push project (null: push off), bound tokens, the stand-in's registrations. */
  dev.get('/push', async (c) => {
    const merchant = headerMerchant(c, deps);
    const project = merchant.push?.projectId ?? null;
    const value = {
      project,
      tokens: await pushTokensOf(deps.db, merchant.code),
      registrations: project === null ? [] : await registrationsOf(deps, project),
    };
    return c.json({ success: true, value }, 200, NO_STORE);
  });

  return dev;
}
