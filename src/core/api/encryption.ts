/** Request encryption (docs/api.md). Crypto libraries load on the first encrypted call only. */
import type { SealedBody } from './crypto-lazy.ts';

let cryptoModule: Promise<typeof import('./crypto-lazy.ts')> | undefined;

export function loadCrypto() {
  cryptoModule ??= import('./crypto-lazy.ts');
  return cryptoModule;
}

/**
 * Seals a body, made single use first: a random `requestNonce` and `requestTime`, dated on the
 * server's clock (`clockOffset` = server time − this device's time, from the RSA key answer). The
 * server accepts each nonce once, within a short window (docs/api.md, "Request encryption").
 */
export async function sealBody(payload: unknown, rsaPublicKeyB64: string, clockOffset = 0): Promise<SealedBody> {
  const { seal } = await loadCrypto();
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const body = { ...(payload ?? {}), requestNonce: nonce, requestTime: Date.now() + clockOffset };
  return seal(JSON.stringify(body), rsaPublicKeyB64);
}
