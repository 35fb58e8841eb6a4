/**
 * Conversion tracking (src/features/tracking/*, src/core/tracking/attribution.ts and track.ts;
 * docs/tracking.md; docs/product.md §3, §5, §9): the payload's currency and number rules (a
 * withdrawal's revenue negative), the landing URL's pixel and click ids, the stored attribution (90
 * days, local storage and the wps_attr cookie), the native bridge (Android interface, iOS message
 * handler, ad ids), the web pixels (no id, no script; each script once), the batched tracking post
 * (FLUSH_MS with a fake clock, 20 per body, pagehide), and startTracking's fan-out of one event to a
 * pixel, the app and the post.
 */
import { expect } from 'chai';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { configure, merchantCode } from '../../src/core/config/config.ts';
import { resetSiteData, siteStatus } from '../../src/core/config/siteStatus.ts';
import { clearSession, saveSession } from '../../src/core/session/sessionInfo.ts';
import { pixelTrack, saveAttribution, storedAttribution } from '../../src/core/tracking/attribution.ts';
import { setTrackingSink, track } from '../../src/core/tracking/track.ts';
import type { TrackingBody, WireEvent } from '../../src/contract/tracking/wire.ts';
import { FLUSH_MS, post, startBeacon, type Beacon } from '../../src/features/tracking/beacon.ts';
import { readAdIds, sendToApp, watchAdIds } from '../../src/features/tracking/bridge.ts';
import { attributionFromQuery } from '../../src/features/tracking/capture.ts';
import { eventPayload, formatNumber, trackingCurrency } from '../../src/features/tracking/format.ts';
import { startTracking } from '../../src/features/tracking/index.ts';
import { addScript, startPixels } from '../../src/features/tracking/pixels.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { sleep } from '../browser-helpers/helpers.ts';
import { fakeProperty, statusFixture } from '../browser-helpers/status.ts';

const DAY = 86_400_000;
const FB_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';
const PIXEL_GLOBALS = [
  'fbq',
  '_fbq',
  'ttq',
  'kwaiq',
  'gtag',
  'dataLayer',
  'bge',
  'bgdataLayer',
  '__wpsPixels',
  'WPSNative',
  'WPSNativeAdIds',
];
type Globals = Record<string, unknown>;
const g = window as unknown as Globals;

let clock: FakeClock | undefined;
const stops: (() => void)[] = [];
let restoreVisibility: (() => void) | undefined;
let merchantBefore = '';

function reset() {
  for (const stop of stops.splice(0)) stop();
  clock?.uninstall();
  clock = undefined;
  restoreVisibility?.();
  restoreVisibility = undefined;
  setTrackingSink(undefined);
  for (const name of PIXEL_GLOBALS) delete g[name];
  document.head.querySelectorAll('script[data-wps-pixel]').forEach((s) => s.remove());
  document.cookie = 'wps_attr=; Max-Age=0; Path=/';
  clearSession();
  resetSiteData();
  sessionStorage.clear();
  localStorage.clear();
  merchantCode.value = 'DEMO01';
}
before(() => {
  merchantBefore = merchantCode.value;
});
after(() => {
  merchantCode.value = merchantBefore;
});
beforeEach(reset);
afterEach(reset);

describe('trackingCurrency', () => {
  const rows: [string | undefined, string | undefined][] = [
    ['TLB', 'PHP'],
    ['tlb', 'PHP'],
    ['usdt', 'USD'],
    ['PHP', 'PHP'],
    [' inr ', 'INR'],
    ['', undefined],
    ['   ', undefined],
    [undefined, undefined],
  ];
  for (const [code, expected] of rows)
    it(`${JSON.stringify(code)} → ${String(expected)}`, () => expect(trackingCurrency(code)).to.equal(expected));
});

