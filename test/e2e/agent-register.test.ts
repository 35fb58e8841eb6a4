/**
 * /m/agentRegister end to end (docs/product.md §1, §6): a visitor invited through ?r=CODE registers under that
 * agent; an agent (type 1) sees the link to share.
 *
 * The register request is sealed (the code does not appear in clear) and no /wps answer returns the
 * referral code, so the test reads the server's own record of it (GET /dev/members/:name/registration).
 * The agent is a member of a copy of server/merchants/merchants.json given to the harness (there is no dev
 * control that creates members).
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { DEFAULT_MERCHANTS_FILE } from '../../server/infra/config.ts';

let h: Harness;
let context: BrowserContext | undefined;
let merchantsDir: string;

const AGENT = { username: 'agent1', password: 'Agent1234', type: 1, language: 'EN', ips: ['127.0.0.1', '::1'] };

before(async () => {
  const merchants = JSON.parse(await readFile(DEFAULT_MERCHANTS_FILE, 'utf8')) as {
    defaultMerchant: string;
    merchants: Record<string, { members?: unknown[] }>;
  };
  const m = merchants.merchants[merchants.defaultMerchant]!;
  m.members = [...(m.members ?? []), AGENT];
  merchantsDir = await mkdtemp(join(tmpdir(), 'wps-e2e-merchants-'));
  const merchantsFile = join(merchantsDir, 'merchants.json');
  await writeFile(merchantsFile, JSON.stringify(merchants));
  h = await startHarness({ merchantsFile });
});
after(async () => {
  await h?.close();
  if (merchantsDir) await rm(merchantsDir, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  await fetch(`${h.server.url}/dev/reset`, { method: 'POST' }).then((r) => r.text());
});

async function newPage(): Promise<Page> {
  context = await h.newContext();
  return context.newPage();
}

describe('/m/agentRegister', () => {
  it('a visitor invited with ?r=AGENT1 sees the invitation and registers (the request is sealed)', async () => {
    const page = await newPage();
    const registers: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/wps/member/register') registers.push(r);
    });
    await page.goto(`${h.server.url}/m/agentRegister?r=AGENT1`);
    await page.getByText('You were invited by agent AGENT1.').waitFor();

    const reg = page.locator('wps-register-form');
    const name = `inv${Date.now() % 1_000_000}`;
    await reg.getByLabel('Username', { exact: true }).fill(name);
    await reg.getByLabel('Password', { exact: true }).fill('Secret123');
    await reg.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alertdialog').getByText('Registration successful').waitFor();
    await page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${name}$`) }).waitFor();

    assert.equal(registers.length, 1);
    const req = registers[0]!;
    assert.equal(req.method(), 'POST');
    assert.equal(await req.headerValue('encryption'), '3DES-CBC');
    const body = req.postData() ?? '';
    assert.ok(!body.includes('AGENT1'), 'the referral code is not readable in the request');
    assert.ok(!body.includes(name), 'the username is not readable in the request');
    const session = await page.evaluate(() => sessionStorage.getItem('wps:session'));
    assert.ok(session && JSON.parse(session).userName === name, 'the new member is logged in');
    // The server recorded the agent the player registered under.
    const record = await fetch(`${h.server.url}/dev/members/${name}/registration`).then((r) => r.json());
    assert.equal(record.value.referralCode, 'AGENT1', JSON.stringify(record));
  });

  it('a visitor without ?r sees no invitation, only the form', async () => {
    const page = await newPage();
    await page.goto(`${h.server.url}/m/agentRegister`);
    await page.locator('wps-register-form').getByLabel('Username', { exact: true }).waitFor();
    assert.equal(await page.getByText(/You were invited by agent/).count(), 0);
  });

  it('an agent (type 1) sees the share link with their username', async () => {
    const page = await newPage();
    await page.goto(`${h.server.url}/m/login`);
    const form = page.locator('wps-login-form');
    await form.getByLabel('Username', { exact: true }).fill(AGENT.username);
    await form.getByLabel('Password', { exact: true }).fill(AGENT.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${AGENT.username}$`) }).waitFor();

    // What the page writes to the clipboard, recorded as it goes there: the page itself may not read
    // the clipboard back (its Permissions-Policy turns clipboard-read off, docs/server.md).
    await page.addInitScript(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      clipboard.writeText = (text: string) => {
        (window as unknown as { copied?: string }).copied = text;
        return write(text);
      };
    });
    await page.goto(`${h.server.url}/m/agentRegister`);
    await page.getByText('Share this link so new players register under you:').waitFor();
    const link = `${h.server.url}/m/agentRegister?r=${AGENT.username}`;
    await page.locator('code', { hasText: link }).waitFor();
    assert.equal(await page.locator('wps-register-form').count(), 0, 'an agent gets no registration form');
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    // Copying is a success, said in green (issue 32: it showed like an error).
    await page.context().grantPermissions(['clipboard-write']);
    await page.getByRole('button', { name: 'Copy link' }).click();
    const said = page.getByRole('status').filter({ hasText: 'Link copied' });
    await said.waitFor();
    assert.equal(await said.evaluate((el) => getComputedStyle(el).color), 'rgb(23, 117, 58)');
    assert.equal(await page.evaluate(() => (window as unknown as { copied?: string }).copied), link);
  });
});
