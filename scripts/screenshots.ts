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
import { chromium, devices, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer } from '../server/start.ts';

const OUT = 'screenshots';
const DEVICES = { 'pixel-7': devices['Pixel 7']!, 'iphone-13': devices['iPhone 13']! };

interface State {
  name: string;
  /** Opens the page in the state to photograph; `base` is the server's origin. */
  open(page: Page, base: string): Promise<void>;
  language?: string;
  /** Session storage set before the page's scripts run (e.g. the install offer already answered). */
  session?: Record<string, string>;
  /** The whole page, not only the viewport. */
  fullPage?: boolean;
}

/** By the fields' autocomplete and the submit button, so it works in any language. */
async function logIn(page: Page, base: string, username = 'demo', password = 'Demo1234') {
  await page.goto(`${base}/m/login`);
  const form = page.locator('wps-login-form');
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[autocomplete="current-password"]').fill(password);
  await form.locator('button[type="submit"]:visible').click();
}

/** The install offer answered this session; with NO_OFFERS the download-image popups saved too (no image popup). */
const NO_INSTALL = { 'wps:installSkipped': 'true' };
const NO_OFFERS = { ...NO_INSTALL, 'wps:imagePopupSaved': 'true' };

const announcement = (page: Page) => page.locator('wps-announcement [role="dialog"]');

/** Waits for the announcement popup (about 1.5 s after home mounts), then closes it like a player ("I know"/"Next"). */
async function dismissAnnouncement(page: Page) {
  const dialog = announcement(page);
  await dialog.waitFor({ timeout: 15_000 });
  while ((await dialog.count()) > 0) {
    await dialog.locator('button[part="ok"]').click();
    await page.waitForTimeout(350); // the next slide, or the 250 ms closing animation
  }
}

/** The member's home with the popups gone: the VIP badge and the unread count are in. */
async function memberHome(page: Page, base: string) {
  await logIn(page, base);
  await page.locator('#member-title').waitFor();
  await dismissAnnouncement(page);
  await page.locator('wps-vip-badge [role="progressbar"]').waitFor();
  await page.locator('wps-chat-button [part="badge"]').waitFor();
}

/** The site status with several customer-service entries at HOME (the demo merchant has one). */
async function severalCustomerServices(page: Page) {
  await page.route('**/wps/system/status*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { value?: { info?: { customerService?: Record<string, string>[] } } };
    const entries = body.value?.info?.customerService;
    const path = entries?.[0]?.path;
    if (entries && path)
      entries.push(
        { title: 'AI assistant (instant answers)', csType: 'AICAN', csPosition: 'HOME', path },
        { title: 'VIP hotline', csType: 'COMM100VIP', csPosition: 'HOME', path },
        { title: 'Telegram', csType: 'TELEGRAM', path },
      );
    await route.fulfill({ response, json: body });
  });
}

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

function gameStates(): State[] {
  const states: State[] = [
    {
      name: 'game-catalogue',
      session: NO_OFFERS,
      fullPage: true,
      open: async (page, base) => {
        await memberHome(page, base);
        await page.goto(`${base}/m/game`);
        await page.locator('.games-card-img').first().waitFor();
        await page.waitForTimeout(300); // the pictures
      },
    },
    {
      name: 'game-lobby',
      session: NO_OFFERS,
      open: async (page, base) => {
        await memberHome(page, base);
        await page.goto(`${base}/m/launchGame?vendor=LOTT&title=WPS%20Lottery`);
        await page.frameLocator('iframe.game-iframe').locator('a.game').first().waitFor();
      },
    },
    {
      name: 'game-betting-bar-hidden',
      session: NO_OFFERS,
      open: async (page, base) => {
        await memberHome(page, base);
        await page.goto(`${base}/m/launchGame?vendor=LOTT&code=LUCKY5D&title=WPS%20Lottery`);
        await page.frameLocator('iframe.game-iframe').locator('form').first().waitFor();
        await page.locator('[part="hide-bar"]').click();
      },
    },
    {
      name: 'game-timeout',
      session: NO_OFFERS,
      open: async (page, base) => {
        await memberHome(page, base);
        await fetch(`${base}/dev/games`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ launchMode: 'hang' }),
        });
        try {
          await page.clock.install();
          await page.goto(`${base}/m/launchGame?vendor=LOTT&title=WPS%20Lottery`);
          await page.locator('.game-status').waitFor();
          await page.clock.runFor(10_500);
          await page.locator('.game-failed').waitFor();
        } finally {
          await fetch(`${base}/dev/games`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ launchMode: 'ok' }),
          });
        }
      },
    },
    {
      name: 'game-trial',
      session: NO_OFFERS,
      open: async (page, base) => {
        await memberHome(page, base);
        await page.goto(`${base}/m/game/trial?gameId=PG_FORTUNE_OX&nodeId=1&name=PG%20Soft`);
        await page.locator('wps-trial-game').frameLocator('iframe').locator('h1').waitFor();
      },
    },
  ];
  return [...states, ...states.map((s) => ({ ...s, name: `ur-${s.name}`, language: 'UR' }))];
}

