/**
 * The mini-game script on a page that is not ours (docs/mini-game.md), end to end: a plain HTML page
 * on another origin (its own little server) with hostile CSS and one script tag pointing at the
 * operator's /mini-game/minigame.js. The button shows at the right edge with the 2% margin, a drag
 * moves it and snaps it to the nearer edge without opening anything, the position survives a reload
 * on that origin, a tap opens the game frame, which loads game.html from the operator and plays under
 * its own strict CSP; Escape closes it. A page with its own tag and the script twice keeps one button;
 * the script tag's data-game-url picks the game.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let merchant: Server;
let merchantUrl: string;
let context: BrowserContext | undefined;

/** The merchant's pages: CSS that would break anything not shielded, and the one script tag. */
function pages(operator: string): Record<string, string> {
  const hostile = `<style>
    * { display: none !important; }
    html, body { display: block !important; margin: 0; }
    body > p { display: block !important; }
    wps-mini-game { opacity: 0 !important; transform: scale(0) !important; position: static !important; }
    button { background: lime !important; width: 2px !important; }
    iframe { display: none !important; }
  </style>`;
  return {
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Sunrise blog</title>${hostile}
      <script src="${operator}/mini-game/minigame.js"></script></head>
      <body><p>Today's numbers: 4 1 7.</p></body></html>`,
    '/twice': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Twice</title></head>
      <body><wps-mini-game lang="VI"></wps-mini-game>
      <script src="${operator}/mini-game/minigame.js"></script>
      <script src="${operator}/mini-game/minigame.js"></script></body></html>`,
    '/data': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Data</title></head><body>
      <script src="${operator}/mini-game/minigame.js" data-game-url="${operator}/mini-game/game.html?via=data"></script></body></html>`,
  };
}

before(async () => {
  h = await startHarness();
  merchant = createServer((req, res) => {
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
    const page = pages(h.server.url)[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
  assert.notEqual(new URL(merchantUrl).origin, new URL(h.server.url).origin);
});
after(async () => {
  await new Promise((resolve) => merchant?.close(resolve));
  await h?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const WIDTH = 390;
const HEIGHT = 844;
const MARGIN = 0.02 * WIDTH;

async function open(path = '/'): Promise<{ page: Page; problems: string[] }> {
  context = await h.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} ${m.location().url}`);
  });
  await page.goto(merchantUrl + path);
  return { page, problems };
}

const button = (page: Page, name = 'Mini game') => page.locator('wps-mini-game').getByRole('button', { name });

/** The button's box once it stopped moving (the snap is animated for 250 ms). */
async function settledBox(page: Page) {
  let last = '';
  for (let i = 0; i < 50; i++) {
    const box = await button(page).boundingBox();
    const now = JSON.stringify(box);
    if (box && now === last) return box;
    last = now;
    await page.waitForTimeout(60);
  }
  throw new Error('the button did not settle');
}

describe('the mini-game script on a plain page of another origin', () => {
  it('shows the button, drags and snaps it, keeps its place, and a tap opens the game from the operator', async () => {
    const { page, problems } = await open();
    const scripts: Record<string, string | null> = {};
    page.on('response', (r) => {
      if (r.url().endsWith('/mini-game/minigame.js')) scripts.corp = r.headers()['cross-origin-resource-policy'] ?? null;
    });

    // One script tag is enough: the button is there, shielded from the page's CSS.
    await button(page).waitFor();
    assert.equal(await page.locator('wps-mini-game').count(), 1);
    let box = await settledBox(page);
    assert.deepEqual([Math.round(box.width), Math.round(box.height)], [56, 56]);
    assert.ok(Math.abs(box.x + box.width - (WIDTH - MARGIN)) < 0.6, `right edge at 2%: ${box.x + box.width}`);
    assert.ok(Math.abs(box.y + box.height / 2 - 0.6 * HEIGHT) < 0.6, `60% down: ${box.y}`);

    // A drag to the left half: it follows, snaps left, opens nothing, and is kept for this origin.
    await page.mouse.move(box.x + 28, box.y + 28);
    await page.mouse.down();
    await page.mouse.move(150, 300, { steps: 6 });
    await page.mouse.up();
    box = await settledBox(page);
    assert.ok(Math.abs(box.x - MARGIN) < 0.6, `snapped to the left edge: ${box.x}`);
    assert.ok(Math.abs(box.y - (300 - 28)) < 1.5, `kept its height: ${box.y}`);
    assert.equal(await page.locator('wps-mini-game').getByRole('dialog').count(), 0, 'a drag is not a tap');
    const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('wps:minigame:pos'))) ?? 'null');
    assert.equal(kept?.side, 'left');

    await page.reload();
    await button(page).waitFor();
    const again = await settledBox(page);
    assert.ok(Math.abs(again.x - MARGIN) < 0.6 && Math.abs(again.y - box.y) < 0.6, 'the same place after a reload');

    // A tap opens the game frame, loaded from the operator's /mini-game/.
    await button(page).click();
    const dialog = page.locator('wps-mini-game').getByRole('dialog', { name: 'Mini game' });
    await dialog.waitFor();
    assert.equal(await dialog.locator('iframe').getAttribute('src'), `${h.server.url}/mini-game/game.html`);
    const game = page.frameLocator('wps-mini-game iframe');
    await game.getByRole('heading', { name: 'Quick 3' }).waitFor();
    // Its own script and stylesheet run under its CSP: pick 3, draw.
    for (const n of ['4', '1', '7']) await game.getByRole('button', { name: n, exact: true }).click();
    await game.getByRole('button', { name: 'Draw' }).click();
    assert.match((await game.locator('#outcome').textContent()) ?? '', /Drawn|win/);
    const heading = game.getByRole('heading', { name: 'Quick 3' });
    assert.equal(await heading.evaluate((el) => getComputedStyle(el).color), 'rgb(179, 32, 44)', 'game.css applies');
    const frameBox = await dialog.locator('iframe').boundingBox();
    assert.ok(frameBox && frameBox.height > 300, 'the frame is shown despite the page CSS');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.locator('wps-mini-game iframe').count(), 0);

    assert.equal(scripts.corp, 'cross-origin');
    assert.deepEqual(problems, []);
  });

  it("a page with its own <wps-mini-game> and the script twice keeps that one button, in the page's language", async () => {
    const { page, problems } = await open('/twice');
    await button(page, 'Trò chơi nhỏ').waitFor();
    await page.waitForLoadState('load');
    assert.equal(await page.locator('wps-mini-game').count(), 1);
    assert.deepEqual(problems, []);
  });

  it("the script tag's data-game-url sets the game the button opens", async () => {
    const { page, problems } = await open('/data');
    await button(page).click();
    const frame = page.locator('wps-mini-game iframe');
    assert.equal(await frame.getAttribute('src'), `${h.server.url}/mini-game/game.html?via=data`);
    await page.frameLocator('wps-mini-game iframe').getByRole('heading', { name: 'Quick 3' }).waitFor();
    assert.deepEqual(problems, []);
  });
});
