// Encodes a customer-service URL for the `path` of a customerService entry (docs/api.md):
// base64url(URL bytes XOR key bytes) followed by the 8-character key.
// Usage: node scripts/encode-cs-path.mjs https://support.example.com/chat [KEY8CHRS]
import { randomBytes } from 'node:crypto';

const [url, keyArg] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/encode-cs-path.mjs URL [8-character key]');
  process.exit(2);
}
const key = keyArg ?? randomBytes(6).toString('base64url').slice(0, 8);
if (key.length !== 8) throw new Error('the key must be 8 ASCII characters');
const k = Buffer.from(key, 'ascii');
const bytes = Buffer.from(url, 'utf8').map((b, i) => b ^ k[i % k.length]);
console.log(Buffer.from(bytes).toString('base64url') + key);
