/**
 * End-to-end harness: the real reference server on a free port with a fresh data folder, and
 * Debian's Chromium driven by playwright-core (no browser download: CHROME_PATH or /usr/bin/chromium).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/start.ts';
import type { Config } from '../../server/config.ts';

export const CHROME_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
];

export interface Harness {
  server: RunningServer;
  browser: Browser;
  dataDir: string;
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function startHarness(options: Partial<Config> = {}): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wps-e2e-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: './dist', ...options });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROME_ARGS,
  });
  return {
    server,
    browser,
    dataDir,
    // A mobile viewport, as the players see it.
    newContext: (o) => browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', ...o }),
    async close() {
      await browser.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
