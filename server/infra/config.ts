/**
 * Server configuration: environment variables (and `--upstream URL` on the command line), each with
 * a default. See docs/server.md for the table.
 */
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database and the RSA key pair; ':memory:' keeps both in memory (tests). */
  dataDir: string;
  /** When set, PostgreSQL through `pg` instead of the embedded PGlite. */
  databaseUrl?: string;
  /** When set, /wps is forwarded to this back end instead of being answered here. */
  upstream?: string;
  /**
   * How many proxies you run in front of the server (0: none). The client IP is the X-Forwarded-For
   * entry this many positions from the right (infra/client-ip.ts).
   */
  trustProxy: number;
  /**
   * Host names (besides the loopback names and `host`) that the dev controls and, in demo mode, /wps
   * answer to (infra/hosts.ts). ALLOWED_HOSTS, comma separated; a port is ignored.
   */
  allowedHosts: string[];
  /**
   * DEV_OPEN=1: the dev controls answer every peer that reaches the port (the host names still count).
   * Without it they answer only loopback peers, by the socket's address (app.ts).
   */
  devOpen: boolean;
  /**
   * PUBLIC_ORIGIN, comma separated: the origins players reach this server at; the first is the one
   * absolute URLs use (infra/public-origin.ts). Empty: the origin it listens on.
   */
  publicOrigins: string[];
  /**
   * HSTS=1: every answer says `Strict-Transport-Security: max-age=31536000; includeSubDomains`
   * (infra/security-headers.ts). For a deployment behind TLS only; off by default (the demo is http).
   */
  hsts: boolean;
  /** NODE_ENV=production: no dev controls, no demo members, `test: false`. */
  production: boolean;
  /**
   * Demo mode (`npm start`, not production, no upstream): start the Firebase Auth emulator and turn
   * the demo merchant's identity-provider sign-in on with it (server/dev/demo-identity.ts).
   * AUTH_EMULATOR=0 leaves it off.
   */
  authEmulator: boolean;
  distDir: string;
  merchantsFile: string;
}

export const DEFAULT_MERCHANTS_FILE = fileURLToPath(new URL('../merchants/merchants.json', import.meta.url));

/** Reads the configuration; `loadConfig({}, [])` gives the pure defaults. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  argv: string[] = process.argv.slice(2),
): Config {
  const upstream = argValue(argv, '--upstream') ?? nonEmpty(env.UPSTREAM);
  if (upstream !== undefined && !/^https?:\/\/[^/]+/i.test(upstream)) {
    throw new Error(`upstream must be an http(s) URL, got ${JSON.stringify(upstream)}`);
  }
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    upstream: upstream?.replace(/\/+$/, ''),
    trustProxy: hops(env.TRUST_PROXY),
    allowedHosts: hostList(env.ALLOWED_HOSTS),
    devOpen: env.DEV_OPEN === '1',
    publicOrigins: originList(env.PUBLIC_ORIGIN),
    hsts: env.HSTS === '1',
    production: env.NODE_ENV === 'production',
    authEmulator: env.AUTH_EMULATOR !== '0',
    distDir: nonEmpty(env.DIST_DIR) ?? './dist',
    merchantsFile: nonEmpty(env.MERCHANTS_FILE) ?? DEFAULT_MERCHANTS_FILE,
  };
}

/** TRUST_PROXY: unset or a whole number of proxies; anything else stops the server (a typo must not trust the client). */
function hops(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,2}$/.test(value))
    throw new Error(`TRUST_PROXY must be the number of proxies in front (0-99), got ${JSON.stringify(value)}`);
  return Number(value);
}

function hostList(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const bad = hosts.find((h) => !/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(h));
  if (bad !== undefined)
    throw new Error(`ALLOWED_HOSTS takes host names (name[:port], comma separated), got ${JSON.stringify(bad)}`);
  return hosts;
}

/** PUBLIC_ORIGIN: `http(s)://host[:port]` each (a trailing `/` is fine); anything else stops the server. */
function originList(value: string | undefined): string[] {
  const items = (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return items.map((item) => {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (
      !url ||
      !/^https?:$/.test(url.protocol) ||
      url.username ||
      url.password ||
      url.pathname !== '/' ||
      url.search ||
      url.hash
    ) {
      throw new Error(`PUBLIC_ORIGIN takes origins (http(s)://host[:port], comma separated), got ${JSON.stringify(item)}`);
    }
    return url.origin;
  });
}

function nonEmpty(value: string | undefined) {
  return value === undefined || value === '' ? undefined : value;
}

/** `--name value` or `--name=value`. */
function argValue(argv: string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === name) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
      return value;
    }
    if (arg.startsWith(name + '=')) return arg.slice(name.length + 1);
  }
  return undefined;
}