describe('formatNumber', () => {
  const rows: [number | string | undefined, number, number | undefined][] = [
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [2.675, 2, 2.68],
    [100.456, 2, 100.46],
    [0.1 + 0.2, 2, 0.3],
    [12.3456, 0, 12],
    [12.5, 0, 13],
    [-12.5, 0, -13],
    [12.3456, -1, 12.3456],
    [12.3456, 3, 12.346],
    ['10.5', 2, 10.5],
    [' 7 ', 2, 7],
    [NaN, 2, undefined],
    ['', 2, undefined],
    ['  ', 2, undefined],
    ['abc', 2, undefined],
    [Infinity, 2, undefined],
    [undefined, 2, undefined],
  ];
  for (const [n, decimals, expected] of rows) {
    it(`${typeof n === 'string' ? JSON.stringify(n) : String(n)} with ${decimals} → ${String(expected)}`, () => {
      expect(formatNumber(n, decimals)).to.equal(expected);
    });
  }
  it('a tiny negative rounds to 0, never -0', () => expect(Object.is(formatNumber(-0.004, 2), 0)).to.equal(true));
});

describe('eventPayload', () => {
  it('a deposit: amount, revenue and value positive; currency mapped; customerId a string', () => {
    expect(eventPayload('deposit', { amount: '100.456', currency: 'TLB', customerId: 7, customerName: 'ann' })).to.deep.equal({
      customerName: 'ann',
      customerId: '7',
      currency: 'PHP',
      amount: 100.46,
      revenue: 100.46,
      value: 100.46,
    });
  });
  it('a withdrawal: revenue and value negative, amount positive (whatever sign it came with)', () => {
    for (const amount of [50.5, -50.5, '50.5']) {
      expect(eventPayload('withdraw', { amount, currency: 'usdt' }), String(amount)).to.deep.equal({
        currency: 'USD',
        amount: 50.5,
        revenue: -50.5,
        value: -50.5,
      });
    }
  });
  it('no amount: no money fields; customerId 0 kept, an empty one left out', () => {
    expect(eventPayload('register', { customerId: 0 })).to.deep.equal({ customerId: '0' });
    expect(eventPayload('register', { customerId: '', customerName: '', amount: 'x' })).to.deep.equal({});
  });
  it('decimals: -1 keeps the amount, 0 rounds it', () => {
    expect(eventPayload('deposit', { amount: 10.555, decimals: -1 }).amount).to.equal(10.555);
    expect(eventPayload('deposit', { amount: 10.5, decimals: 0 }).value).to.equal(11);
  });
});

describe('attributionFromQuery', () => {
  it('the pixel ids and click ids of the landing URL', () => {
    expect(
      attributionFromQuery(
        '?fbPixelId=123456&tiktok_pixel_id=TT_1&gtag=G-ABC1&kwai_pixel_id=K99&fbclid=fb.1.abc&gclid=g-1_x&kwaiclid=kc1',
      ),
    ).to.deep.equal({
      fbPixelId: '123456',
      tiktokPixelId: 'TT_1',
      gtagId: 'G-ABC1',
      kwai_pixel_id: 'K99',
      kwaiPixelBaseCode: 'K99',
      ad_fbclid: 'fb.1.abc',
      ad_gclid: 'g-1_x',
      kwai_click_id: 'kc1',
    });
  });
  it('click_id also gives kwai_click_id', () =>
    expect(attributionFromQuery('click_id=c.9')).to.deep.equal({ kwai_click_id: 'c.9' }));
  it('malformed values are dropped', () => {
    expect(
      attributionFromQuery(
        `fbPixelId=${encodeURIComponent('<x>')}&tiktok_pixel_id=a%20b&gtag=${'a'.repeat(65)}&fbclid=${encodeURIComponent('a"b')}&gclid=&kwai_pixel_id=${encodeURIComponent('k/1')}`,
      ),
    ).to.deep.equal({});
  });
  it('a malformed first name gives way to a well-formed second', () => {
    expect(attributionFromQuery(`fbPixelId=${encodeURIComponent('<x>')}&fb_pixel_id=777`)).to.deep.equal({ fbPixelId: '777' });
  });
  it('unknown parameters are ignored', () => expect(attributionFromQuery('utm_source=x&pixel=1&ttclid=2')).to.deep.equal({}));
});

