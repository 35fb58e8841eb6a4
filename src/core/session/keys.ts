/**
 * Where the session and the remembered login are stored. Apart from their modules so that the host
 * page's inline snippet (host/preload.ts) can tell a signed-in player before any code has loaded.
 */
import { KEY_PREFIX } from '../storage/storage.ts';

export const SESSION_KEY = `${KEY_PREFIX}session`;
export const REMEMBERED_LOGIN_KEY = `${KEY_PREFIX}rememberedLogin`;
