/**
 * Everything that pulls in jsencrypt or crypto-js. Imported only through dynamic `import()`, so
 * rollup puts it in its own chunk and the first load never pays for it.
 */
import { JSEncrypt } from 'jsencrypt';
import CryptoJS from 'crypto-js/core';
import 'crypto-js/tripledes';
import 'crypto-js/enc-base64';
import 'crypto-js/hmac-sha256';
import md5 from 'crypto-js/md5';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** 3DES-CBC key and IV, fresh for every request. */
function randomKey() {
  const key = crypto.getRandomValues(new Uint8Array(24));
  const iv = crypto.getRandomValues(new Uint8Array(8));
  return { keyHex: hex(key), ivHex: hex(iv) };
}

export interface SealedBody {
  headers: { Encryption: string; 'X-RSA': string; 'X-Digest': string };
  body: { value: string };
}

/** Seals a JSON text for the server: see docs/api.md, "Request encryption". */
export function seal(plaintext: string, rsaPublicKeyB64: string): SealedBody {
  const { keyHex, ivHex } = randomKey();
  const key = CryptoJS.enc.Hex.parse(keyHex);
  const iv = CryptoJS.enc.Hex.parse(ivHex);
  const encrypted = CryptoJS.TripleDES.encrypt(CryptoJS.enc.Utf8.parse(plaintext), key, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  const rsa = new JSEncrypt();
  rsa.setPublicKey(`-----BEGIN PUBLIC KEY-----\n${rsaPublicKeyB64}\n-----END PUBLIC KEY-----`);
  const wrapped = rsa.encrypt(keyHex + ivHex);
  if (!wrapped) throw new Error('encryption.key.invalid');
  return {
    headers: {
      Encryption: '3DES-CBC',
      'X-RSA': wrapped,
      // Keyed with the request key: a plain hash of the body would let an eavesdropper test guesses.
      'X-Digest': CryptoJS.HmacSHA256(plaintext, key).toString(CryptoJS.enc.Hex),
    },
    body: { value: encrypted.ciphertext.toString(CryptoJS.enc.Base64) },
  };
}

export function md5Hex(text: string): string {
  return md5(text).toString(CryptoJS.enc.Hex);
}