describe('the stored attribution (90 days)', () => {
  const T = 1_700_000_000_000;
  const cookie = () => {
    const raw = document.cookie.split('; ').find((c) => c.startsWith('wps_attr='));
    return raw ? (JSON.parse(decodeURIComponent(raw.slice('wps_attr='.length))) as unknown) : undefined;
  };
  it('saveAttribution writes wps:attribution with expires = now + 90 days, and the wps_attr cookie', () => {
    saveAttribution({ fbPixelId: '123', affiliateCode: 'AFF' }, T);
    expect(JSON.parse(localStorage.getItem('wps:attribution')!)).to.deep.equal({
      value: { fbPixelId: '123', affiliateCode: 'AFF' },
      expires: T + 90 * DAY,
    });
    expect(cookie()).to.deep.equal({ fbPixelId: '123', affiliateCode: 'AFF' });
  });
  it('readable until 90 days, {} from 90 days on', () => {
    saveAttribution({ gtagId: 'G-1' }, T);
    expect(storedAttribution(T + 90 * DAY - 1)).to.deep.equal({ gtagId: 'G-1' });
    expect(storedAttribution(T + 90 * DAY)).to.deep.equal({});
  });
  it('a later save merges: new values win, empty ones erase nothing, and the 90 days start again', () => {
    saveAttribution({ gtagId: 'G-1', affiliateCode: 'A' }, T);
    saveAttribution({ gtagId: 'G-2', affiliateCode: undefined, referralCode: '' }, T + DAY);
    expect(storedAttribution(T + 90 * DAY + 1)).to.deep.equal({ gtagId: 'G-2', affiliateCode: 'A' });
    expect(cookie()).to.deep.equal({ gtagId: 'G-2', affiliateCode: 'A' });
  });
  it('an expired attribution is not merged into a new save', () => {
    saveAttribution({ gtagId: 'G-1' }, T);
    saveAttribution({ fbPixelId: '9' }, T + 90 * DAY);
    expect(storedAttribution(T + 90 * DAY)).to.deep.equal({ fbPixelId: '9' });
  });
  it('pixelTrack has only the pixelTrack fields, or nothing', () => {
    expect(
      pixelTrack({
        affiliateCode: 'A',
        referralCode: 'R',
        originalDomain: 'x.test',
        bigoPixelId: 'B',
        idfa: 'I',
        fbPixelId: '1',
        tiktokPixelId: '2',
        gtagId: '3',
        kwaiPixelBaseCode: '4',
        ad_fbclid: '5',
        ad_gclid: '6',
        kwai_pixel_id: '4',
        kwai_click_id: '7',
      }),
    ).to.deep.equal({
      fbPixelId: '1',
      tiktokPixelId: '2',
      gtagId: '3',
      kwaiPixelBaseCode: '4',
      ad_fbclid: '5',
      ad_gclid: '6',
      kwai_pixel_id: '4',
      kwai_click_id: '7',
    });
    expect(pixelTrack({ affiliateCode: 'A', idfa: 'x' })).to.equal(undefined);
  });
});

