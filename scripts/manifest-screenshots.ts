/**
 * `npm run screenshots:manifest`: the narrow screenshots of /m/home that the web app manifest lists
 * (`screenshots`, `form_factor: "narrow"`; Chrome on Android shows its richer install dialog only with
 * them): one per merchant of server/merchants/merchants.json, in that merchant's theme and data,
 * taken in Chromium (playwright-core, CHROME_PATH or /usr/bin/chromium) against the reference server
 * this script starts on a free port with a throw-away data folder. Needs a build (`npm run build`).
 *
 * Not part of the build: rendering the real page needs the built /m, a server and a browser (about a
 * minute more per build on a small machine), and the pictures change only when the home page does.
 * So they are committed assets: `host/manifest-screenshots/<merchant>/home-narrow.jpg`, listed in
 * server/infra/manifest-screenshots.json (the server's and the build's manifest read that list; the
 * build copies the files to /m/screenshots/). Refresh after a visible change of the home page or a
 * new merchant: `npm run build && npm run screenshots:manifest`, look at them, commit.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from 'playwright-core';
import { startServer } from '../server/start.ts';
import { loadMerchants } from '../server/merchants/merchants.ts';
import { DEFAULT_MERCHANTS_FILE } from '../server/infra/config.ts';

/** A Pixel 7 at 2x: 824 x 1830 px, within Chrome's rules (320 to 3840 px, the long side at most 2.3x the short). */
const VIEW = { width: 412, height: 915 };
const SCALE = 2;

async function main() {
  const merchants = loadMerchants(DEFAULT_MERCHANTS_FILE);
  const dataDir = await mkdtemp(join(tmpdir(), 'wps-manifest-shots-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: './dist' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const list: Record<string, { src: string; sizes: string; type: string; form_factor: 'narrow' }[]> = {};
  try {
    for (const code of merchants.byCode.keys()) {
      const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7']!;
      const context = await browser.newContext({
        ...pixel,
        viewport: VIEW,
        deviceScaleFactor: SCALE,
        locale: 'en-US',
      });
      // This merchant's page (the global config wins over the build's <meta name="wps-merchant">), in
      // English, without the install offer and the image popups over it.
      await context.addInitScript((merchant) => {
        const g = globalThis as unknown as {
          WPS_CONFIG?: { merchant: string };
          localStorage: { setItem(k: string, v: string): void };
          sessionStorage: { setItem(k: string, v: string): void };
        };
        g.WPS_CONFIG = { merchant };
        g.localStorage.setItem('wps:language', JSON.stringify('EN'));
        g.sessionStorage.setItem('wps:installSkipped', 'true');
        g.sessionStorage.setItem('wps:imagePopupSaved', 'true');
      }, code);
      const page = await context.newPage();
      // As the installed app shows it (the install dialog shows what the player gets): display-mode
      // standalone, so no download bar. The floating buttons (mini game, chat) move about and would
      // cover the page's entries: out of the picture.
      // (navigator.standalone is how iOS says it; the app reads it as the display mode does.)
      // Strings, not functions: this file is checked without the DOM's types.
      await page.addInitScript("Object.defineProperty(navigator, 'standalone', { value: true })");
      await page.goto(`${server.url}/m/home`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.evaluate(
        "document.querySelectorAll('wps-mini-game, wps-chat-button').forEach((el) => el.setAttribute('hidden', ''))",
      );
      await page.waitForTimeout(800); // the banners' images and transitions settle
      const file = `screenshots/${code}/home-narrow.jpg`;
      await mkdir(`host/manifest-screenshots/${code}`, { recursive: true });
      await page.screenshot({ path: `host/manifest-${file}`, type: 'jpeg', quality: 80 });
      await context.close();
      list[code] = [
        {
          src: `/m/${file}`,
          sizes: `${VIEW.width * SCALE}x${VIEW.height * SCALE}`,
          type: 'image/jpeg',
          form_factor: 'narrow',
        },
      ];
      console.log(`host/manifest-${file}`);
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  await writeFile('server/infra/manifest-screenshots.json', `${JSON.stringify(list, null, 2)}\n`);
}

await main();
