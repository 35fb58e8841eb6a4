/**
 * Logout: ends the session on the server (best effort) and forgets it here. A player who logs out
 * on purpose is not logged straight back in: auto login turns off until the next remembered login
 * (the username stays filled in).
 */
import { call } from '../api/client.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { clearSession, session } from './sessionInfo.ts';
import { turnAutoLoginOff } from './rememberedLogin.ts';

export async function logout(): Promise<void> {
  if (session.value) await call(endpoints.logout, undefined, { alert: false }).catch(() => undefined);
  clearSession();
  turnAutoLoginOff();
}
