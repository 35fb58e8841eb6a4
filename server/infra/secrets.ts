/**
 * The server's own secret: 32 random bytes in DATA_DIR/server-secret.key (mode 0600; in memory with
 * `dataDir: ':memory:'`; in the database's `server_keys` with DATABASE_URL, shared by every instance:
 * server/db/keys.ts). Keys for each purpose are derived from it with HKDF-SHA256:
 *
 * - `mac(purpose, ...parts)`: HMAC-SHA256, for what is kept only as a keyed hash (SMS codes,
 *   captcha results) and for the digits the captcha stand-in shows;
 * - `seal` / `open`: AES-256-GCM, for what must be read back (the members' authenticator secrets).
 *
 * Deleting the file makes the stored authenticator secrets unreadable (such a member then has no
 * authenticator factor) and the SMS codes and captcha results in flight invalid; nothing else.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_FILE = 'server-secret.key';

export interface Secrets {
  /** Hex HMAC-SHA256 of the parts (JSON-encoded, so no two lists give the same input). */
  mac(purpose: string, ...parts: string[]): string;
  /** AES-256-GCM: `v1.<iv>.<ciphertext>.<tag>` (base64url), bound to the purpose. */
  seal(purpose: string, plaintext: string): string;
  /** The plaintext, or undefined when the value is not one this key sealed for this purpose. */
  open(purpose: string, sealed: string): string | undefined;
}

export function loadOrCreateSecrets(dataDir: string): Secrets {
  return secretsOf(readOrCreateMaster(dataDir));
}

/** DATA_DIR's master key when there is one (undefined in memory or before the first start). */
export function readMaster(dataDir: string): Buffer | undefined {
  if (dataDir === ':memory:') return undefined;
  const file = join(dataDir, SECRET_FILE);
  if (!existsSync(file)) return undefined;
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file}: not a 32-byte base64 key`);
  return key;
}

function readOrCreateMaster(dataDir: string): Buffer {
  if (dataDir === ':memory:') return randomBytes(32);
  const found = readMaster(dataDir);
  if (found) return found;
  const file = join(dataDir, SECRET_FILE);
  const key = randomBytes(32);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, key.toString('base64') + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  return key;
}

export function secretsOf(master: Buffer): Secrets {
  const derived = new Map<string, Buffer>();
  const keyFor = (use: string) => {
    let key = derived.get(use);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `wps-mobile ${use}`, 32));
      derived.set(use, key);
    }
    return key;
  };
  return {
    mac: (purpose, ...parts) =>
      createHmac('sha256', keyFor(`mac ${purpose}`))
        .update(JSON.stringify(parts))
        .digest('hex'),
    seal(purpose, plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyFor(`seal ${purpose}`), iv);
      cipher.setAAD(Buffer.from(purpose));
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, ct, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(purpose, sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== 'v1') return undefined;
      try {
        const [iv, ct, tag] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
        const decipher = createDecipheriv('aes-256-gcm', keyFor(`seal ${purpose}`), iv);
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
