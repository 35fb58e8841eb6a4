/** Logout: ends the session on the server (best effort) and forgets it here. */
import { call } from '../api/client.ts';
import { clearSession, session } from './sessionInfo.ts';

export async function logout(): Promise<void> {
  if (session.value) await call('logout', undefined, { alert: false }).catch(() => undefined);
  clearSession();
}
