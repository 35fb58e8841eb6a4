/**
 * Push config, support and errors (docs/push.md): what decides whether push is offered, small enough
 * for the prompt's first load. The token lifecycle is ./model.ts, loaded when push is used.
 */
import type { SiteStatus } from '../../contract/endpoints.ts';
import { currentStandalone, currentUA, iosVersion } from '../../core/env/env.ts';
import { KEY_PREFIX } from '../../core/storage/storage.ts';

export type PushErrorCode =
  | 'missing-app-config-values'
  | 'permission-default'
  | 'permission-blocked'
  | 'unsupported-browser'
  | 'indexed-db-unsupported'
  | 'failed-service-worker-registration'
  | 'invalid-sw-registration'
  | 'token-subscribe-failed'
  | 'token-subscribe-no-token'
  | 'token-unsubscribe-failed'
  | 'token-update-failed'
  | 'token-update-no-token'
  /** Ours: iOS offers push only inside the installed home-screen app, from 16.4. */
  | 'ios-needs-install'
  /** Ours: the relay (bind or subscribe) refused or could not be reached. */
  | 'bind-failed';

export class PushError extends Error {
  constructor(readonly code: PushErrorCode) {
    super(`messaging/${code}`);
  }
}

/** docs/product.md §9: a registration older than this is refreshed. */
export const TOKEN_REFRESH_MS = 604800000;
export const REGISTRATION_KEY = `${KEY_PREFIX}pushRegistration`;
/** Set while this browser's token is bound to a member (so a logout made before the push code loaded still unsubscribes). */
export const BOUND_KEY = `${KEY_PREFIX}pushBound`;
export const SW_URL = '/firebase-messaging-sw.js';
/** The scope the Firebase convention uses, apart from the /m service worker's. */
export const SW_SCOPE = '/firebase-cloud-messaging-push-scope';
export const GOOGLE_PUSH_SERVICE = 'https://fcmregistrations.googleapis.com/v1';

export interface PushConfig {
  apiKey: string;
  appId: string;
  projectId: string;
  messagingSenderId: string;
  authDomain?: string;
  vapidKey?: string;
  /** The push service's registrations API base (Google's unless the server names its stand-in). */
  serviceUrl: string;
  /** True with the server's stand-in: no Firebase installation token needed. */
  standIn: boolean;
}

/** The push config of the site status (sms provider), or missing-app-config-values. */
export function pushConfig(status: SiteStatus | undefined): PushConfig {
  const sms = status?.info.sms;
  const { apiKey, appId, projectId, messagingSenderId } = sms ?? {};
  if (!apiKey || !appId || !projectId || !messagingSenderId) throw new PushError('missing-app-config-values');
  let serviceUrl = GOOGLE_PUSH_SERVICE;
  const standIn = !!sms?.pushServiceUrl && /^https?:\/\/[^/?#]+\/[\w/.-]*$/.test(sms.pushServiceUrl);
  if (standIn) serviceUrl = sms!.pushServiceUrl!.replace(/\/+$/, '');
  return {
    apiKey,
    appId,
    projectId,
    messagingSenderId,
    authDomain: sms?.authDomain,
    vapidKey: sms?.vapidKey,
    serviceUrl,
    standIn,
  };
}

/** Has the merchant push at all (no throw): the host's cheap check. */
export function hasPushConfig(status: SiteStatus | undefined): boolean {
  try {
    pushConfig(status);
    return true;
  } catch {
    return false;
  }
}

export interface SupportEnv {
  ua: string;
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  hasIndexedDb: boolean;
}

export function currentSupportEnv(): SupportEnv {
  return {
    ua: currentUA(),
    standalone: currentStandalone(),
    hasServiceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    hasNotification: typeof Notification !== 'undefined',
    hasIndexedDb: typeof indexedDB !== 'undefined',
  };
}

/**
 * Why push cannot be offered here, or undefined when it can. iOS: only 16.4+ and only in the installed
 * home-screen app (Safari in a tab has no push at all).
 */
export function unsupportedReason(env: SupportEnv): PushErrorCode | undefined {
  const ios = iosVersion(env.ua);
  if (ios) {
    const modern = ios[0] > 16 || (ios[0] === 16 && ios[1] >= 4);
    if (!modern) return 'unsupported-browser';
    if (!env.standalone) return 'ios-needs-install';
  }
  if (!env.hasServiceWorker || !env.hasPushManager || !env.hasNotification) return 'unsupported-browser';
  if (!env.hasIndexedDb) return 'indexed-db-unsupported';
  return undefined;
}
