/** server/infra/crypto.ts on its own: key storage, unsealing, and every way a sealed body can be wrong. */
import assert from 'node:assert/strict';
import { constants, createCipheriv, createHmac, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { seal as clientSeal } from '../../src/core/api/crypto-lazy.ts';
import { loadOrCreateKeys, unseal, type RsaKeys, type SealedHeaders } from '../../server/infra/crypto.ts';
import { ApiError } from '../../server/infra/errors.ts';
import { seal, tempDir, wrapKey, type Sealed } from './helpers.ts';

let keys: RsaKeys;
before(async () => {
  keys = await loadOrCreateKeys(':memory:');
});

const headersOf = (s: Sealed): SealedHeaders => ({
  encryption: s.headers.Encryption,
  xRsa: s.headers['X-RSA'],
  xDigest: s.headers['X-Digest'],
});

function refusedWith(code: string) {
  return (err: unknown) => {
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.errorCode, code);
    assert.equal(err.status, 400);
    return true;
  };
}

describe('RSA key pair', () => {
  const tmp = tempDir();
  after(() => tmp.remove());

  test('is generated once, kept with mode 0600, and reused', async () => {
    const first = await loadOrCreateKeys(tmp.dir);
    const mode = statSync(join(tmp.dir, 'rsa-private.pem')).mode & 0o777;
    assert.equal(mode, 0o600);
    const second = await loadOrCreateKeys(tmp.dir);
    assert.equal(second.publicValue.rsaKey, first.publicValue.rsaKey);
  });

  test('public value is base64 DER SPKI of a 2048-bit key with the scheme names', () => {
    const { rsaKey, RSA, DES } = keys.publicValue;
    const key = createPublicKey({ key: Buffer.from(rsaKey, 'base64'), format: 'der', type: 'spki' });
    assert.equal(key.asymmetricKeyDetails?.modulusLength, 2048);
    assert.equal(RSA, 'RSA/ECB/PKCS1Padding');
    assert.equal(DES, 'DESede/CBC/PKCS7Padding');
  });
});

