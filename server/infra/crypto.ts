/**
 * Request encryption, server side (docs/api.md, "Request encryption"): the RSA key pair kept in the
 * data folder, and `unseal`, which turns an encrypted body back into the JSON the client sealed.
 * Keys, plaintext and ciphertext never go to a log or into an error message.
 */
import {
  constants,
  createDecipheriv,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  privateDecrypt,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RsaKeyValue } from '../../src/contract/endpoints.ts';
import { ApiError, type ServerErrorCode } from './errors.ts';

export interface RsaKeys {
  privateKey: KeyObject;
  /** Byte length of the modulus (256 for RSA-2048). */
  modulusBytes: number;
  /** Value of GET /wps/session/key/rsa. */
  publicValue: RsaKeyValue;
}

export function keysOf(privatePem: string): RsaKeys {
  const privateKey = createPrivateKey(privatePem);
  const der = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 2048;
  return {
    privateKey,
    modulusBytes: Math.ceil(bits / 8),
    publicValue: { rsaKey: der.toString('base64'), RSA: 'RSA/ECB/PKCS1Padding', DES: 'DESede/CBC/PKCS7Padding' },
  };
}

/** Reads DATA_DIR/rsa-private.pem, or makes a 2048-bit pair and keeps it there (mode 0600). */
export async function loadOrCreateKeys(dataDir: string): Promise<RsaKeys> {
  const privatePath = dataDir === ':memory:' ? undefined : join(dataDir, 'rsa-private.pem');
  if (privatePath && existsSync(privatePath)) return keysOf(readFileSync(privatePath, 'utf8'));
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  if (privatePath) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Written under a temporary name first, so a crash never leaves half a key behind.
    const tmp = `${privatePath}.${process.pid}.tmp`;
    writeFileSync(tmp, privateKey, { mode: 0o600 });
    chmodSync(tmp, 0o600); // the umask may have masked the mode above; 0600 is what we want anyway
    renameSync(tmp, privatePath);
    writeFileSync(join(dataDir, 'rsa-public.pem'), publicKey, { mode: 0o600 }); // nothing outside reads it: DATA_DIR is private
  }
  return keysOf(privateKey);
}

export interface SealedHeaders {
  encryption?: string;
  xRsa?: string;
  xDigest?: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const HEX64 = /^[0-9a-f]{64}$/i;

const refuse = (code: ServerErrorCode, message: string) => new ApiError(code, message);

/** Refuses a call that does not say `Encryption: 3DES-CBC` (checked before the body is even parsed). */
export function requireEncryption(headers: SealedHeaders): void {
  if (headers.encryption !== '3DES-CBC') {
    throw refuse('encryption.required', 'This call must be encrypted (Encryption: 3DES-CBC)');
  }
}

/**
 * Unwraps, decrypts and checks a sealed body; answers the parsed plaintext JSON (any JSON value: the
 * caller checks that it is an object).
 */
export function unseal(keys: RsaKeys, headers: SealedHeaders, body: unknown): unknown {
  requireEncryption(headers);
  const { key, iv } = unwrapKey(keys, headers.xRsa);

  const value = typeof body === 'object' && body !== null ? (body as { value?: unknown }).value : undefined;
  if (typeof value !== 'string' || !BASE64.test(value)) {
    throw refuse('encryption.payload.invalid', 'value is not a base64 ciphertext');
  }
  const ciphertext = Buffer.from(value, 'base64');
  if (ciphertext.length === 0 || ciphertext.length % 8 !== 0) {
    throw refuse('encryption.payload.invalid', 'value is not a 3DES-CBC ciphertext');
  }

  // Padding is removed by hand and a bad padding is reported exactly like a bad digest: two
  // different answers would be a CBC padding oracle that decrypts a captured request byte by byte.
  const decipher = createDecipheriv('des-ede3-cbc', key, iv).setAutoPadding(false);
  const padded = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  const pad = padded[padded.length - 1]!;
  let padOk = pad >= 1 && pad <= 8;
  for (let i = 1; i <= 8; i++) if (i <= pad && padded[padded.length - i] !== pad) padOk = false;
  const plaintext = padOk ? padded.subarray(0, padded.length - pad) : padded;

  const digest = createHmac('sha256', key).update(plaintext).digest();
  const given = headers.xDigest && HEX64.test(headers.xDigest) ? Buffer.from(headers.xDigest, 'hex') : undefined;
  const digestOk = given !== undefined && timingSafeEqual(digest, given);
  if (!padOk || !digestOk) {
    throw refuse('encryption.digest.mismatch', 'X-Digest does not match the request');
  }

  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch {
    throw refuse('encryption.payload.invalid', 'The decrypted request is not JSON');
  }
}

/**
 * X-RSA → 24-byte 3DES key and 8-byte IV. Node 20 refuses PKCS#1 v1.5 decryption (CVE-2023-46809),
 * so the RSA step is raw and the type-2 padding is checked here. Every failure, including a well
 * padded message that is not exactly 64 hex characters, answers the same error: the odds that a
 * forged ciphertext decrypts to 64 hex characters are nil, so the answer is no padding oracle.
 */
function unwrapKey(keys: RsaKeys, xRsa: string | undefined): { key: Buffer; iv: Buffer } {
  const invalid = refuse('encryption.key.invalid', 'X-RSA does not unwrap with the server key');
  if (!xRsa || !BASE64.test(xRsa)) throw invalid;
  let wrapped = Buffer.from(xRsa, 'base64');
  if (wrapped.length === 0 || wrapped.length > keys.modulusBytes) throw invalid;
  // Raw RSA needs exactly the modulus length; a client that dropped leading zero bytes is tolerated.
  if (wrapped.length < keys.modulusBytes) {
    wrapped = Buffer.concat([Buffer.alloc(keys.modulusBytes - wrapped.length), wrapped]);
  }
  let em: Buffer;
  try {
    em = privateDecrypt({ key: keys.privateKey, padding: constants.RSA_NO_PADDING }, wrapped);
  } catch {
    throw invalid; // e.g. the number is not below the modulus
  }
  // EM = 00 || 02 || PS (at least 8 nonzero bytes) || 00 || M
  if (em[0] !== 0x00 || em[1] !== 0x02) throw invalid;
  const separator = em.indexOf(0x00, 2);
  if (separator < 10) throw invalid;
  const message = em.subarray(separator + 1).toString('latin1');
  if (!HEX64.test(message)) throw invalid;
  return { key: Buffer.from(message.slice(0, 48), 'hex'), iv: Buffer.from(message.slice(48), 'hex') };
}
