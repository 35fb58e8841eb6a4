/**
 * The install offers end to end (docs/install.md; docs/product.md §2, §4, §9) in Chromium with
 * device emulation, against the reference server: Android Chrome gets the prompt 2 s after /m/home
 * opens and the browser's own dialog from it, and a decline holds for the session; iOS Safari gets
 * its guide; TikTok and Kwai get the "open in your browser" screen; install support off and other
 * routes get nothing.
 *
 * Chromium does not fire `beforeinstallprompt` for a page on a test server, so an init script fires
 * one (with a recording prompt()) right after the page starts, as the real browser does.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { devices, type BrowserContext, type Page } from 'playwright-core';
import { startHarness, type Harness, clearAnnouncements } from './harness.ts';

let h: Harness;
let context: BrowserContext | undefined;

const UA = {
  ios12:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
  tiktok:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_320203 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.2.3 ByteLocale/en BytedanceWebview/d8a21c6',
  // Safari 26: the OS version frozen at 18, only Version/ tells 26 (issue 27).
  safari26:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.4 Mobile/15E148 Safari/604.1',
  whatsappIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.4 Mobile/15E148 Safari/604.1 [WAiOS/2.25.30.74]',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.64 Mobile Safari/537.36 Instagram 320.0.0.42.101 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 567067343)',
  kwai: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Kwai/11.8.30.1022 ISLP/0 StatusHT/47 KDT/PHONE WebViewType/WK',
};

before(async () => {
  h = await startHarness();
  await clearAnnouncements(h);
});
after(async () => {
  await h?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  await fetch(`${h.server.url}/dev/reset`, { method: 'POST' }).then((r) => r.text());
});

async function newPage(
  options: Parameters<Harness['newContext']>[0],
  outcome: 'accepted' | 'dismissed' = 'dismissed',
): Promise<Page> {
  context = await h.newContext({ ...options, locale: 'en-US' });
  // A string, not a function: tsx would add its __name helper, which the page does not have.
  await context.addInitScript(`
    localStorage.setItem('wps:language', '"EN"');
    window.__prompted = 0;
    // As Chromium does: once, early in the page's life.
    document.addEventListener('DOMContentLoaded', function () {
      var event = new Event('beforeinstallprompt', { cancelable: true });
      event.prompt = function () { window.__prompted += 1; return Promise.resolve(); };
      event.userChoice = Promise.resolve({ outcome: ${JSON.stringify(outcome)} });
      window.dispatchEvent(event);
    });
  `);
  return context.newPage();
}

/** ms from navigation start until `locator` is visible. */
async function msUntilVisible(page: Page, locate: () => ReturnType<Page['getByRole']>) {
  await locate().waitFor({ timeout: 8000 });
  return page.evaluate(() => performance.now());
}

