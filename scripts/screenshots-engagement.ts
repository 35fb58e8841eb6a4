/**
 * `npm run screenshots`: the home engagement states (docs/engagement.md), from the reference server's
 * seeded announcements, promotions, VIP label and unread chat messages, each with an Urdu twin
 * (scripts/screenshots.ts).
 */
import {
  announcement,
  dismissAnnouncement,
  logIn,
  memberHome,
  NO_INSTALL,
  NO_OFFERS,
  severalCustomerServices,
  type State,
} from './screenshots-steps.ts';

export function engagementStates(): State[] {
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
