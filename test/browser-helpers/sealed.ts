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

/**
 * A fixed 1024-bit test key (2048 bits is what the server uses; tests only need the scheme). Made
 * once with openssl rather than in every test file: generating one in JavaScript took seconds, and a
 * mutation run starts these files hundreds of times. It protects nothing.
 */
const TEST_KEY = `-----BEGIN RSA PRIVATE KEY-----
MIICXQIBAAKBgQCtrGMfI/tyGLLFXyEOSDPKe6fO1XSa+M/xMT0NooE3lOGp7GFT
l5Re2vYehDzSxfqbF53DM6lw3zK5rhp6zvnNGVY63ryBnMdzf/KfVnko2O/Ld1KX
U61MYMekWw32ooHy1/Bh2xjBUthu7Oz/pEqQmEuBySyDtIE323RurODatwIDAQAB
AoGASzvQPJ8zv7tfRgztnug8N0zV5s2lE7URL2SrFAr/evptv1R83N9fELA9yf5y
8sN8yk6ysurgTdsCeFkpc2XR5AaLvR4Cc1aJsJXUgpxsGUCKHAMMPm4w976jGGFB
6m7GmXdTmEpdfSle7s4gkyMQOwG20VOx6JiuqOlWU91uV6ECQQDW+0g8lpo4u3p0
a2+ubOEpHs8umuOrTpvufEd/EpHe/vsC7i3Z0/Ooq8g01TJri2rlLKY74aCSQJYl
qGtx2w0/AkEAzs9q8aXrNIjaDEsua/NXWl/i07B05MXdhK6Y9xXRJRroH+oYLZTh
g1PEO2hsLmHtG503UzE0Fd6U59l92XQ8iQJAX5x0PRYR0ud2h658hgvAfARKyoRy
eu7EJOW6+oXswEuQoXYCiF1egYaczPqAqRnhWblo2Tr4qfL1lBv6ZTGyCwJBALKR
P6r08ziCLZvN0oBdNYCQKF9WDih2fEWTJ/q4eMSMDf94dnXtBicJzfbpu/b0kPF1
9w46/tkfPf1Ouq5nAdkCQQCMjTQtvEqW9jelb6XOb7NHXuIUG5DORuPe6ccjYQZ0
Ao2UtVDZm+MMuwj1kuAzCZsX7PG8I0gEEVadNa5fHJgy
-----END RSA PRIVATE KEY-----`;

export function rsaPair(): RsaPair {
  if (!pair) {
    const rsa = new JSEncrypt();
    rsa.setPrivateKey(TEST_KEY);
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
