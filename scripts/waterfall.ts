// `node --import tsx scripts/waterfall.ts [path]`: the scripts a first visit to /m/home (or `path`)
// fetches, as a Pixel 7 with an empty cache and no service worker gets them, grouped in waves: a
// script's wave is one more than that of the script that asked for it (main.js is wave 0). Needs a
// build (`npm run build`). See docs/performance.md, "Waves after the paint".
import { devices } from 'playwright-core';
import { startHarness } from '../test/e2e/harness.ts';

const path = process.argv[2] ?? '/m/home';
const h = await startHarness();
try {
  const context = await h.newContext({ ...devices['Pixel 7'], locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Who asked for each script: the script whose code (or static import) started the request.
  const initiators = new Map<string, string | undefined>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url).pathname;
    if (!url.endsWith('.js') || initiators.has(url)) return;
    const i = e.initiator;
    const frames = i.stack ? [i.stack, ...(i.stack.parent ? [i.stack.parent] : [])].flatMap((s) => s.callFrames) : [];
    const from = i.url ?? frames.find((f) => f.url.endsWith('.js'))?.url ?? frames[0]?.url;
    initiators.set(url, from ? new URL(from).pathname : undefined);
  });
  await page.goto(`${h.server.url}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(4000);
  const { paint, js } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    // Resource timing entries, typed here: this file is checked without the DOM's types.
    js: (
      performance.getEntriesByType('resource') as unknown as {
        name: string;
        encodedBodySize: number;
        startTime: number;
        responseEnd: number;
      }[]
    )
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .map((e) => ({ url: new URL(e.name).pathname, wire: e.encodedBodySize, start: e.startTime, end: e.responseEnd })),
  }));
  const wave = new Map<string, number>();
  const waveOf = (url: string, seen = new Set<string>()): number => {
    if (wave.has(url)) return wave.get(url)!;
    const from = initiators.get(url);
    const w =
      /\/main-/.test(url) || !from || !from.endsWith('.js') || seen.has(url) ? 0 : waveOf(from, new Set([...seen, url])) + 1;
    wave.set(url, w);
    return w;
  };
  const rows = js.map((s) => ({ ...s, wave: waveOf(s.url), from: initiators.get(s.url) }));
  rows.sort((a, b) => a.start - b.start);
  for (const r of rows)
    console.log(
      `${r.start.toFixed(0).padStart(6)} ${r.end.toFixed(0).padStart(6)} ms  wave ${r.wave}  ${(r.wire / 1024).toFixed(1).padStart(5)} KB  ${r.url.replace('/m/assets/', '')}  <- ${r.from?.replace('/m/assets/', '') ?? 'html'}`,
    );
  const after = rows.filter((r) => !/\/main-/.test(r.url) && r.start > paint);
  const waves = Math.max(0, ...rows.map((r) => r.wave));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `first paint ${paint.toFixed(0)} ms; ${rows.length} scripts, ${kb(rows.reduce((n, r) => n + r.wire, 0))}; ` +
      `after the paint ${after.length} scripts, ${kb(after.reduce((n, r) => n + r.wire, 0))}; deepest chain after main.js: ${waves}`,
  );
  await context.close();
} finally {
  await h.close();
}
