/**
 * `npm run screenshots`: Pixel 7 and iPhone 13 screenshots of the main routes and states of /m,
 * taken in Chromium (playwright-core, CHROME_PATH or /usr/bin/chromium) against the reference server,
 * which this script starts itself on a free port with a throw-away data folder. Needs a build
 * (`npm run build`). Writes `screenshots/<device>/<state>.png` (git-ignored): look at them for
 * spacing, wording, tap targets and right to left.
 *
 * The home engagement states (docs/engagement.md) use the seeded announcements, promotions, VIP label
 * and unread chat messages of the reference server; each has an Urdu twin (`ur-` prefix, right to left).
 * Urdu needs a font with its letters (ہ, ے): without one (e.g. Debian's fonts-noto-core) they show as boxes.
 *
 * Run: npm run screenshots [-- --only login,ur-login]
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, type Browser, type BrowserContext } from 'playwright-core';
import { startServer } from '../server/start.ts';
import { engagementStates } from './screenshots-engagement.ts';
import { gameStates } from './screenshots-games.ts';
import { logIn, type State } from './screenshots-steps.ts';

const OUT = 'screenshots';
const DEVICES = { 'pixel-7': devices['Pixel 7']!, 'iphone-13': devices['iPhone 13']! };

/** The sign-in and account pages; the home engagement and the games come from their own files. */
const STATES: State[] = [
  {
    name: 'home-visitor',
    open: async (page, base) => {
      await page.goto(`${base}/m/home`);
      await page.locator('#visitor-title').waitFor();
    },
  },
  {
    name: 'home-member',
    open: async (page, base) => {
      await logIn(page, base);
      await page.locator('#member-title').waitFor();
    },
  },
  { name: 'login', open: async (page, base) => void (await page.goto(`${base}/m/login`)) },
  { name: 'register', open: async (page, base) => void (await page.goto(`${base}/m/register`)) },
  {
    name: 'register-username-invalid',
    open: async (page, base) => {
      await page.goto(`${base}/m/register`);
      const form = page.locator('wps-register-form');
      await form.getByLabel('Username', { exact: true }).fill('ab!');
      await form.getByRole('button', { name: 'Register' }).click();
    },
  },
  { name: 'agent-register', open: async (page, base) => void (await page.goto(`${base}/m/agentRegister?r=AGENT1`)) },
  {
    name: 'change-password',
    open: async (page, base) => {
      await logIn(page, base);
      await page.locator('#member-title').waitFor();
      await page.goto(`${base}/m/changePsw`);
    },
  },
  {
    name: 'change-password-required',
    open: async (page, base) => {
      await logIn(page, base);
      await page.locator('#member-title').waitFor();
      await page.goto(`${base}/m/changePsw`);
      await page.getByRole('button', { name: 'Save password' }).click();
    },
  },
  { name: 'not-found', open: async (page, base) => void (await page.goto(`${base}/m/appDownload?tokens=1`)) },
  {
    name: 'two-factor',
    open: async (page, base) => {
      await logIn(page, base, 'guard', 'Guard1234');
      await page.getByRole('dialog').getByRole('tab').first().waitFor();
    },
  },
  {
    name: 'login-sms-countdown',
    open: async (page, base) => {
      await page.goto(`${base}/m/login`);
      const form = page.locator('wps-login-form');
      await form.getByRole('tab', { name: 'SMS login' }).click();
      await form.getByLabel('Mobile number').fill('9171234567');
      await form.getByRole('button', { name: 'Send code' }).click();
      await form.getByRole('button', { name: /Resend in/ }).waitFor();
    },
  },
  { name: 'ur-login', language: 'UR', open: async (page, base) => void (await page.goto(`${base}/m/login`)) },
  { name: 'ur-home', language: 'UR', open: async (page, base) => void (await page.goto(`${base}/m/home`)) },
  // Home engagement (docs/engagement.md). Each has an Urdu twin below.
  ...engagementStates(),
  // Games (docs/games.md). Each has an Urdu twin.
  ...gameStates(),
];

async function shoot(browser: Browser, base: string, device: keyof typeof DEVICES, state: State) {
  const { defaultBrowserType: _ignored, ...emulation } = DEVICES[device];
  const context: BrowserContext = await browser.newContext({ ...emulation, locale: 'en-US' });
  try {
    if (state.language || state.session)
      await context.addInitScript(
        // Runs in the page: its storage, typed here without the DOM library.
        ({ lang, session }) => {
          type Storage = { setItem(k: string, v: string): void };
          const g = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage };
          if (lang) g.localStorage.setItem('wps:language', JSON.stringify(lang));
          for (const [k, v] of Object.entries(session ?? {})) g.sessionStorage.setItem(k, v);
        },
        { lang: state.language, session: state.session },
      );
    const page = await context.newPage();
    await state.open(page, base);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(400); // transitions (250 ms) settle
    if (state.fullPage) {
      // A phone as tall as the page: the fixed bottom navigation and chat button sit at its bottom,
      // where a player sees them once scrolled down, not over the middle of the page.
      const height = await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement
            .scrollHeight,
      );
      await page.setViewportSize({ width: emulation.viewport.width, height });
      await page.waitForTimeout(200);
    }
    await mkdir(join(OUT, device), { recursive: true });
    await page.screenshot({ path: join(OUT, device, `${state.name}.png`), fullPage: state.fullPage });
  } finally {
    await context.close();
  }
}

async function main() {
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1]?.split(',')) : undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'wps-screenshots-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: './dist' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  let failed = 0;
  try {
    for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
      for (const state of STATES) {
        if (only && !only.has(state.name)) continue;
        // Each state starts from the demo data, so a login elsewhere changes nothing here.
        await fetch(`${server.url}/dev/reset`, { method: 'POST' }).then((r) => r.text());
        // The demo member's two unread messages again (the chat page reads them).
        await fetch(`${server.url}/dev/chat-unread`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'demo', count: 2 }),
        }).then((r) => r.text());
        try {
          await shoot(browser, server.url, device, state);
          console.log(`${OUT}/${device}/${state.name}.png`);
        } catch (err) {
          failed++;
          console.error(`${device} ${state.name}: ${err instanceof Error ? err.message : err}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