describe('install offers', () => {
  it('Android Chrome: the prompt 2 s after /m/home, the browser dialog from it, and a decline holds for the session', async () => {
    const page = await newPage(devices['Pixel 7']);
    await page.goto(`${h.server.url}/m/home`);
    const sheet = () => page.getByRole('dialog', { name: 'Install WPS Lottery Online' });
    const at = await msUntilVisible(page, sheet);
    assert.ok(at >= 2000, `shown after ${Math.round(at)} ms, not before 2000`);
    await page.getByRole('button', { name: 'Add to home screen' }).click();
    await sheet().waitFor({ state: 'hidden' });
    assert.equal(
      await page.evaluate(() => (window as unknown as { __prompted: number }).__prompted),
      1,
      "the browser's dialog opened once",
    );
    assert.equal(await page.evaluate(() => sessionStorage.getItem('wps:installSkipped')), 'true');

    await page.reload();
    await page.locator('#visitor-title').waitFor();
    await page.waitForTimeout(3000);
    assert.equal(await sheet().count(), 0, 'not again this session');
  });

  it('iOS 12.1 Safari: the add-to-home-screen guide', async () => {
    const page = await newPage({ ...devices['iPhone 13'], userAgent: UA.ios12 });
    await page.goto(`${h.server.url}/m/home`);
    const guide = page.getByRole('dialog', { name: 'Add WPS Lottery Online to your home screen' });
    await guide.waitFor({ timeout: 8000 });
    assert.match(await guide.innerText(), /Share[\s\S]*Add to Home Screen[\s\S]*Add/);
  });

  it('Safari 26 on iPhone (OS frozen at 18): the footer names the iOS 26 way, Share or "…", then View More', async () => {
    const page = await newPage({ ...devices['iPhone 13'], userAgent: UA.safari26 });
    await page.goto(`${h.server.url}/m/home`);
    const footer = page.locator('wps-ios-guide [part="footer"]');
    await footer.waitFor({ timeout: 8000 });
    assert.match(await footer.innerText(), /Share \(or “…”\), “View More”, “Add to Home Screen”/);
  });

  it('WhatsApp on iOS: not taken for Safari; "open in your browser" with x-safari and WhatsApp\'s own menu', async () => {
    const page = await newPage({ ...devices['iPhone 13'], userAgent: UA.whatsappIos });
    await page.goto(`${h.server.url}/m/home`);
    const screen = page.getByRole('dialog', { name: 'Open in your browser' });
    await screen.waitFor({ timeout: 8000 });
    assert.match(await screen.innerText(), /WhatsApp/);
    const href = await page.getByRole('link', { name: 'Open in browser' }).getAttribute('href');
    assert.equal(href, `x-safari-${h.server.url}/m/home`);
    assert.equal(await page.getByRole('dialog', { name: /home screen/ }).count(), 0, 'no Safari guide inside WhatsApp');
  });

  it("Instagram on Android: its extbrowser, never an intent (Meta's apps block it)", async () => {
    const page = await newPage({ ...devices['Pixel 7'], userAgent: UA.instagramAndroid });
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('dialog', { name: 'Open in your browser' }).waitFor({ timeout: 8000 });
    const href = await page.getByRole('link', { name: 'Open in browser' }).getAttribute('href');
    assert.equal(href, `instagram://extbrowser/?url=${encodeURIComponent(`${h.server.url}/m/home`)}`);
  });

  it("the manifest Chrome reads for its richer install dialog: maskable icon, description, narrow screenshot, id, the merchant's app", async () => {
    const page = await newPage({ ...devices['Pixel 7'] });
    await page.goto(`${h.server.url}/m/home`);
    const cdp = await page.context().newCDPSession(page);
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    assert.deepEqual(errors, [], 'Chromium parses it without complaint');
    const manifest = JSON.parse(data!) as {
      id?: string;
      description?: string;
      icons: { src: string; purpose?: string; sizes?: string }[];
      screenshots?: { src: string; form_factor?: string; sizes?: string }[];
      related_applications?: { platform: string; id: string }[];
      prefer_related_applications?: boolean;
    };
    assert.equal(manifest.id, '/m/home');
    assert.ok(manifest.description && manifest.description.length > 10, 'a description');
    const maskable = manifest.icons.find((i) => i.purpose?.includes('maskable'));
    assert.ok(maskable, 'a maskable icon');
    const narrow = manifest.screenshots?.find((s) => s.form_factor === 'narrow');
    assert.ok(narrow, 'a narrow screenshot');
    assert.deepEqual(manifest.related_applications?.[0]?.platform, 'play');
    assert.equal(manifest.prefer_related_applications, false);
    // What the dialog shows must load: the icon and the screenshot, from the manifest's own URL.
    for (const src of [maskable.src, narrow.src]) {
      const res = await fetch(new URL(src, url));
      assert.equal(res.status, 200, src);
      assert.match(res.headers.get('content-type') ?? '', /^image\//, src);
    }
  });

  it('TikTok on Android: "open in your browser" with the intent for this page', async () => {
    const page = await newPage({ ...devices['Pixel 7'], userAgent: UA.tiktok });
    await page.goto(`${h.server.url}/m/home?affiliateCode=AFF1`);
    const screen = page.getByRole('dialog', { name: 'Open in your browser' });
    await screen.waitFor({ timeout: 8000 });
    assert.match(await screen.innerText(), /TikTok's built-in browser/);
    const href = await page.getByRole('link', { name: 'Open in browser' }).getAttribute('href');
    const host = new URL(h.server.url).host;
    assert.ok(href?.startsWith(`intent://${host}/m/home?affiliateCode=AFF1#Intent;scheme=http;`), String(href));
    assert.equal(await page.getByRole('dialog', { name: /Install/ }).count(), 0, 'one overlay, not two');
  });

  it('Kwai on iOS 17: "open in your browser" with x-safari', async () => {
    const page = await newPage({ ...devices['iPhone 13'], userAgent: UA.kwai });
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('dialog', { name: 'Open in your browser' }).waitFor({ timeout: 8000 });
    const href = await page.getByRole('link', { name: 'Open in browser' }).getAttribute('href');
    assert.equal(href, `x-safari-${h.server.url}/m/home`);
  });

  it('install support off, or another route: nothing is offered', async () => {
    const page = await newPage(devices['Pixel 7']);
    await page.goto(`${h.server.url}/m/login`);
    await page.waitForTimeout(3000);
    assert.equal(await page.getByRole('dialog').count(), 0, '/m/login offers nothing');

    const off = await fetch(`${h.server.url}/dev/site-settings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ installSupport: false }),
    });
    assert.equal(off.status, 200);
    await page.goto(`${h.server.url}/m/home`);
    await page.locator('#visitor-title').waitFor();
    // The install offer is settled (there is none): the image popups come instead.
    await page.getByRole('dialog', { name: 'Announcement image' }).waitFor({ timeout: 8000 });
    assert.equal(await page.locator('wps-install-prompt, wps-ios-guide, wps-inapp-guide').count(), 0, 'install support off');
  });

  it('the image popups come after the install prompt is answered: m_popup1, m_popup2; a saved image holds for the session', async () => {
    const page = await newPage(devices['Pixel 7']);
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('dialog', { name: 'Install WPS Lottery Online' }).waitFor({ timeout: 8000 });
    assert.equal(await page.getByRole('dialog').count(), 1, 'one overlay at a time');
    await page.getByRole('button', { name: 'Continue in the browser' }).click();
    const popup = page.getByRole('dialog', { name: 'Announcement image' });
    await popup.waitFor({ timeout: 5000 });
    const src = () => popup.getByRole('img').getAttribute('src');
    assert.match(String(await src()), /\/m\/splash\/splash-640x1136\.png$/, 'm_popup1 first');
    await popup.getByRole('button', { name: /^Close/ }).click();
    await popup.getByRole('img').and(page.locator('[src$="icon-512.png"]')).waitFor({ timeout: 5000 });
    const download = page.waitForEvent('download');
    await popup.getByRole('link', { name: 'Save image' }).click();
    assert.equal((await download).suggestedFilename(), 'icon-512.png');
    await popup.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => localStorage.getItem('wps:imagePopupImages')), '["icon-512.png"]');

    await page.reload();
    await page.locator('#visitor-title').waitFor();
    await page.waitForTimeout(3500);
    assert.equal(
      await page.getByRole('dialog').count(),
      0,
      'saved: no popups again this session (and no install prompt: declined)',
    );
  });

  it('/m/appDownload on iPhone 13: public, in the asked language, only the iOS app and profile; tokens=1 is no session', async () => {
    const page = await newPage(devices['iPhone 13']);
    await page.goto(`${h.server.url}/m/appDownload?language=EN&tokens=1`);
    const rows = page.locator('wps-download-popup').getByRole('button');
    await rows.first().waitFor({ timeout: 8000 });
    assert.deepEqual(await rows.allInnerTexts(), ['iOS app', 'iOS profile (installs the home-screen app)', 'Add to home screen']);
    assert.equal(await page.locator('wps-download-popup [part~="icon"] svg path').count(), 3, 'an icon on every row');
    assert.equal(new URL(page.url()).pathname, '/m/appDownload', 'not sent to /m/login');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('wps:session')), null);
  });

  it('/m/appDownload on Pixel 7: only the Android app, and tapping it downloads the .apk, never the .ipa', async () => {
    const page = await newPage(devices['Pixel 7']);
    await page.goto(`${h.server.url}/m/appDownload?language=EN`);
    const rows = page.locator('wps-download-popup').getByRole('button');
    await rows.first().waitFor({ timeout: 8000 });
    assert.deepEqual(await rows.allInnerTexts(), ['Android app', 'Add to home screen']);
    assert.equal(await page.locator('wps-download-popup [part~="icon"] svg path').count(), 2, 'an icon on every row');
    const asked = page.waitForRequest((r) => /\.(apk|ipa|mobileconfig)(?:[?#]|$)/.test(new URL(r.url()).pathname), {
      timeout: 8000,
    });
    await rows.first().click();
    assert.match(new URL((await asked).url()).pathname, /\.apk$/);
  });

  it('inside an older native app: the upgrade modal, forced when the update is mandatory; no install offer', async () => {
    const set = await fetch(`${h.server.url}/dev/site-settings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ appVersion: '3.0.0', appMandatory: true }),
    });
    assert.equal(set.status, 200);
    const page = await newPage({ ...devices['Pixel 7'], userAgent: `${devices['Pixel 7']!.userAgent} WPSApp/2.4.10` });
    await page.goto(`${h.server.url}/m/home`);
    const modal = page.getByRole('alertdialog', { name: 'Update available' });
    await modal.waitFor({ timeout: 8000 });
    assert.match(await modal.innerText(), /This update is required to keep playing\./);
    assert.equal(await modal.getByRole('button', { name: 'Later' }).count(), 0);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    assert.equal(await modal.isVisible(), true, 'Escape does not close a mandatory update');
    await page.waitForTimeout(2500);
    assert.equal(
      await page.locator('wps-install-prompt, wps-ios-guide, wps-inapp-guide, wps-download-bar >> visible=true').count(),
      0,
    );
  });
});