describe('the native bridge', () => {
  const payload = { customerId: '7', currency: 'PHP', amount: 10, revenue: 10, value: 10 };
  it('Android: WPSNative.trackEvent gets the event and the payload as JSON', () => {
    const got: [string, string][] = [];
    const win = { WPSNative: { trackEvent: (e: string, p: string) => got.push([e, p]) } } as unknown as Window;
    expect(sendToApp('deposit', payload, win)).to.equal(true);
    expect(got).to.have.length(1);
    expect(got[0]![0]).to.equal('deposit');
    expect(JSON.parse(got[0]![1])).to.deep.equal(payload);
  });
  it('the page window by default', () => {
    const got: string[] = [];
    g.WPSNative = { trackEvent: (e: string) => got.push(e) };
    expect(sendToApp('register', {})).to.equal(true);
    expect(got).to.deep.equal(['register']);
  });
  it('iOS: the wpsNative message handler gets { action: trackEvent, event, payload }', () => {
    const got: unknown[] = [];
    const win = { webkit: { messageHandlers: { wpsNative: { postMessage: (m: unknown) => got.push(m) } } } } as unknown as Window;
    expect(sendToApp('withdraw', payload, win)).to.equal(true);
    expect(got).to.deep.equal([{ action: 'trackEvent', event: 'withdraw', payload }]);
  });
  it('no bridge: false; a throwing bridge: false, nothing thrown', () => {
    expect(sendToApp('deposit', payload, {} as Window)).to.equal(false);
    const win = {
      WPSNative: {
        trackEvent: () => {
          throw new Error('app');
        },
      },
    } as unknown as Window;
    expect(sendToApp('deposit', payload, win)).to.equal(false);
  });

  const everything = {
    adAppToken: 'tok1',
    gpsAdid: '38400000-8cf0-11bd-b23e-10b96e40000d',
    adid: 'a1',
    afAppId: 'com.example.app',
    appsflyerId: '1700000000000-123',
    afAdvertisingId: 'af:ad',
    afOaid: 'oaid_1',
    idfa: 'IDFA-1',
    idfv: 'IDFV-1',
  };
  it('readAdIds (Android): only the 9 known keys with plain values', () => {
    const raw = {
      ...everything,
      idfv: { nested: true },
      idfa: 'has space',
      adid: 12,
      afOaid: 'x'.repeat(129),
      evil: 'x',
      __proto__x: 'y',
    };
    const win = { WPSNative: { getAdIds: () => JSON.stringify(raw) } } as unknown as Window;
    const { idfv, idfa, adid, afOaid, ...kept } = everything;
    void [idfv, idfa, adid, afOaid];
    expect(readAdIds(win)).to.deep.equal(kept);
    const all = { WPSNative: { getAdIds: () => JSON.stringify({ ...everything, more: '1' }) } } as unknown as Window;
    expect(readAdIds(all)).to.deep.equal(everything);
  });
  it('readAdIds (iOS): what the wrapper put on window; broken answers give {}', () => {
    expect(readAdIds({ WPSNativeAdIds: { idfa: 'IDFA-1', other: 'x' } } as unknown as Window)).to.deep.equal({ idfa: 'IDFA-1' });
    expect(readAdIds({ WPSNative: { getAdIds: () => 'not json' } } as unknown as Window)).to.deep.equal({});
    expect(
      readAdIds({
        WPSNative: {
          getAdIds: () => {
            throw new Error('x');
          },
        },
      } as unknown as Window),
    ).to.deep.equal({});
    expect(readAdIds({} as Window)).to.deep.equal({});
  });
  it("watchAdIds: the 'wps-native-ad-ids' window event, cleaned; nothing after stop", () => {
    const got: unknown[] = [];
    const stop = watchAdIds((ids) => got.push(ids));
    stops.push(stop);
    dispatchEvent(new CustomEvent('wps-native-ad-ids', { detail: { gpsAdid: 'g1', bad: 'x', idfa: 'a b' } }));
    dispatchEvent(new CustomEvent('wps-native-ad-ids', { detail: JSON.stringify({ idfv: 'v1' }) }));
    stop();
    dispatchEvent(new CustomEvent('wps-native-ad-ids', { detail: { adid: 'late' } }));
    expect(got).to.deep.equal([{ gpsAdid: 'g1' }, { idfv: 'v1' }]);
  });
});

