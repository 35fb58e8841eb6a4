/**
 * Remembered login and the auto-login rule (docs/product.md §3, §4).
 *
 * The record (type, username, merchant, autoLogin) lives in local storage. The password is never
 * stored readably (docs/architecture.md, Security rules): it is encrypted with AES-GCM under a WebCrypto key
 * created non-extractable and kept in IndexedDB, so script on the page can use the key but nobody
 * can read it out, and a copied local storage is useless elsewhere. Without WebCrypto (an insecure
 * context) only the username is remembered.
 */
import { createStore, get, set, del } from 'idb-keyval';
import { localStore } from '../storage/storage.ts';
import { REMEMBERED_LOGIN_KEY } from './autoLogin.ts';

export { REMEMBERED_LOGIN_KEY };
const KEY_NAME = 'remembered-login-key';

export type RememberedType = 'username' | 'sms';

export interface RememberedLogin {
  type: RememberedType;
  username: string;
  merchant: string;
  /** 0 turns auto login off (token_ip_different, or the player unticked it). */
  autoLogin: 0 | 1;
  /** Present only when it could be decrypted. */
  password?: string;
}

interface StoredRecord extends Omit<RememberedLogin, 'password'> {
  secret?: { iv: string; data: string };
}

const toB64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

let keyStore: ReturnType<typeof createStore> | undefined;
const store = () => (keyStore ??= createStore('wps', 'keys'));

const canEncrypt = () => typeof crypto !== 'undefined' && !!crypto.subtle && typeof indexedDB !== 'undefined';

/** The page's AES-GCM key: made once, non-extractable, kept in IndexedDB. */
async function deviceKey(create: boolean): Promise<CryptoKey | undefined> {
  const existing = await get<CryptoKey>(KEY_NAME, store()).catch(() => undefined);
  if (existing || !create) return existing;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await set(KEY_NAME, key, store());
  return key;
}

async function encrypt(password: string): Promise<StoredRecord['secret']> {
  if (!canEncrypt()) return undefined;
  const key = await deviceKey(true).catch(() => undefined);
  if (!key) return undefined;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(password));
  return { iv: toB64(iv), data: toB64(data) };
}

async function decrypt(secret: StoredRecord['secret']): Promise<string | undefined> {
  if (!secret || !canEncrypt()) return undefined;
  try {
    const key = await deviceKey(false);
    if (!key) return undefined;
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(secret.iv) }, key, fromB64(secret.data));
    return new TextDecoder().decode(plain);
  } catch {
    return undefined; // another device's record, or tampered: treat as no password
  }
}

function isRecord(v: unknown): v is StoredRecord {
  const r = v as StoredRecord | undefined;
  return !!r && (r.type === 'username' || r.type === 'sms') && typeof r.username === 'string' && typeof r.merchant === 'string';
}

/** Saves the remembered login after a successful login (never after a failed one: docs/product.md §4). */
export async function saveRememberedLogin(login: RememberedLogin): Promise<void> {
  const { password, ...rest } = login;
  const secret = login.type === 'username' && password ? await encrypt(password) : undefined;
  localStore.set(REMEMBERED_LOGIN_KEY, { ...rest, secret } satisfies StoredRecord);
}

export async function readRememberedLogin(): Promise<RememberedLogin | undefined> {
  const stored = localStore.get<unknown>(REMEMBERED_LOGIN_KEY);
  if (!isRecord(stored)) return undefined;
  const { secret, ...rest } = stored;
  return { ...rest, autoLogin: rest.autoLogin === 0 ? 0 : 1, password: await decrypt(secret) };
}

/** login.cred.err and not.exists.user remove the remembered login (docs/product.md §8). */
export async function forgetRememberedLogin(): Promise<void> {
  localStore.remove(REMEMBERED_LOGIN_KEY);
  if (canEncrypt()) await del(KEY_NAME, store()).catch(() => undefined);
}

/** token_ip_different turns auto login off, keeping the rest (docs/product.md §8). */
export function turnAutoLoginOff() {
  const stored = localStore.get<unknown>(REMEMBERED_LOGIN_KEY);
  if (isRecord(stored)) localStore.set(REMEMBERED_LOGIN_KEY, { ...stored, autoLogin: 0 });
}

export interface AutoLoginContext {
  hasToken: boolean;
  hasSession: boolean;
  /** redirectUrl or backUrl in the query. */
  redirectOrBack: boolean;
  /** Whitelabel flag MOBILEAUTOLOGIN3. */
  flagOn: boolean;
  merchant: string;
  remembered: RememberedLogin | undefined;
}

/** Auto login runs only when every condition of docs/product.md §4 holds (checked on mount only). */
export function autoLoginAllowed(c: AutoLoginContext): boolean {
  const r = c.remembered;
  return (
    !c.hasToken &&
    !c.hasSession &&
    !c.redirectOrBack &&
    c.flagOn &&
    !!r &&
    r.autoLogin !== 0 &&
    r.merchant === c.merchant &&
    r.type !== 'sms' &&
    !!r.password
  );
}
