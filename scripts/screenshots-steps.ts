/**
 * `npm run screenshots`: what the states share (scripts/screenshots.ts): the state's shape, the
 * session presets that keep the offers away, and the player's steps (log in, close the announcement).
 */
import type { Page } from 'playwright-core';

export interface State {
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
export async function logIn(page: Page, base: string, username = 'demo', password = 'Demo1234') {
  await page.goto(`${base}/m/login`);
  const form = page.locator('wps-login-form');
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[autocomplete="current-password"]').fill(password);
  await form.locator('button[type="submit"]:visible').click();
}

/** The install offer answered this session; with NO_OFFERS the download-image popups saved too (no image popup). */
export const NO_INSTALL = { 'wps:installSkipped': 'true' };
export const NO_OFFERS = { ...NO_INSTALL, 'wps:imagePopupSaved': 'true' };

export const announcement = (page: Page) => page.locator('wps-announcement [role="dialog"]');

/** Waits for the announcement popup (about 1.5 s after home mounts), then closes it like a player ("I know"/"Next"). */
export async function dismissAnnouncement(page: Page) {
  const dialog = announcement(page);
  await dialog.waitFor({ timeout: 15_000 });
  while ((await dialog.count()) > 0) {
    await dialog.locator('button[part="ok"]').click();
    await page.waitForTimeout(350); // the next slide, or the 250 ms closing animation
  }
}

/** The member's home with the popups gone: the VIP badge and the unread count are in. */
export async function memberHome(page: Page, base: string) {
  await logIn(page, base);
  await page.locator('#member-title').waitFor();
  await dismissAnnouncement(page);
  await page.locator('wps-vip-badge [role="progressbar"]').waitFor();
  await page.locator('wps-chat-button [part="badge"]').waitFor();
}

/** The site status with several customer-service entries at HOME (the demo merchant has one). */
export async function severalCustomerServices(page: Page) {
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
