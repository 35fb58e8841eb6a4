/**
 * loginDeviceId (docs/product.md §3): an MD5 of the device's traits, formatted as a UUID (8-4-4-4-12).
 * A random seed, kept in local storage, tells apart two devices with the same traits; the id
 * stays the same across sessions on one browser.
 */
import { localStore, KEY_PREFIX } from '../storage/storage.ts';
import { loadCrypto } from '../api/encryption.ts';

const SEED_KEY = `${KEY_PREFIX}deviceSeed`;

export function formatAsUuid(md5Hex: string): string {
  const h = md5Hex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

function traits(seed: string): string {
  const s = typeof screen === 'undefined' ? undefined : screen;
  return [
    seed,
    navigator.userAgent,
    navigator.language,
    s ? `${s.width}x${s.height}x${s.colorDepth}` : '',
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    navigator.hardwareConcurrency ?? '',
  ].join('|');
}

/** The device id; loads the crypto chunk (it is needed by the encrypted call that sends the id anyway). */
export async function deviceId(): Promise<string> {
  let seed = localStore.get<string>(SEED_KEY);
  if (!seed) {
    seed = crypto.getRandomValues(new Uint32Array(4)).join('-');
    localStore.set(SEED_KEY, seed);
  }
  const { md5Hex } = await loadCrypto();
  return formatAsUuid(md5Hex(traits(seed)));
}
