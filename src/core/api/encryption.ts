/** Request encryption (docs/api.md). Crypto libraries load on the first encrypted call only. */
import type { SealedBody } from './crypto-lazy.ts';

let cryptoModule: Promise<typeof import('./crypto-lazy.ts')> | undefined;

export function loadCrypto() {
  cryptoModule ??= import('./crypto-lazy.ts');
  return cryptoModule;
}

export async function sealBody(payload: unknown, rsaPublicKeyB64: string): Promise<SealedBody> {
  const { seal } = await loadCrypto();
  return seal(JSON.stringify(payload ?? {}), rsaPublicKeyB64);
}