describe('the web pixels', () => {
  const recorder = () => {
    const added: string[] = [];
    return { added, add: (src: string) => void added.push(src) };
  };
  const fbQueue = () => (g.fbq as { queue: unknown[][] }).queue;

  it('no id: no pixel, no script, no global', () => {
    const r = recorder();
    expect(startPixels({}, window, r.add)).to.deep.equal([]);
    expect(r.added).to.deep.equal([]);
    expect(g.fbq).to.equal(undefined);
    expect(g.ttq).to.equal(undefined);
    expect(g.gtag).to.equal(undefined);
  });
  it('an invalid id adds nothing', () => {
    const r = recorder();
    expect(startPixels({ fbPixelId: '<x>', tiktokPixelId: 'a b', gtagId: '' }, window, r.add)).to.deep.equal([]);
    expect(r.added).to.deep.equal([]);
    expect(g.fbq).to.equal(undefined);
  });
  it('Facebook: its script added once even when started twice; fbq gets init with the id', () => {
    const r = recorder();
    const [first] = startPixels({ fbPixelId: '1234567890' }, window, r.add);
    const [second] = startPixels({ fbPixelId: '1234567890' }, window, r.add);
    expect(r.added).to.deep.equal([FB_SCRIPT]);
    expect(first!.name).to.equal('facebook');
    expect(second).to.equal(first);
    expect(fbQueue()).to.deep.equal([['init', '1234567890']]);
  });
  it('Facebook: register → track CompleteRegistration with value and currency; an unmapped event → trackCustom', () => {
    const [pixel] = startPixels({ fbPixelId: '1234567890' }, window, recorder().add);
    pixel!.send('register', { customerId: '7', currency: 'PHP', amount: 10, revenue: 10, value: 10 });
    pixel!.send('gameLaunch', {});
    pixel!.send('deposit', { currency: 'USD', amount: 5, revenue: 5, value: 5 });
    expect(fbQueue().slice(1)).to.deep.equal([
      ['track', 'CompleteRegistration', { value: 10, currency: 'PHP' }],
      ['trackCustom', 'gameLaunch', {}],
      ['track', 'Purchase', { value: 5, currency: 'USD' }],
    ]);
  });
  it('TikTok: its script with the id; ttq.track gets its event name and the pixel id', () => {
    const r = recorder();
    const [pixel] = startPixels({ tiktokPixelId: 'TT_1' }, window, r.add);
    expect(r.added).to.deep.equal(['https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=TT_1&lib=ttq']);
    pixel!.send('firstDeposit', { currency: 'PHP', amount: 3, revenue: 3, value: 3 });
    expect([...(g.ttq as unknown[])]).to.deep.equal([['track', 'CompletePayment', { value: 3, currency: 'PHP', pixel: 'TT_1' }]]);
  });
  it('gtag: dataLayer gets config with the id and the event with send_to', () => {
    const r = recorder();
    const [pixel] = startPixels({ gtagId: 'G-ABC1' }, window, r.add);
    expect(r.added).to.deep.equal(['https://www.googletagmanager.com/gtag/js?id=G-ABC1']);
    pixel!.send('register', {});
    const layer = (g.dataLayer as IArguments[]).map((a) => [...a]);
    expect(layer[0]![0]).to.equal('js');
    expect(layer.slice(1)).to.deep.equal([
      ['config', 'G-ABC1'],
      ['event', 'sign_up', { send_to: 'G-ABC1' }],
    ]);
  });
  it('several pixels at once: one script each', () => {
    const r = recorder();
    const pixels = startPixels({ fbPixelId: '1', kwaiPixelId: 'K1', bigoPixelId: 'B1' }, window, r.add);
    expect(pixels.map((p) => p.name)).to.deep.equal(['facebook', 'kwai', 'bigo']);
    expect(r.added).to.have.length(3);
  });
  it('addScript: an async script tagged data-wps-pixel in the head', () => {
    const doc = document.implementation.createHTMLDocument('x');
    addScript(FB_SCRIPT, doc);
    const s = doc.head.querySelector('script')!;
    expect([s.src, s.async, s.hasAttribute('data-wps-pixel')]).to.deep.equal([FB_SCRIPT, true, true]);
  });
});

