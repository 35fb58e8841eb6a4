/**
 * Shared helpers of the server tests: an in-memory app, a request shortcut, and `seal`, which
 * encrypts a body exactly as docs/api.md describes, with node:crypto only (independent of the
 * client's jsencrypt/crypto-js code, so the two implementations check each other).
 */
import { spawn } from 'node:child_process';
import { createCipheriv, createHmac, createPublicKey, publicEncrypt, randomBytes, constants } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type AppOptions, type WpsApp } from '../../server/app.ts';
import { DEFAULT_MERCHANTS_FILE } from '../../server/infra/config.ts';
import { clock } from '../../server/infra/limits.ts';

export const DEVICE_ID = '0123abcd-4567-89ef-0123-456789abcdef';
export const TEST_ORIGIN = 'http://localhost:5555';

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  /** The envelope; the captcha stand-in's own answers are plain objects (any field). */
  body: { success: boolean; message?: string; errorCode?: string; value?: T } & Record<string, any>;
}

/** A folder removed by the returned function. */
export function tempDir(prefix = 'wps-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A copy of server/merchants/merchants.json whose `demo` merchant also allows `origins` (MERCHANTS_FILE). */
export function merchantsFileWith(dir: string, origins: string[] = [TEST_ORIGIN]): string {
  const data = JSON.parse(readFileSync(DEFAULT_MERCHANTS_FILE, 'utf8'));
  data.merchants.demo.allowedOrigins.push(...origins);
  const file = join(dir, 'merchants.json');
  writeFileSync(file, JSON.stringify(data));
  return file;
}

/** An app on an in-memory database, with the test origin allowed; `close()` also removes temp files. */
export async function testApp(options: AppOptions = {}): Promise<WpsApp & { dir: string }> {
  const tmp = tempDir();
  const wps = await createApp({
    dataDir: ':memory:',
    distDir: join(tmp.dir, 'dist'),
    merchantsFile: merchantsFileWith(tmp.dir),
    ...options,
  });
  return {
    ...wps,
    dir: tmp.dir,
    async close() {
      await wps.close();
      tmp.remove();
    },
  };
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (a string) instead of JSON.stringify(body). */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  token?: string;
  merchant?: string;
}

/** A request through `app.request()`; the answer's body is parsed when it is JSON. */
export async function call(wps: { app: WpsApp['app'] }, method: string, path: string, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...o.headers };
  if (o.token !== undefined) headers.Authorization = o.token;
  if (o.merchant !== undefined) headers.Merchant = o.merchant;
  const body = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
  const res = await wps.app.request(path, { method, headers, body: body as BodyInit | undefined });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export interface Sealed {
  headers: { Encryption: string; 'X-RSA': string; 'X-Digest': string };
  body: { value: string };
  /** The 3DES key and IV, for tests that forge variations. */
  key: Buffer;
  iv: Buffer;
}

/**
 * A JSON object payload with what makes it single use (a new `requestNonce`, `requestTime` now), as
 * the client adds them; fields the test set itself are kept; other JSON is left alone.
 */
export function fresh(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  return { requestNonce: randomBytes(16).toString('hex'), requestTime: clock.now(), ...payload };
}

/**
 * docs/api.md, "Request encryption": fresh 24-byte key K and 8-byte IV; value = base64 3DES-CBC/PKCS7
 * of the UTF-8 JSON; X-RSA = base64 RSA-PKCS#1 v1.5 of hex(K) + hex(IV); X-Digest = hex
 * HMAC-SHA256(K, plaintext); Encryption: 3DES-CBC.
 */
export function seal(payload: unknown, rsaKeyB64: string, plaintext = JSON.stringify(payload)): Sealed {
  const key = randomBytes(24);
  const iv = randomBytes(8);
  const cipher = createCipheriv('des-ede3-cbc', key, iv);
  const value = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
  return {
    headers: {
      Encryption: '3DES-CBC',
      'X-RSA': wrapKey(key.toString('hex') + iv.toString('hex'), rsaKeyB64),
      'X-Digest': createHmac('sha256', key).update(plaintext, 'utf8').digest('hex'),
    },
    body: { value },
    key,
    iv,
  };
}

/** RSA PKCS#1 v1.5 encryption of a text with the server's public key (base64 DER SPKI). */
export function wrapKey(text: string, rsaKeyB64: string): string {
  const publicKey = createPublicKey({ key: Buffer.from(rsaKeyB64, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64');
}

/** The server's public key, as a client gets it. */
export async function rsaKeyOf(wps: { app: WpsApp['app'] }): Promise<string> {
  const answer = await call(wps, 'GET', `/wps/session/key/rsa?_=${Date.now()}`);
  return answer.body.value.rsaKey;
}

/** POSTs an encrypted body (for login, register and two-factor). */
export function sealedCall(wps: { app: WpsApp['app'] }, path: string, payload: unknown, rsaKey: string, o: CallOptions = {}) {
  const sealed = seal(fresh(payload), rsaKey);
  return call(wps, 'POST', path, { ...o, body: sealed.body, headers: { ...sealed.headers, ...o.headers } });
}

export const loginBody = (username: string, password: string, extra: Record<string, unknown> = {}) => ({
  type: 'username',
  username,
  password,
  merchant: 'demo',
  loginDeviceId: DEVICE_ID,
  ...extra,
});

export const registerBody = (username: string, password: string, extra: Record<string, unknown> = {}) => ({
  registerMethod: 'H5',
  loginDeviceId: DEVICE_ID,
  login: true,
  username,
  password,
  ...extra,
});

// ---- sign-in helpers: dev controls, captcha solving, SMS outbox, authenticator codes ----------

type AppLike = { app: WpsApp['app'] };

/** A JSON dev control call (merchant from the header). */
export function dev(wps: AppLike, method: string, path: string, body?: unknown, merchant?: string) {
  return call(wps, method, path, { body, merchant });
}

/** Solves a v3 challenge through the stand-in's endpoints: the login / registration fields. */
export async function solveV3(wps: AppLike, merchant?: string): Promise<{ geetestChallenge: string; geetestSeccode: string }> {
  const config = await call(wps, 'GET', `/wps/captcha/geetest?t=${Date.now()}&scene=login`, { merchant });
  if (config.status !== 200) throw new Error(`captcha config: ${JSON.stringify(config.body)}`);
  const challenge: string = config.body.value.challenge;
  const question = await call(wps, 'GET', `/captcha/local/question?challenge=${challenge}`);
  const answer = await call(wps, 'POST', '/captcha/local/answer', { body: { challenge, answer: question.body.code } });
  if (answer.status !== 200) throw new Error(`captcha answer: ${JSON.stringify(answer.body)}`);
  return { geetestChallenge: challenge, geetestSeccode: `${answer.body.validate}|jordan` };
}

/** Solves a v4 lot for a captcha id: `{ geetestValidateV4 }` (the JSON text of the result). */
export async function solveV4(wps: AppLike, captchaId: string): Promise<{ geetestValidateV4: string }> {
  const load = await call(wps, 'GET', `/captcha/local/load?captchaId=${encodeURIComponent(captchaId)}`);
  if (load.status !== 200) throw new Error(`captcha load: ${JSON.stringify(load.body)}`);
  const answer = await call(wps, 'POST', '/captcha/local/answer', {
    body: { lot_number: load.body.lot_number, answer: load.body.code },
  });
  if (answer.status !== 200) throw new Error(`captcha answer: ${JSON.stringify(answer.body)}`);
  return { geetestValidateV4: JSON.stringify(answer.body) };
}

/** The latest code the dev outbox holds for a number (demo merchant unless given). */
export async function outboxCode(wps: AppLike, mobileNum: string, merchant?: string): Promise<string> {
  const a = await call(wps, 'GET', `/dev/outbox?mobileNum=${encodeURIComponent(mobileNum)}`, { merchant });
  const latest = a.body.value?.[0];
  if (!latest) throw new Error(`no code for ${mobileNum}`);
  return latest.code;
}

export const DEMO_GEETEST_ID = 'eec3bc0a24809dab00d354346556f5c2';
export const DEMO2_GEETEST_ID = '142185576a76b1481e6fac7367b8be7c';
/** The demo members' authenticator secrets (server/merchants/merchants.json). */
export const GA_SECRETS = { demo: 'JRMP6JI4ACNWZRYL4HSJDRU4JIRXDVD6', guard: '64ZWOR6L7OEVKVLFFPMAX5JJ4INJCPR2' };

/** server/main.ts as a real process; answers its output and exit code once it exits (or is stopped). */
export function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      TRUST_PROXY: '',
      UPSTREAM: '',
      DATABASE_URL: '',
      ALLOWED_HOSTS: '',
      AUTH_EMULATOR: '0',
      DEV_OPEN: '',
      PUBLIC_ORIGIN: '',
      HSTS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  // The exit code; a signal's name when a signal ended it (the output then says what it was doing).
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up line: ${output}`)), 30_000);
    child.stdout.on('data', () => {
      const url = /listening on (http:\/\/\S+?)\/m\/home/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`exited: ${output}`));
    });
  });
  listening.catch(() => {}); // awaited by the tests that expect a start
  return { child, exited, listening, output: () => output };
}
