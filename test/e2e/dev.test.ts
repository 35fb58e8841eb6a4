/**
 * The /dev/ page in a browser: its script fills the template from the dev controls' JSON routes
 * under the page's strict CSP, and its buttons (plain form posts) switch the state and come back.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let context: BrowserContext | undefined;
/** Console errors and CSP violations of the open page. */
let problems: string[] = [];

before(async () => {
  h = await startHarness();
});
after(async () => {
  await h?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  for (const merchant of ['demo', 'demo2']) await post('/dev/reset', {}, merchant);
  assert.deepEqual(problems, []);
  problems = [];
});

async function post(path: string, body: unknown, merchant = 'demo') {
  const res = await fetch(h.server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Merchant: merchant },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return (await res.json()).value;
}

async function open(path = '/dev/'): Promise<Page> {
  context = await h.newContext();
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(String(err)));
  await page.goto(h.server.url + path);
  await page.locator('main').waitFor({ state: 'visible' });
  return page;
}

/** Presses a button of the page (a form post) and waits for the page the post comes back to. */
async function submit(page: Page, button: Locator) {
  await Promise.all([page.waitForEvent('load'), button.click()]);
  await page.locator('main').waitFor({ state: 'visible' });
}

const stateCell = (page: Page, name: string) =>
  page.locator('#state tr', { has: page.locator('th', { hasText: new RegExp(`^${name}$`) }) }).locator('td');

describe('the /dev/ page', () => {
  it('shows the state and switches it with its buttons', async () => {
    const page = await open();
    assert.equal(await stateCell(page, 'regionRestriction').textContent(), 'false');
    const section = page.locator('[data-switch="regionRestriction"]');
    await submit(page, section.getByRole('button', { name: 'Turn on' }));
    assert.match(page.url(), /\/dev\/\?merchant=demo$/);
    assert.equal(await section.locator('h2 [data-onoff]').textContent(), 'on');
    assert.equal(await stateCell(page, 'regionRestriction').textContent(), 'true');
    await submit(page, section.getByRole('button', { name: 'Turn off' }));
    assert.match(page.url(), /\/dev\/\?merchant=demo$/);
    assert.equal(await stateCell(page, 'regionRestriction').textContent(), 'false');

    const ping = page.locator('[data-choice="pingMode"]');
    await submit(page, ping.getByRole('button', { name: 'hang', exact: true }));
    assert.equal(await ping.locator('[aria-pressed="true"]').textContent(), 'hang (now)');
    assert.equal(await stateCell(page, 'pingMode').textContent(), 'hang');
  });

  it('shows stored texts as text', async () => {
    await post('/dev/maintenance', { on: true, texts: { EN: { title: '<img src=x onerror=alert(1)>' } } });
    const page = await open();
    assert.match((await stateCell(page, 'maintenanceTexts').textContent()) ?? '', /<img src=x onerror=alert\(1\)>/);
    assert.equal(await page.locator('main img').count(), 0);
    assert.equal(await page.locator('#maintenance-start').textContent(), 'Restart maintenance with these texts');
    assert.ok(await page.getByRole('button', { name: 'End maintenance' }).isVisible());
  });

  it('shows the SMS outbox, the members and their links', async () => {
    const sent = await fetch(`${h.server.url}/wps/verification/sms/noLogin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Merchant: 'demo' },
      body: JSON.stringify({ countryDialingCode: '+63', mobileNum: '9171234568' }),
    });
    assert.equal(sent.status, 200);
    const outbox = await (await fetch(`${h.server.url}/dev/outbox?mobileNum=9171234568`)).json();
    const page = await open();
    assert.equal(await page.locator('#outbox tbody strong').first().textContent(), outbox.value[0].code);
    const guard = page.locator('.member', { has: page.locator('h3', { hasText: 'guard' }) });
    assert.equal(await guard.getByRole('link').getAttribute('href'), '/dev/members/guard/totp?merchant=demo');
    assert.equal(await guard.locator('form[data-path="ips"]').first().getAttribute('action'), '/dev/members/guard/ips');
    await guard.getByLabel('IP address').fill('192.0.2.77');
    await submit(page, guard.getByRole('button', { name: 'Record this IP' }));
    assert.match(page.url(), /\/dev\/\?merchant=demo$/);
    assert.match((await guard.locator('[data-ips]').textContent()) ?? '', /192\.0\.2\.77/);
    await submit(page, guard.getByRole('button', { name: 'Forget every IP of guard' }));
    assert.match(page.url(), /\/dev\/\?merchant=demo$/);
    assert.equal(await guard.locator('[data-ips]').textContent(), 'none');
  });

  it('works per merchant: the links pick one, its forms post for it', async () => {
    const page = await open();
    await submit(page, page.getByRole('navigation').getByRole('link', { name: 'demo2' }));
    assert.match(page.url(), /\/dev\/\?merchant=demo2$/);
    assert.equal(await page.getByRole('navigation').locator('[aria-current="page"]').textContent(), 'demo2');
    await submit(page, page.locator('[data-switch="domainUnavailable"]').getByRole('button', { name: 'Turn on' }));
    assert.match(page.url(), /\/dev\/\?merchant=demo2$/);
    const state = async (merchant: string) =>
      (await (await fetch(`${h.server.url}/dev/state`, { headers: { Merchant: merchant } })).json()).value;
    assert.equal((await state('demo2')).domainUnavailable, true);
    assert.equal((await state('demo')).domainUnavailable, false);
    assert.equal(
      await page
        .locator('.member h3')
        .allTextContents()
        .then((names) => names.join()),
      'demo,guard',
    );
  });
});
