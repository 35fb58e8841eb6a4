/**
 * The signed-in session (docs/product.md §3): a signal mirrored to sessionStorage, so a reload keeps it and
 * a new tab does not. Old iOS home-screen apps lose sessionStorage when closed, so there it is
 * mirrored to localStorage instead.
 */
import { signal, computed } from '@preact/signals-core';
import { localStore, sessionStore, KEY_PREFIX } from '../storage/storage.ts';
import { currentStandalone, currentUA, isLegacyIosHomeScreen } from '../env/env.ts';
import { MemberType } from './memberType.ts';

export interface SessionInfo {
  id?: number;
  token: string;
  merchantCode: string;
  userName?: string;
  type: number;
  firstTimeLogin?: boolean;
}

export const SESSION_KEY = `${KEY_PREFIX}session`;

const store = () => (isLegacyIosHomeScreen(currentUA(), currentStandalone()) ? localStore : sessionStore);

function isSessionInfo(v: unknown): v is SessionInfo {
  const s = v as SessionInfo | undefined;
  return !!s && typeof s.token === 'string' && s.token.length > 0 && typeof s.type === 'number';
}

function restore(): SessionInfo | undefined {
  const saved = store().get<unknown>(SESSION_KEY);
  return isSessionInfo(saved) ? saved : undefined;
}

export const session = signal<SessionInfo | undefined>(restore());
export const token = computed(() => session.value?.token);
export const memberType = computed(() => session.value?.type ?? MemberType.VISITOR);
export const isLoggedIn = computed(() => !!session.value);

export function saveSession(info: SessionInfo) {
  store().set(SESSION_KEY, info);
  session.value = info;
}

export function updateSession(patch: Partial<SessionInfo>) {
  if (session.value) saveSession({ ...session.value, ...patch });
}

/**
 * Keys that describe the visit, not the member: they survive a logout, or the native app would get
 * a download bar again and a later registration would lose its referral code.
 */
const VISIT_KEYS = new Set(
  ['inApp', 'tracking', 'registrationInfo', 'downloadBarHidden', 'sessionEnded', 'overlaysAnswered'].map((k) => KEY_PREFIX + k),
);
/** The please-login notice is waiting for its tap (core/api/errors.ts): kept while the session is cleared. */
export const SESSION_ENDED_KEY = `${KEY_PREFIX}sessionEnded`;

/** Forgets the session and every member-related key this product put in session storage. */
export function clearSession() {
  store().remove(SESSION_KEY);
  const kept = [...VISIT_KEYS].map((key) => [key, sessionStore.get<unknown>(key)] as const).filter(([, v]) => v !== undefined);
  sessionStore.clear(KEY_PREFIX);
  for (const [key, value] of kept) sessionStore.set(key, value);
  session.value = undefined;
}
