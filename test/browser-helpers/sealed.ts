/**
 * The server's side of request encryption (docs/api.md) for browser tests: a test RSA key pair the
 * stubbed /wps/session/key/rsa hands out, and opening a sealed body (unwrap the key, decrypt, check
 * the digest) to assert what was really sent.
 */
import { expect } from 'chai';
import { JSEncrypt } from 'jsencrypt';
import CryptoJS from 'crypto-js';

export interface RsaPair {
  /** The value of GET /wps/session/key/rsa. */
  value: { rsaKey: string; RSA: string; DES: string };
  decrypt(b64: string): string | false;
}

let pair: RsaPair | undefined;

/** One 1024-bit pair per test file (2048 bits is what the server uses; tests only need the scheme). */
export function rsaPair(): RsaPair {
  if (!pair) {
    const rsa = new JSEncrypt({ default_key_size: '1024' });
    pair = {
      value: { rsaKey: rsa.getPublicKeyB64(), RSA: 'RSA/ECB/PKCS1Padding', DES: 'DESede/CBC/PKCS7Padding' },
      decrypt: (b64) => rsa.decrypt(b64),
    };
  }
  return pair;
}

/** Opens a sealed `value` as the server does: unwrap the key, decrypt, check the digest. */
export function unsealValue(headers: Headers, value: string): Record<string, unknown> {
  expect(headers.get('Encryption')).to.equal('3DES-CBC');
  const material = rsaPair().decrypt(headers.get('X-RSA') ?? '');
  expect(material, 'X-RSA unwraps with the private key').to.be.a('string');
  const key = CryptoJS.enc.Hex.parse((material as string).slice(0, 48));
  const iv = CryptoJS.enc.Hex.parse((material as string).slice(48));
  const plaintext = CryptoJS.TripleDES.decrypt(
    CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Base64.parse(value) }),
    key,
    {
      iv,
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.Pkcs7,
    },
  ).toString(CryptoJS.enc.Utf8);
  expect(headers.get('X-Digest')).to.equal(CryptoJS.HmacSHA256(plaintext, key).toString(CryptoJS.enc.Hex));
  return fields(JSON.parse(plaintext) as Record<string, unknown>);
}

/** The single-use fields every sealed body carries (docs/api.md); as the server does, the rest is the payload. */
function fields({ requestNonce, requestTime, ...payload }: Record<string, unknown>): Record<string, unknown> {
  expect(requestNonce, 'requestNonce').to.match(/^[0-9a-f]{32}$/);
  expect(requestTime, 'requestTime').to.be.a('number');
  lastFreshness = { requestNonce: requestNonce as string, requestTime: requestTime as number };
  return payload;
}

/** The nonce and time of the body unsealed last. */
export let lastFreshness: { requestNonce: string; requestTime: number } | undefined;

/** The same for a whole request body `{ value }`. */
export function unsealBody(headers: Headers, body: string | undefined): Record<string, unknown> {
  return unsealValue(headers, (JSON.parse(body ?? '{}') as { value: string }).value);
}
