/**
 * Starts the reference back end on a port: used by server/main.ts and by the e2e tests, which pass
 * `{ port: 0, dataDir: <fresh folder> }` and read the real port from the answer.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig, type Config } from './infra/config.ts';
import { applySecurityHeaders } from './infra/security-headers.ts';

export interface RunningServer {
  /** Origin of the server, e.g. http://127.0.0.1:8080 (no trailing slash). */
  url: string;
  port: number;
  /** Stops listening, drops open connections and closes the database. */
  close(): Promise<void>;
}

/** Options not given take their defaults (not the environment: main.ts passes that in). */
export async function startServer(options: Partial<Config> = {}): Promise<RunningServer> {
  const config: Config = { ...loadConfig({}, []), ...options };
  // Before the database opens: PGlite's files, the keys and the lock are then the server user's only.
  process.umask(0o077);
  const wps = await createApp(config);
  let server: ReturnType<typeof serve>;
  let port: number;
  try {
    ({ server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
      const s = serve({ fetch: wps.app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) =>
        resolve({ server: s, port: info.port }),
      );
      s.once('error', reject);
      // Permissions-Policy, Referrer-Policy and, with HSTS=1, Strict-Transport-Security on every answer.
      applySecurityHeaders(s, config);
    }));
  } catch (err) {
    await wps.close();
    throw err;
  }
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would hold close() open until they time out.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }).then(() => wps.close());
      return closing;
    },
  };
}