function engagementStates(): State[] {
  const states: State[] = [
    {
      name: 'home-member-full',
      session: NO_OFFERS,
      fullPage: true,
      open: memberHome,
    },
    {
      name: 'home-member-scrolled',
      session: NO_OFFERS,
      open: async (page, base) => {
        await memberHome(page, base);
        await page.mouse.wheel(0, 10_000); // to the bottom, where the fixed navigation and chat button sit over the content
      },
    },
    {
      name: 'home-visitor-full',
      session: NO_OFFERS,
      fullPage: true,
      open: async (page, base) => {
        await page.goto(`${base}/m/home`);
        await page.locator('#visitor-title').waitFor();
        await dismissAnnouncement(page);
      },
    },
    {
      name: 'announcement-visitor',
      session: NO_OFFERS,
      open: async (page, base) => {
        await page.goto(`${base}/m/home`);
        await announcement(page).waitFor({ timeout: 15_000 });
      },
    },
    {
      name: 'announcement-member',
      session: NO_OFFERS,
      open: async (page, base) => {
        await logIn(page, base);
        await page.locator('#member-title').waitFor();
        await announcement(page).locator('[part="activity"]').waitFor({ timeout: 15_000 });
      },
    },
    {
      name: 'announcement-member-last',
      session: NO_OFFERS,
      open: async (page, base) => {
        // The forceRead item turns "I know" into "Next": the last slide, with the box ticked.
        await logIn(page, base);
        await page.locator('#member-title').waitFor();
        const dialog = announcement(page);
        await dialog.locator('[part="activity"]').waitFor({ timeout: 15_000 });
        await dialog.locator('button[part="ok"]').click();
        await dialog.locator('input[type="checkbox"]').check();
      },
    },
    {
      name: 'cs-sheet',
      session: NO_OFFERS,
      open: async (page, base) => {
        await severalCustomerServices(page);
        await memberHome(page, base);
        await page.locator('wps-customer-service button.cs-button').click();
        await page.locator('wps-customer-service [role="dialog"]').waitFor();
      },
    },
    {
      name: 'image-popup',
      session: NO_INSTALL,
      open: async (page, base) => {
        await page.goto(`${base}/m/home`);
        await page.locator('wps-image-popup [role="dialog"] img').waitFor({ timeout: 15_000 });
      },
    },
    {
      name: 'activity',
      session: NO_OFFERS,
      fullPage: true,
      open: async (page, base) => {
        await logIn(page, base);
        await page.locator('#member-title').waitFor();
        await page.goto(`${base}/m/activity`);
        await page.locator('.promo-list').waitFor();
      },
    },
    {
      name: 'activity-referral',
      session: NO_OFFERS,
      fullPage: true,
      open: async (page, base) => {
        await logIn(page, base);
        await page.locator('#member-title').waitFor();
        await page.goto(`${base}/m/activity?id=REFERRAL`);
        await page.locator('#promo-title').waitFor();
      },
    },
    {
      name: 'activity-not-found',
      session: NO_OFFERS,
      open: async (page, base) => {
        await logIn(page, base);
        await page.locator('#member-title').waitFor();
        await page.goto(`${base}/m/activity?id=nope`);
        await page.locator('.empty-state').waitFor();
      },
    },
    {
      name: 'chat',
      session: NO_OFFERS,
      open: async (page, base) => {
        await memberHome(page, base);
        await page.locator('wps-chat-button button[part="button"]').click();
        await page.waitForURL(/\/chat\//);
      },
    },
    {
      // Where the home page's "Invite friends" entry leads a member.
      name: 'home-invite-friends',
      session: NO_OFFERS,
      open: async (page, base) => {
        await memberHome(page, base);
        await page.locator('.quick-item').nth(1).click();
        await page.waitForURL((url) => !url.pathname.endsWith('/m/home'));
      },
    },
    {
      // Where the VIP badge's benefits link leads.
      name: 'home-vip-benefits',
      session: NO_OFFERS,
      open: async (page, base) => {
        await memberHome(page, base);
        await page.locator('wps-vip-badge [part="benefits"]').click();
        await page.waitForURL((url) => !url.pathname.endsWith('/m/home'));
      },
    },
  ];
  return [...states, ...states.map((s) => ({ ...s, name: `ur-${s.name}`, language: 'UR' }))];
}

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
