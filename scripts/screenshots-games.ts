/** `npm run screenshots`: the games' states (docs/games.md), each with an Urdu twin (scripts/screenshots.ts). */
import { memberHome, NO_OFFERS, type State } from './screenshots-steps.ts';

export function gameStates(): State[] {
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
