/**
 * The server's keys when several instances share one PostgreSQL (DATABASE_URL): the RSA pair the
 * clients seal their requests with and the master secret behind SMS code hashes, captcha results and
 * the sealed authenticator secrets. Every instance must hold the same ones, or a login sealed for
 * one instance fails on the next, and a code issued by one is unknown to the other (docs/server.md,
 * "Several instances"). So they live in the `server_keys` table: the first instance to start puts
 * its own in (the ones of its DATA_DIR when it has them, so an existing server keeps its keys), and
 * every instance then uses what the table holds. The embedded database keeps them in DATA_DIR.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { keysOf, type RsaKeys } from '../infra/crypto.ts';
import { readMaster, secretsOf, type Secrets } from '../infra/secrets.ts';
import type { Db } from './db.ts';

/** Puts `candidate` under `name` unless an instance did first; answers what the table holds. */
async function claim(db: Db, name: string, candidate: () => Promise<string> | string): Promise<string> {
  const held = await db.query<{ value: string }>('SELECT value FROM server_keys WHERE name = $1', [name]);
  if (held.rows[0]) return held.rows[0].value;
  await db.query('INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    await candidate(),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_keys WHERE name = $1', [name]);
  return rows[0]!.value;
}

export async function sharedSecrets(db: Db, dataDir: string): Promise<Secrets> {
  const value = await claim(db, 'server-secret', () => (readMaster(dataDir) ?? randomBytes(32)).toString('base64'));
  const master = Buffer.from(value, 'base64');
  if (master.length !== 32) throw new Error('server_keys: server-secret is not a 32-byte base64 key');
  return secretsOf(master);
}

export async function sharedKeys(db: Db, dataDir: string): Promise<RsaKeys> {
  const pem = await claim(db, 'rsa-private', async () => {
    const file = dataDir === ':memory:' ? undefined : join(dataDir, 'rsa-private.pem');
    if (file && existsSync(file)) return readFileSync(file, 'utf8');
    const { privateKey } = await promisify(generateKeyPair)('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return privateKey;
  });
  return keysOf(pem);
}