describe('the tracking post (beacon)', () => {
  const event = (i: number): WireEvent => ({ id: `id-${i}`, name: 'viewContent', time: i, page: '/m/' });
  function recordingBeacon(attribution = { affiliateCode: 'AFF' }) {
    const sent: TrackingBody[] = [];
    const beacon: Beacon = startBeacon(
      () => attribution,
      (b) => void sent.push(b),
    );
    stops.push(() => beacon.stop());
    return { sent, beacon, sizes: () => sent.map((b) => (JSON.parse(b.events) as unknown[]).length) };
  }

  it('FLUSH_MS is 5 s', () => expect(FLUSH_MS).to.equal(5000));
  it('events wait until FLUSH_MS, then go in one body { merchant, events: JSON string, attribution }', async () => {
    clock = installClock();
    const { sent, beacon } = recordingBeacon();
    beacon.add(event(1));
    await clock.tickAsync(1000);
    beacon.add(event(2));
    await clock.tickAsync(3999);
    expect(sent).to.have.length(0);
    await clock.tickAsync(1);
    expect(sent).to.deep.equal([
      { merchant: 'DEMO01', events: JSON.stringify([event(1), event(2)]), attribution: { affiliateCode: 'AFF' } },
    ]);
    await clock.tickAsync(10 * FLUSH_MS);
    expect(sent).to.have.length(1);
  });
  it('20 waiting events go at once, in one body, without the timer', async () => {
    clock = installClock();
    const { sent, beacon, sizes } = recordingBeacon();
    for (let i = 0; i < 19; i++) beacon.add(event(i));
    expect(sent).to.have.length(0);
    beacon.add(event(19));
    expect(sizes()).to.deep.equal([20]);
    expect(JSON.parse(sent[0]!.events)).to.deep.equal(Array.from({ length: 20 }, (_, i) => event(i)));
    expect(clock.countTimers()).to.equal(0);
  });
  it('45 events: 20 + 20 at once, the last 5 after FLUSH_MS', async () => {
    clock = installClock();
    const { beacon, sizes } = recordingBeacon();
    for (let i = 0; i < 45; i++) beacon.add(event(i));
    expect(sizes()).to.deep.equal([20, 20]);
    await clock.tickAsync(FLUSH_MS - 1);
    expect(sizes()).to.deep.equal([20, 20]);
    await clock.tickAsync(1);
    expect(sizes()).to.deep.equal([20, 20, 5]);
  });
  it('flush() sends what waits in one body, and nothing when nothing waits', () => {
    const { sent, beacon, sizes } = recordingBeacon();
    beacon.flush();
    expect(sent).to.have.length(0);
    for (let i = 0; i < 19; i++) beacon.add(event(i));
    beacon.flush();
    expect(sizes()).to.deep.equal([19]);
  });
  it("a 'pagehide' event sends what waits at once", async () => {
    clock = installClock();
    const { sent, beacon } = recordingBeacon();
    beacon.add(event(1));
    beacon.add(event(2));
    beacon.add(event(3));
    dispatchEvent(new Event('pagehide'));
    expect(sent).to.have.length(1);
    expect(JSON.parse(sent[0]!.events)).to.have.length(3);
  });
  it('the page turning hidden sends what waits', () => {
    const { sent, beacon } = recordingBeacon();
    beacon.add(event(1));
    restoreVisibility = fakeProperty(document, 'visibilityState', () => 'hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).to.have.length(1);
  });
  it('stop() sends what waits and stops listening', () => {
    const { sent, beacon } = recordingBeacon();
    beacon.add(event(1));
    beacon.stop();
    expect(sent).to.have.length(1);
    beacon.add(event(2));
    dispatchEvent(new Event('pagehide'));
    expect(sent, 'pagehide after stop').to.have.length(1);
    beacon.flush();
  });
  it('a send that throws loses the batch, never the page', () => {
    const beacon = startBeacon(
      () => ({}),
      () => {
        throw new Error('quota');
      },
    );
    stops.push(() => beacon.stop());
    for (let i = 0; i < 20; i++) beacon.add(event(i));
    expect(() => beacon.flush()).not.to.throw();
  });
  it('post: navigator.sendBeacon to /wps/tracking/events, text/plain, the body as JSON', async () => {
    const got: [string, Blob][] = [];
    const nav = { sendBeacon: (url: string, blob: Blob) => (got.push([url, blob]), true) } as unknown as Navigator;
    const body: TrackingBody = { merchant: 'DEMO01', events: JSON.stringify([event(1)]) };
    expect(post(body, undefined, nav)).to.equal(true);
    expect(got).to.have.length(1);
    expect(new URL(got[0]![0], location.href).pathname).to.equal('/wps/tracking/events');
    expect(got[0]![1].type).to.equal('text/plain');
    expect(JSON.parse(await got[0]![1].text())).to.deep.equal(body);
  });
  describe('the session on the post (issue 26: verified conversions)', () => {
    const realFetch = window.fetch;
    let fetched: [string, RequestInit][];
    beforeEach(() => {
      fetched = [];
      window.fetch = ((url: string, init: RequestInit) => {
        fetched.push([url, init]);
        return Promise.resolve(new Response('{}'));
      }) as typeof fetch;
    });
    afterEach(() => {
      window.fetch = realFetch;
      configure({ apiBase: '' });
    });
    const body: TrackingBody = { merchant: 'DEMO01', events: JSON.stringify([event(1)]) };
    const beaconRecorder = () => {
      const got: string[] = [];
      return { got, nav: { sendBeacon: (url: string) => (got.push(url), true) } as unknown as Navigator };
    };

    it('signed in, own origin: fetch keepalive with the Authorization, no beacon', () => {
      const { got, nav } = beaconRecorder();
      expect(post(body, 'session-token', nav)).to.equal(true);
      expect(got).to.deep.equal([]);
      expect(fetched).to.have.length(1);
      const [url, init] = fetched[0]!;
      expect(new URL(url, location.href).origin).to.equal(location.origin);
      expect(init.keepalive).to.equal(true);
      expect(init.credentials).to.equal('omit');
      expect((init.headers as Record<string, string>).Authorization).to.equal('session-token');
      expect(JSON.parse(init.body as string)).to.deep.equal(body);
    });
    it('signed in, the API on another origin: a beacon, and the token never leaves', () => {
      configure({ apiBase: 'https://api.other.example' });
      const { got, nav } = beaconRecorder();
      expect(post(body, 'session-token', nav)).to.equal(true);
      expect(got).to.deep.equal(['https://api.other.example/wps/tracking/events']);
      expect(fetched).to.deep.equal([]);
    });
    it('another origin without a beacon: fetch without the token', () => {
      configure({ apiBase: 'https://api.other.example' });
      expect(post(body, 'session-token', {} as Navigator)).to.equal(true);
      expect(fetched).to.have.length(1);
      expect((fetched[0]![1].headers as Record<string, string>).Authorization).to.equal(undefined);
    });
    it('a batch never mixes sessions: each run of events goes with the session it was made under', () => {
      const sent: [number, string | undefined][] = [];
      const beacon = startBeacon(
        () => ({}),
        (b, session) => void sent.push([(JSON.parse(b.events) as unknown[]).length, session]),
      );
      stops.push(() => beacon.stop());
      beacon.add(event(1));
      beacon.add(event(2), 'tok-a');
      beacon.add(event(3), 'tok-a');
      beacon.add(event(4));
      beacon.add(event(5), 'tok-b');
      beacon.flush();
      expect(sent).to.deep.equal([
        [1, undefined],
        [2, 'tok-a'],
        [1, undefined],
        [1, 'tok-b'],
      ]);
    });
  });
});

describe('startTracking: one event to the pixels, the app and the post', () => {
  function withAnalytics(analytics: SiteStatus['info']['analytics']): SiteStatus {
    const base = statusFixture();
    return { ...base, info: { ...base.info, analytics } };
  }
  function fakeBeacon() {
    const added: WireEvent[] = [];
    const beacon: Beacon = { add: (e) => void added.push(e), flush: () => {}, stop: () => {} };
    return { added, beacon };
  }
  function fbRecorder(throwOnTrack = false) {
    const calls: unknown[][] = [];
    g.fbq = (...args: unknown[]) => {
      calls.push(args);
      if (throwOnTrack && args[0] !== 'init') throw new Error('vendor script broke');
    };
    return calls;
  }
  function start(beacon: Beacon, scripts: string[] = []) {
    const stop = startTracking({ beacon, now: true, addScript: (src) => void scripts.push(src) });
    stops.push(stop);
    return stop;
  }
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('each event goes to the post with the session it was made under (the server verifies its customer by it)', () => {
    const sessions: (string | undefined)[] = [];
    const beacon: Beacon = {
      add: (e, session) => void (e.name === 'deposit' && sessions.push(session)),
      flush: () => {},
      stop: () => {},
    };
    start(beacon);
    track('deposit', { amount: 1 });
    saveSession({ id: 7, token: 'tok-7', merchantCode: 'DEMO01', userName: 'ann', type: 1 });
    track('deposit', { amount: 2 });
    clearSession();
    track('deposit', { amount: 3 });
    expect(sessions).to.deep.equal([undefined, 'tok-7', undefined]);
  });

  it('a deposit reaches the Facebook pixel and the post with exactly the SPEC payload', () => {
    siteStatus.value = withAnalytics({ fbPixelId: '1234567890' });
    const fb = fbRecorder();
    const { added, beacon } = fakeBeacon();
    start(beacon);
    const before = Date.now();
    track('deposit', { amount: '100.456', currency: 'TLB', customerId: 7, customerName: 'ann' });
    expect(fb).to.deep.equal([
      ['init', '1234567890'],
      ['track', 'ViewContent', {}],
      ['trackCustom', 'firstOpen', {}],
      ['track', 'Purchase', { value: 100.46, currency: 'PHP' }],
    ]);
    const deposit = added.find((e) => e.name === 'deposit')!;
    const { id, time, ...rest } = deposit;
    expect(rest).to.deep.equal({
      name: 'deposit',
      page: location.pathname,
      customerName: 'ann',
      customerId: '7',
      currency: 'PHP',
      amount: 100.46,
      revenue: 100.46,
      value: 100.46,
    });
    expect(id).to.match(UUID);
    expect(time).to.be.within(before, Date.now());
  });
  it('the script of a configured pixel is added; with no pixel configured none is', () => {
    siteStatus.value = withAnalytics({ fbPixelId: '1234567890' });
    const scripts: string[] = [];
    start(fakeBeacon().beacon, scripts);
    expect(scripts).to.deep.equal([FB_SCRIPT]);
    reset();
    siteStatus.value = withAnalytics(undefined);
    const none: string[] = [];
    const { added, beacon } = fakeBeacon();
    start(beacon, none);
    track('register', {});
    expect(none).to.deep.equal([]);
    expect(g.fbq).to.equal(undefined);
    expect(added.map((e) => e.name)).to.include('register');
  });
  it('a pixel configured once the site status comes starts then', () => {
    const scripts: string[] = [];
    start(fakeBeacon().beacon, scripts);
    expect(scripts).to.deep.equal([]);
    siteStatus.value = withAnalytics({ tiktokPixelId: 'TT_1' });
    expect(scripts).to.deep.equal(['https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=TT_1&lib=ttq']);
  });
  it('the viewContent of this page and firstOpen once per browser (wps:firstOpen)', () => {
    const first = fakeBeacon();
    const stop = start(first.beacon);
    expect(first.added.map((e) => [e.name, e.page])).to.deep.equal([
      ['viewContent', location.pathname],
      ['firstOpen', location.pathname],
    ]);
    expect(localStorage.getItem('wps:firstOpen')).to.not.equal(null);
    stop();
    const second = fakeBeacon();
    start(second.beacon);
    expect(second.added.map((e) => e.name)).to.deep.equal(['viewContent']);
  });
  it('events tracked before startTracking are delivered after it', () => {
    track('register', { customerId: 5 });
    track('login', {});
    const { added, beacon } = fakeBeacon();
    start(beacon);
    expect(added.map((e) => e.name)).to.deep.equal(['register', 'login', 'viewContent', 'firstOpen']);
    expect(added[0]).to.deep.include({ customerId: '5' });
  });
  it('a throwing pixel does not stop the post (nor the app)', () => {
    siteStatus.value = withAnalytics({ fbPixelId: '1234567890' });
    const fb = fbRecorder(true);
    const app: string[] = [];
    g.WPSNative = { trackEvent: (e: string) => app.push(e) };
    const { added, beacon } = fakeBeacon();
    start(beacon);
    track('withdraw', { amount: 20, currency: 'PHP' });
    expect(
      fb.some((c) => c[1] === 'withdraw'),
      'the pixel was called',
    ).to.equal(true);
    expect(added.find((e) => e.name === 'withdraw')).to.deep.include({ amount: 20, revenue: -20, value: -20, currency: 'PHP' });
    expect(app).to.include('withdraw');
  });
  it('the app gets each event through the bridge', () => {
    const app: [string, string][] = [];
    g.WPSNative = { trackEvent: (e: string, p: string) => app.push([e, p]) };
    start(fakeBeacon().beacon);
    track('deposit', { amount: 1, currency: 'TLB' });
    expect(app.at(-1)).to.deep.equal(['deposit', JSON.stringify({ currency: 'PHP', amount: 1, revenue: 1, value: 1 })]);
  });
  it('after stop() nothing reaches the old beacon', async () => {
    const { added, beacon } = fakeBeacon();
    const stop = start(beacon);
    stop();
    const n = added.length;
    track('deposit', { amount: 1 });
    await sleep(0);
    expect(added).to.have.length(n);
  });
  it("the landing's pixel id and the app's ad ids are stored as attribution", () => {
    g.WPSNative = { getAdIds: () => JSON.stringify({ gpsAdid: 'g-1', junk: 'x' }) };
    sessionStorage.setItem('wps:tracking', JSON.stringify({ fbclid: 'fb.1' }));
    start(fakeBeacon().beacon);
    expect(storedAttribution()).to.deep.include({ gpsAdid: 'g-1', ad_fbclid: 'fb.1' });
    expect(storedAttribution()).to.not.have.property('junk');
    dispatchEvent(new CustomEvent('wps-native-ad-ids', { detail: { idfa: 'IDFA-2' } }));
    expect(storedAttribution()).to.deep.include({ gpsAdid: 'g-1', idfa: 'IDFA-2' });
  });
});
