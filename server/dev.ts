/**
 * Dev controls under /dev/: demo and test mode only (never with NODE_ENV=production or --upstream;
 * app.ts decides). Tests and the e2e suite use them to put the server into a state. Later issues
 * add routes here (SMS outbox, maintenance, region restriction, content).
 */
import { Hono } from 'hono';
import type { Deps } from './handlers.ts';
import { deleteMemberSessions } from './sessions.ts';

export function devRoutes(deps: Deps): Hono {
  const dev = new Hono();

  dev.get('/health', (c) => c.json({ success: true }));

  /** Ends every session of a member of the `Merchant` header's merchant (default merchant if absent). */
  dev.post('/members/:username/expire-session', async (c) => {
    const merchant = c.req.header('Merchant') || deps.merchants.defaultCode;
    const deleted = await deleteMemberSessions(deps.db, merchant, c.req.param('username'));
    if (deleted === undefined) {
      return c.json({ success: false, errorCode: 'not.found', message: 'No such member' }, 404);
    }
    return c.json({ success: true, value: { deleted } });
  });

  return dev;
}