describe('unseal', () => {
  const payload = { username: 'demo', password: 'Demo1234 ✓ é', n: 1 };

  test('opens a body sealed per docs/api.md', () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    assert.deepEqual(unseal(keys, headersOf(s), s.body), payload);
  });

  test("opens a body sealed by the client's own code (jsencrypt + crypto-js)", () => {
    const s = clientSeal(JSON.stringify(payload), keys.publicValue.rsaKey);
    const headers = { encryption: s.headers.Encryption, xRsa: s.headers['X-RSA'], xDigest: s.headers['X-Digest'] };
    assert.deepEqual(unseal(keys, headers, s.body), payload);
  });

  test('accepts an upper-case digest', () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    assert.deepEqual(unseal(keys, { ...headersOf(s), xDigest: s.headers['X-Digest'].toUpperCase() }, s.body), payload);
  });

  test('missing or other Encryption header → encryption.required', () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    assert.throws(() => unseal(keys, { ...headersOf(s), encryption: undefined }, s.body), refusedWith('encryption.required'));
    assert.throws(() => unseal(keys, { ...headersOf(s), encryption: 'AES' }, s.body), refusedWith('encryption.required'));
  });

  test('X-RSA missing, not base64, too long, random or for another key → encryption.key.invalid', async () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    const other = await loadOrCreateKeys(':memory:');
    const cases = [
      undefined,
      '',
      'not base64!',
      randomBytes(300).toString('base64'),
      randomBytes(256).toString('base64'),
      Buffer.alloc(256, 0xff).toString('base64'), // above the modulus
      wrapKey(s.key.toString('hex') + s.iv.toString('hex'), other.publicValue.rsaKey),
    ];
    for (const xRsa of cases) {
      assert.throws(() => unseal(keys, { ...headersOf(s), xRsa }, s.body), refusedWith('encryption.key.invalid'), String(xRsa));
    }
  });

  test('a well-padded wrapping of anything but 64 hex characters → encryption.key.invalid', () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    const hex = s.key.toString('hex') + s.iv.toString('hex');
    for (const text of [hex.slice(0, 62), hex + '00', hex.slice(0, 63) + 'z', s.key.toString('latin1')]) {
      const xRsa = wrapKey(text, keys.publicValue.rsaKey);
      assert.throws(() => unseal(keys, { ...headersOf(s), xRsa }, s.body), refusedWith('encryption.key.invalid'));
    }
  });

  test('a raw (unpadded) RSA wrapping → encryption.key.invalid', () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    const block = Buffer.alloc(256);
    Buffer.from(s.key.toString('hex') + s.iv.toString('hex')).copy(block, 256 - 64);
    const publicKey = createPublicKey({ key: Buffer.from(keys.publicValue.rsaKey, 'base64'), format: 'der', type: 'spki' });
    const xRsa = publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, block).toString('base64');
    assert.throws(() => unseal(keys, { ...headersOf(s), xRsa }, s.body), refusedWith('encryption.key.invalid'));
  });

  test('value missing, not a string, not base64 or not whole 3DES blocks → encryption.payload.invalid', () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    for (const body of [
      {},
      { value: 42 },
      { value: '' },
      { value: '%%%' },
      { value: Buffer.alloc(7).toString('base64') },
      null,
      [],
    ]) {
      assert.throws(() => unseal(keys, headersOf(s), body), refusedWith('encryption.payload.invalid'), JSON.stringify(body));
    }
  });

  test('tampered ciphertext → encryption.digest.mismatch (bad padding is not told apart: no padding oracle)', () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    const bytes = Buffer.from(s.body.value, 'base64');
    for (const index of [0, bytes.length - 1, bytes.length - 9]) {
      const forged = Buffer.from(bytes);
      forged[index]! ^= 0x01;
      assert.throws(
        () => unseal(keys, headersOf(s), { value: forged.toString('base64') }),
        refusedWith('encryption.digest.mismatch'),
        `byte ${index}`,
      );
    }
  });

  test('tampered, missing or malformed digest → encryption.digest.mismatch', () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    const d = s.headers['X-Digest'];
    const flipped = (d[0] === '0' ? '1' : '0') + d.slice(1);
    const plainSha = createHmac('sha256', Buffer.alloc(24)).update(JSON.stringify(payload)).digest('hex');
    for (const xDigest of [undefined, '', flipped, d.slice(2), d + '00', 'zz' + d.slice(2), plainSha]) {
      assert.throws(
        () => unseal(keys, { ...headersOf(s), xDigest }, s.body),
        refusedWith('encryption.digest.mismatch'),
        String(xDigest),
      );
    }
  });

  test('a genuine seal of text that is not JSON → encryption.payload.invalid', () => {
    for (const text of ['{not json', '']) {
      const s = seal(undefined, keys.publicValue.rsaKey, text);
      assert.throws(() => unseal(keys, headersOf(s), s.body), refusedWith('encryption.payload.invalid'));
    }
  });

  test('a genuine seal of bytes that are not UTF-8 → encryption.payload.invalid', () => {
    const key = randomBytes(24);
    const iv = randomBytes(8);
    const plaintext = Buffer.from([0x22, 0xff, 0xfe, 0x22]);
    const cipher = createCipheriv('des-ede3-cbc', key, iv);
    const value = Buffer.concat([cipher.update(plaintext), cipher.final()]).toString('base64');
    const headers = {
      encryption: '3DES-CBC',
      xRsa: wrapKey(key.toString('hex') + iv.toString('hex'), keys.publicValue.rsaKey),
      xDigest: createHmac('sha256', key).update(plaintext).digest('hex'),
    };
    assert.throws(() => unseal(keys, headers, { value }), refusedWith('encryption.payload.invalid'));
  });

  test('the error messages never carry the key, the IV or the plaintext', () => {
    const s = seal(payload, keys.publicValue.rsaKey);
    const attempts: [SealedHeaders, unknown][] = [
      [{ ...headersOf(s), xDigest: '0'.repeat(64) }, s.body],
      [{ ...headersOf(s), xRsa: randomBytes(256).toString('base64') }, s.body],
    ];
    for (const [headers, body] of attempts) {
      try {
        unseal(keys, headers, body);
        assert.fail('should refuse');
      } catch (err) {
        const text = String((err as Error).message) + JSON.stringify(err);
        for (const secret of [s.key.toString('hex'), s.iv.toString('hex'), 'Demo1234']) assert.ok(!text.includes(secret));
      }
    }
  });
});
