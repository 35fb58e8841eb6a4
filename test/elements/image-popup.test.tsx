/**
 * `<wps-image-popup>` and its rules (src/features/install/imagePopup.ts; docs/product.md §4, §9):
 * m_popup1 then m_popup2, data 500 ms after mount, the home paths, saving ends them for the session
 * and remembers the image, the 20 s waiting time (fake clock), the banner link rule, axe-core.
 */
import { expect } from 'chai';
import '../../elements/image-popup.tsx';
import type { Banner } from '../../src/contract/endpoints.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { resetOverlays } from '../../src/core/overlay/queue.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import {
  IMAGE_POPUP_WAIT_S,
  SAVED_KEY,
  SEEN_KEY,
  followBanner,
  imageName,
  imagePathAllows,
  markSaved,
  popupsToShow,
  seenImages,
} from '../../src/features/install/imagePopup.ts';
import { POPUP_LOAD_DELAY_MS } from '../../src/features/install/ImagePopups.tsx';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import {
  expectAccessible,
  has,
  json,
  mount,
  part,
  recordEvents,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';

const PNG = (name: string) => `/img/${name}.png`;
const BANNERS: Banner[] = [
  { id: 'b2', groupName: 'm_popup2', imageUrl: PNG('second') },
  { id: 'b1', groupName: 'm_popup1', imageUrl: PNG('first'), linkageType: 'URL', url: '/m/appDownload' },
  { id: 'b1b', groupName: 'm_popup1', imageUrl: PNG('first-other') },
  { id: 'h1', groupName: 'm_home', imageUrl: PNG('home') },
];

let stub: FetchStub | undefined;
function backend(banners: Banner[] = BANNERS) {
  stub = stubFetch((c) => {
    if (c.url.pathname !== '/wps/relay/MCSFE_getBanners') return json({ success: false }, 404);
    const groups = (c.url.searchParams.get('groupName') ?? '').split(',');
    return json({ success: true, value: groups.flatMap((g) => banners.filter((b) => b.groupName === g)) });
  });
  return stub;
}
let clock: FakeClock | undefined;
const navigations: string[] = [];
const stopDownloads = (e: Event) => {
  if ((e.target as Element | null)?.closest?.('a')) e.preventDefault();
};

function reset() {
  clock?.uninstall();
  clock = undefined;
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetOverlays();
  sessionStorage.clear();
  localStorage.clear();
  navigations.length = 0;
  setNavigator(undefined);
  language.value = 'EN';
}
before(async () => {
  language.value = 'EN';
  await languageReady();
  // A saved image would download in the test browser: the link's default is stopped, its handler runs.
  window.addEventListener('click', stopDownloads, true);
});
after(() => window.removeEventListener('click', stopDownloads, true));
beforeEach(() => {
  reset();
  setNavigator((path) => navigations.push(path));
});
afterEach(reset);

/** The shown image's path (the checked URL is absolute). */
const image = (el: Element) => {
  const src = part<HTMLImageElement>(el, 'image')?.getAttribute('src');
  return src ? new URL(src).pathname : undefined;
};

describe('the image popup rules', () => {
  it('the first usable banner of m_popup1, then of m_popup2, with the 20 s default waiting time', () => {
    expect(popupsToShow(BANNERS, ['m_popup1', 'm_popup2'], [], false).map((p) => [p.banner.id, p.waitingTime])).to.deep.equal([
      ['b1', IMAGE_POPUP_WAIT_S],
      ['b2', IMAGE_POPUP_WAIT_S],
    ]);
    expect(IMAGE_POPUP_WAIT_S).to.equal(20);
  });
  it('a saved image is not shown again (the next of its group is); saved this session: none', () => {
    expect(popupsToShow(BANNERS, ['m_popup1', 'm_popup2'], ['first.png'], false).map((p) => p.banner.id)).to.deep.equal([
      'b1b',
      'b2',
    ]);
    expect(popupsToShow(BANNERS, ['m_popup1', 'm_popup2'], [], true)).to.deep.equal([]);
  });
  it('an image that is no http(s), data: image or same-origin path is left out; a banner may set its waiting time', () => {
    const list: Banner[] = [
      { id: 'x', groupName: 'm_popup1', imageUrl: 'javascript:alert(1)' },
      { id: 'y', groupName: 'm_popup1', imageUrl: PNG('ok'), waitingTime: 5 },
    ];
    expect(popupsToShow(list, ['m_popup1'], [], false).map((p) => [p.banner.id, p.waitingTime])).to.deep.equal([['y', 5]]);
  });
  it('a waiting time of 0 or less is no waiting time: the 20 s default', () => {
    const list: Banner[] = [
      { id: 'z', groupName: 'm_popup1', imageUrl: PNG('zero'), waitingTime: 0 },
      { id: 'n', groupName: 'm_popup2', imageUrl: PNG('negative'), waitingTime: -3 },
    ];
    expect(popupsToShow(list, ['m_popup1', 'm_popup2'], [], false).map((p) => p.waitingTime)).to.deep.equal([20, 20]);
  });
  it('saving ends the popups for the session and remembers the last 50 image names (docs/install.md)', () => {
    const popup = (name: string) => popupsToShow([{ id: name, groupName: 'g', imageUrl: PNG(name) }], ['g'], [], false)[0]!;
    for (let i = 1; i <= 51; i++) markSaved(popup(`p${i}`));
    expect(sessionStorage.getItem(SAVED_KEY)).to.equal('true');
    const seen = seenImages();
    expect(seen.length).to.equal(50);
    expect(seen[0], 'the oldest is forgotten').to.equal('p2.png');
    expect(seen.at(-1)).to.equal('p51.png');
    markSaved(popup('p10'));
    expect(seenImages().length, 'saved again: moved to the end, not twice').to.equal(50);
    expect(seenImages().filter((n) => n === 'p10.png')).to.deep.equal(['p10.png']);
    expect(seenImages().at(-1)).to.equal('p10.png');
  });
  it('what local storage holds besides image names is ignored', () => {
    localStorage.setItem(SEEN_KEY, JSON.stringify(['a.png', 3, null, 'b.png']));
    expect(seenImages()).to.deep.equal(['a.png', 'b.png']);
    localStorage.setItem(SEEN_KEY, JSON.stringify({ 'a.png': true }));
    expect(seenImages()).to.deep.equal([]);
  });
  it('the home paths of docs/product.md §9, and any merchant page', () => {
    for (const path of ['/', '/m/', '/m/home', '/m/index', '/m/index.html', '/casino/'])
      expect(imagePathAllows(path), path).to.equal(true);
    for (const path of ['/m/login', '/m/appDownload', '/m']) expect(imagePathAllows(path), path).to.equal(false);
  });
  it('image names, and where a tap leads', () => {
    expect(imageName('https://cdn.example/a/poster%201.png?v=2')).to.equal('poster 1.png');
    expect(imageName('https://cdn.example/a/b.png#frag')).to.equal('b.png');
    expect(imageName('https://cdn.example/a/'), 'no file name: the whole address').to.equal('https://cdn.example/a/');
    expect(followBanner({ id: 'a', groupName: 'g', imageUrl: '', linkageType: 'URL', url: '/m/appDownload' })).to.equal(true);
    expect(followBanner({ id: 'b', groupName: 'g', imageUrl: '', linkageType: 'P', linkage: 'APP_DOWNLOAD' })).to.equal(true);
    expect(navigations).to.deep.equal(['/m/appDownload', '/m/activity?id=APP_DOWNLOAD']);
    const opened: unknown[][] = [];
    const saved = window.open;
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open;
    try {
      expect(followBanner({ id: 'c', groupName: 'g', imageUrl: '', linkageType: 'URL', url: 'javascript:alert(1)' })).to.equal(
        false,
      );
      expect(
        followBanner({ id: 'd', groupName: 'g', imageUrl: '', linkageType: 'URL', url: 'https://promo.example/x' }),
      ).to.equal(true);
      expect(opened).to.deep.equal([['https://promo.example/x', '_blank', 'noopener,noreferrer']]);
    } finally {
      window.open = saved;
    }
  });
});

describe('<wps-image-popup>', () => {
  it('loads 500 ms after mount, shows m_popup1 then m_popup2 as each closes', async () => {
    const calls = backend();
    clock = installClock();
    const el = mount('<wps-image-popup></wps-image-popup>');
    const log = recordEvents(el, ['wps-image-ready', 'wps-image-shown', 'wps-close']);
    await waitFor(() => expect(clock!.countTimers()).to.be.greaterThan(0));
    await clock.tickAsync(POPUP_LOAD_DELAY_MS - 1);
    expect(calls.to('/wps/relay/MCSFE_getBanners')).to.have.length(0);
    await clock.tickAsync(1);
    await waitFor(() => expect(calls.to('/wps/relay/MCSFE_getBanners')).to.have.length(1));
    expect(calls.to('/wps/relay/MCSFE_getBanners')[0]!.url.searchParams.get('groupName')).to.equal('m_popup1,m_popup2');
    clock.uninstall();
    clock = undefined;
    await waitFor(() => expect(image(el)).to.equal(PNG('first')));
    await expectAccessible(el);
    part<HTMLButtonElement>(el, 'close')!.click();
    await waitFor(() => expect(image(el)).to.equal(PNG('second')));
    part<HTMLButtonElement>(el, 'close')!.click();
    await waitFor(() => expect(has(el, 'dialog')).to.equal(false));
    expect(log.events[0]!.detail).to.deep.equal({ count: 2 });
    expect(log.events.slice(1).map((e) => [e.type, e.detail.id, e.detail.reason])).to.deep.equal([
      ['wps-image-shown', 'b1', undefined],
      ['wps-close', 'b1', 'close'],
      ['wps-image-shown', 'b2', undefined],
      ['wps-close', 'b2', 'close'],
    ]);
  });

  it('each image is answered once per session (docs/product.md §2); open, the page shows them again', async () => {
    backend();
    const first = mount('<wps-image-popup></wps-image-popup>');
    await waitFor(() => expect(image(first)).to.equal(PNG('first')));
    part<HTMLButtonElement>(first, 'close')!.click();
    await waitFor(() => expect(image(first)).to.equal(PNG('second')));
    part<HTMLButtonElement>(first, 'close')!.click();
    await waitFor(() => expect(has(first, 'dialog')).to.equal(false));
    unmountAll();
    // Home again in the same session: nothing comes back by itself.
    const again = mount('<wps-image-popup></wps-image-popup>');
    const log = recordEvents(again, ['wps-image-ready']);
    await waitFor(() => expect(log.events).to.have.length(1));
    expect(log.events[0]!.detail).to.deep.equal({ count: 0 });
    expect(has(again, 'dialog')).to.equal(false);
    unmountAll();
    // A player's tap on the page's own button: shown again, outside the budget.
    const opened = mount('<wps-image-popup open></wps-image-popup>');
    await waitFor(() => expect(image(opened)).to.equal(PNG('first')));
  });

  it('saving ends them for the session and remembers the image', async () => {
    backend();
    const el = mount('<wps-image-popup></wps-image-popup>');
    const log = recordEvents(el, ['wps-image-saved']);
    await waitFor(() => expect(image(el)).to.equal(PNG('first')));
    const save = part<HTMLAnchorElement>(el, 'save')!;
    expect(save.getAttribute('download')).to.equal('first.png');
    save.click();
    await waitFor(() => expect(has(el, 'dialog')).to.equal(false));
    expect(log.events[0]!.detail).to.deep.equal({ id: 'b1', image: new URL(PNG('first'), location.href).href });
    expect(sessionStorage.getItem(SAVED_KEY)).to.equal('true');
    expect(JSON.parse(localStorage.getItem(SEEN_KEY)!)).to.deep.equal(['first.png']);

    unmountAll();
    resetOverlays();
    const again = mount('<wps-image-popup></wps-image-popup>');
    await sleep(POPUP_LOAD_DELAY_MS + 300);
    expect(has(again, 'dialog'), 'not again this session').to.equal(false);
  });

  it('closes itself after its waiting time; a touch stops the countdown', async () => {
    backend([
      { id: 'a', groupName: 'm_popup1', imageUrl: PNG('a'), waitingTime: 3 },
      { id: 'b', groupName: 'm_popup2', imageUrl: PNG('b'), waitingTime: 3 },
    ]);
    const el = mount('<wps-image-popup></wps-image-popup>');
    const log = recordEvents(el, ['wps-close']);
    await waitFor(() => expect(image(el)).to.equal(PNG('a')));
    clock = installClock();
    expect(part(el, 'countdown')!.textContent).to.equal(' (3)');
    expect(part(el, 'close')!.textContent).to.equal('Close (3)');
    await clock.tickAsync(1000);
    await waitFor(() => expect(part(el, 'countdown')!.textContent).to.equal(' (2)'));
    await clock.tickAsync(2000);
    await waitFor(() => expect(image(el)).to.equal(PNG('b')));
    expect(log.events[0]!.detail.reason).to.equal('timeout');
    part(el, 'image')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await clock.tickAsync(5000);
    expect(image(el), 'touched: it stays').to.equal(PNG('b'));
  });

  it('20 s when the banner sets no waiting time: "Close (20)" counts down to the next; a key inside stops it', async () => {
    backend([
      { id: 'a', groupName: 'm_popup1', imageUrl: PNG('a') },
      { id: 'b', groupName: 'm_popup2', imageUrl: PNG('b') },
    ]);
    const el = mount('<wps-image-popup></wps-image-popup>');
    const log = recordEvents(el, ['wps-close']);
    await waitFor(() => expect(image(el)).to.equal(PNG('a')));
    clock = installClock();
    expect(part(el, 'close')!.textContent).to.equal('Close (20)');
    // A second at a time: each tick's render schedules the next (the lite build's effects wait for it).
    for (let left = 19; left >= 1; left--) {
      await clock.tickAsync(1000);
      await waitFor(() => expect(part(el, 'countdown')!.textContent).to.equal(` (${left})`));
    }
    expect(image(el), 'after 19 s it is still there').to.equal(PNG('a'));
    await clock.tickAsync(1000);
    await waitFor(() => expect(image(el)).to.equal(PNG('b')));
    expect(log.events.map((e) => e.detail.reason)).to.deep.equal(['timeout']);
    part(el, 'close')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, composed: true }));
    await waitFor(() => expect(has(el, 'countdown'), 'no countdown once busy').to.equal(false));
    await clock.tickAsync(30_000);
    expect(image(el), 'a key inside: it stays').to.equal(PNG('b'));
  });

  it('a tap beside the image closes it and shows the next', async () => {
    backend();
    const el = mount('<wps-image-popup></wps-image-popup>');
    const log = recordEvents(el, ['wps-close']);
    await waitFor(() => expect(image(el)).to.equal(PNG('first')));
    part<HTMLElement>(el, 'backdrop')!.click();
    await waitFor(() => expect(image(el)).to.equal(PNG('second')));
    expect(log.events.map((e) => [e.detail.id, e.detail.reason])).to.deep.equal([['b1', 'close']]);
  });

  it('a tap on a linked image follows the link and shows the next', async () => {
    backend();
    const el = mount('<wps-image-popup></wps-image-popup>');
    await waitFor(() => expect(has(el, 'follow')).to.equal(true));
    part<HTMLButtonElement>(el, 'follow')!.click();
    expect(navigations).to.deep.equal(['/m/appDownload']);
    await waitFor(() => expect(image(el)).to.equal(PNG('second')));
    expect(has(el, 'follow'), 'no link: no button around the image').to.equal(false);
  });

  it('the groups attribute picks other groups; a failed call shows nothing and says nothing', async () => {
    const calls = backend();
    const el = mount('<wps-image-popup groups="m_popup2"></wps-image-popup>');
    await waitFor(() => expect(image(el)).to.equal(PNG('second')));
    expect(calls.to('/wps/relay/MCSFE_getBanners')[0]!.url.searchParams.get('groupName')).to.equal('m_popup2');
    unmountAll();
    stub!.restore();
    stub = stubFetch(() => json({ success: false, errorCode: 'down' }, 500));
    resetOverlays();
    const failed = mount('<wps-image-popup></wps-image-popup>');
    const ready = recordEvents(failed, ['wps-image-ready']);
    await sleep(POPUP_LOAD_DELAY_MS + 300);
    expect(has(failed, 'dialog')).to.equal(false);
    expect(
      ready.events.map((e) => e.detail),
      'none will show: the page may go on',
    ).to.deep.equal([{ count: 0 }]);
  });
});
