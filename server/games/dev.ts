/**
 * The games room's dev control, under /dev (server/dev/controls.ts mounts it): how game launches
 * and their pages behave.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../api/call.ts';
import { gameLaunchModeSchema } from '../db/state-fields.ts';
import { answer, readInput } from '../dev/io.ts';
import { validate } from '../infra/body.ts';

const gamesBody = v.strictObject({ launchMode: gameLaunchModeSchema });

export function gamesDev(deps: Deps): Hono {
  const dev = new Hono();

  /** `{ launchMode: 'ok' | 'hang' | 'fail' | 'page-hang' }`: how game launches and their pages behave (server/games/). */
  dev.post('/games', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(gamesBody, input.form ? { launchMode: input.fields.launchMode } : input.fields);
    return answer(c, input, await deps.state.update(input.merchant, { gameLaunchMode: body.launchMode }));
  });

  return dev;
}
