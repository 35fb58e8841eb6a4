/**
 * `<wps-announcement>` and `<wps-notice-popup>` with their rules (src/features/announcement/model.ts;
 * docs/product.md §2, §4, §6, §9): who sees which items (B, A, F), the storage keys, the 500 ms load and
 * the 1000 ms popup delay, the 5 s autoplay and its pauses, swipes by touch and mouse, previous and
 * next, 'do not show today' until the next local midnight, new content shown at once, forceRead, the
 * go-to-activity table by member type, the closing animation, sanitised HTML, axe-core.
 */
import { expect } from 'chai';
import '../../elements/announcement.tsx';
import '../../elements/notice-popup.tsx';
import type { PopupItem } from '../../src/contract/endpoints.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { blockOverlays } from '../../src/core/overlay/attention.ts';
import { overlayAnswered, resetOverlays, requestOverlay } from '../../src/core/overlay/queue.ts';
import { memberInfo } from '../../src/core/session/member.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { clearSession, saveSession } from '../../src/core/session/sessionInfo.ts';
import {
  ANNOUNCEMENT_AUTOPLAY_MS,
  ANNOUNCEMENT_LOAD_DELAY_MS,
  ANNOUNCEMENT_POPUP_DELAY_MS,
  MEMBER_KEY_PREFIX,
  VISITOR_KEY,
  contentHash,
  itemsFor,
  nextLocalMidnight,
  shouldShow,
  showsGoToActivity,
  storageKey,
} from '../../src/features/announcement/model.ts';
import { SLIDE_TRANSITION_MS } from '../../src/ui/Carousel.tsx';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import {
  expectAccessible,
  has,
  json,
  mount,
  part,
  parts,
  recordEvents,
  settled,
  stubFetch,
  unmountAll,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { tapMisses } from '../browser-helpers/tapTarget.ts';

const item = (id: string, execution: PopupItem['execution'], extra: Partial<PopupItem> = {}): PopupItem => ({
  id,
  title: `Title ${id}`,
  content: `<p>Content <b>${id}</b></p>`,
  execution,
  ...extra,
});
const ITEMS: PopupItem[] = [
  item('b1', 'B'),
  item('b2', 'B', { promotionType: 'REGISTER', promotionId: 'p-reg' }),
  item('a1', 'A', { promotionType: 'FIRST_DEPOSIT', promotionId: 'p-dep' }),
  item('a2', 'A'),
  item('f1', 'F', { promotionType: 'REFERRAL' }),
];

let stub: FetchStub | undefined;
let items: PopupItem[] = ITEMS;
let calls: URL[] = [];
function backend() {
  stub = stubFetch((c) => {
    if (c.url.pathname !== '/wps/relay/MCSFE_getListAnnouncements') return json({ success: false }, 404);
    calls.push(c.url);
    return json({ success: true, value: items });
  });
}
let clock: FakeClock | undefined;
const navigations: string[] = [];

function reset() {
  clock?.uninstall();
  clock = undefined;
  unmountAll();
  stub?.restore();
  stub = undefined;
  items = ITEMS;
  calls = [];
  resetOverlays();
  sessionStorage.clear();
  localStorage.clear();
  clearSession();
  memberInfo.value = undefined;
  navigations.length = 0;
  setNavigator(undefined);
  language.value = 'EN';
}
before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  setNavigator((path) => navigations.push(path));
});
afterEach(reset);

/** A few real frames: what runs outside the fake timers (the request, a dynamic import) settles. */
async function realFrames(n = 10) {
  for (let i = 0; i < n; i++) await new Promise((r) => window.requestAnimationFrame(r));
}

/** Mounts the element on a fake clock and lets it load and show (500 ms, then 1000 ms). */
async function shown(html = '<wps-announcement></wps-announcement>', start = 0) {
  backend();
  clock = installClock(start);
  const el = mount(html);
  await clock.tickAsync(ANNOUNCEMENT_LOAD_DELAY_MS + ANNOUNCEMENT_POPUP_DELAY_MS);
  // The sanitiser is a real dynamic import: give it real time once.
  for (let i = 0; i < 50 && !has(el, 'announcement'); i++) {
    await new Promise((r) => window.requestAnimationFrame(r));
    await clock.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS);
  }
  return el;
}
const title = (el: Element) => part(el, 'title')?.textContent;
const member = (id = 7, extra: Record<string, unknown> = {}) =>
  saveSession({ token: 't', id, userName: 'demo', type: 0, merchantCode: 'demo', ...extra });

describe('the announcement rules', () => {
  it('a visitor gets execution B; a member A; a first-time login A and F', () => {
    const ids = (list: PopupItem[]) => list.map((i) => i.id);
    expect(ids(itemsFor(ITEMS, { memberType: -1 }))).to.deep.equal(['b1', 'b2']);
    expect(ids(itemsFor(ITEMS, { memberId: 1, memberType: 0 }))).to.deep.equal(['a1', 'a2']);
    expect(ids(itemsFor(ITEMS, { memberId: 1, memberType: 0, firstTimeLogin: true }))).to.deep.equal(['a1', 'a2', 'f1']);
  });
  it('storage keys SHELL_PU_A_<member id> and SHELL_PU_B (docs/product.md §9)', () => {
    expect(storageKey({ memberType: -1 }))
      .to.equal('SHELL_PU_B')
      .and.to.equal(VISITOR_KEY);
    expect(storageKey({ memberId: 42, memberType: 0 })).to.equal('SHELL_PU_A_42');
    expect(MEMBER_KEY_PREFIX).to.equal('SHELL_PU_A_');
  });
  it('the hash changes with any title or content', () => {
    const base = contentHash([item('x', 'A')]);
    expect(contentHash([item('x', 'A')])).to.equal(base);
    expect(contentHash([{ ...item('x', 'A'), title: 'Other' }])).to.not.equal(base);
    expect(contentHash([{ ...item('x', 'A'), content: '<p>Other</p>' }])).to.not.equal(base);
  });
  it('the next local midnight after a time, in the player’s time zone', () => {
    const t = new Date(2026, 10, 25, 23, 59, 30).getTime();
    expect(nextLocalMidnight(t)).to.equal(new Date(2026, 10, 26, 0, 0, 0).getTime());
    const early = new Date(2026, 10, 25, 0, 0, 1).getTime();
    expect(nextLocalMidnight(early)).to.equal(new Date(2026, 10, 26).getTime());
  });
  it('shown again when the content changed or after the next local midnight; never-show holds until it changes', () => {
    const tick = new Date(2026, 10, 25, 22, 0).getTime();
    const midnight = new Date(2026, 10, 26).getTime();
    expect(shouldShow('h', tick, {})).to.equal(true);
    expect(shouldShow('h', tick, { session: { hash: 'h' } })).to.equal(false);
    expect(shouldShow('new', tick, { session: { hash: 'h' } })).to.equal(true);
    expect(shouldShow('h', midnight - 1, { local: { hash: 'h', hideTime: tick } })).to.equal(false);
    expect(shouldShow('h', midnight, { local: { hash: 'h', hideTime: tick } })).to.equal(true);
    expect(shouldShow('new', tick + 1, { local: { hash: 'h', hideTime: tick } })).to.equal(true);
    expect(shouldShow('h', midnight + 864e5 * 30, { local: { hash: 'h', never: true } })).to.equal(false);
    expect(shouldShow('new', tick, { local: { hash: 'h', never: true } })).to.equal(true);
  });
  it('who sees the go-to-activity button, by member type (docs/product.md §6)', () => {
    // [member type, promotion type, VIP benefit, shown]
    const table: [number, PopupItem['promotionType'], boolean, boolean][] = [
      [-1, 'FIRST_DEPOSIT', false, false],
      [0, 'FIRST_DEPOSIT', false, true],
      [1, 'FIRST_DEPOSIT', false, true],
      [2, 'FIRST_DEPOSIT', false, true],
      [4, 'FIRST_DEPOSIT', false, false],
      [3, 'FIRST_DEPOSIT', false, false],
      [0, 'REFERRAL', false, true],
      [1, 'REFERRAL', false, false],
      [2, 'REFERRAL', false, false],
      [4, 'REFERRAL', false, false],
      [0, 'UPGRADE_BONUS', false, false],
      [0, 'UPGRADE_BONUS', true, true],
      [1, 'UPGRADE_BONUS', true, true],
      [4, 'UPGRADE_BONUS', true, false],
      [0, undefined, true, false],
      [0, null, true, false],
    ];
    for (const [memberType, type, vipBenefit, expected] of table) {
      expect(
        showsGoToActivity(type, { memberType, memberId: 1, vipBenefit }),
        `type ${memberType}, ${type}, vip ${vipBenefit}`,
      ).to.equal(expected);
    }
  });
});

describe('<wps-announcement> timing', () => {
  it('asks for the announcements 500 ms after mount (types PR, platform M, category app_download)', async () => {
    backend();
    clock = installClock();
    mount('<wps-announcement></wps-announcement>');
    await realFrames(); // rendered: its timer starts at fake time 0
    await clock.tickAsync(ANNOUNCEMENT_LOAD_DELAY_MS - 1);
    await realFrames();
    expect(calls).to.have.length(0);
    await clock.tickAsync(1);
    await realFrames();
    expect(calls).to.have.length(1);
    const q = calls[0]!.searchParams;
    expect([q.get('types'), q.get('platform'), q.get('category')]).to.deep.equal(['PR', 'M', 'app_download']);
    expect(ANNOUNCEMENT_LOAD_DELAY_MS).to.equal(500);
  });
  it('shows 1000 ms after the data arrived, not before', async () => {
    backend();
    clock = installClock();
    const el = mount('<wps-announcement></wps-announcement>');
    await clock.tickAsync(ANNOUNCEMENT_LOAD_DELAY_MS);
    // Data and sanitiser in: the popup waits out its delay.
    for (let i = 0; i < 50; i++) await new Promise((r) => window.requestAnimationFrame(r));
    await clock.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS - 1);
    expect(has(el, 'announcement')).to.equal(false);
    await clock.tickAsync(1);
    expect(has(el, 'announcement')).to.equal(true);
    expect(ANNOUNCEMENT_POPUP_DELAY_MS).to.equal(1000);
  });
  it('a visitor sees the B items; their content is sanitised', async () => {
    items = [
      item('b1', 'B', { content: '<p>Hi<img src=x onerror="window.__annXss=1"></p><script>window.__annXss=2</script>' }),
      item('a1', 'A'),
    ];
    const el = await shown();
    expect(title(el)).to.equal('Title b1');
    const content = part(el, 'content')!;
    expect(content.querySelector('script')).to.equal(null);
    expect(content.querySelector('img')?.hasAttribute('onerror')).to.equal(false);
    expect((window as { __annXss?: number }).__annXss).to.equal(undefined);
    expect(parts(el, 'slide')).to.have.length(1);
  });
  it('a member sees A; on a first-time login A and F', async () => {
    member(7, { firstTimeLogin: true });
    const el = await shown();
    expect(parts(el, 'slide')).to.have.length(3);
    expect(title(el)).to.equal('Title a1');
  });
  it('autoplay turns the slide every 5 s, and not while the player holds it', async () => {
    member();
    const el = await shown();
    expect(part(el, 'dot')?.getAttribute('aria-current')).to.equal('true');
    await clock!.tickAsync(ANNOUNCEMENT_AUTOPLAY_MS - 1);
    expect(title(el)).to.equal('Title a1');
    await clock!.tickAsync(1);
    expect(title(el)).to.equal('Title a2');
    expect(ANNOUNCEMENT_AUTOPLAY_MS).to.equal(5000);
    // Focus inside holds the rotation (so does a mouse over it, or a finger dragging).
    (part(el, 'next') as HTMLButtonElement).focus();
    await clock!.tickAsync(ANNOUNCEMENT_AUTOPLAY_MS * 2);
    expect(title(el)).to.equal('Title a2');
    (part(el, 'next') as HTMLButtonElement).blur();
    await clock!.tickAsync(ANNOUNCEMENT_AUTOPLAY_MS);
    expect(title(el)).to.equal('Title a1');
  });
  it('the pause button stops the rotation and says so', async () => {
    member();
    const el = await shown();
    const rotation = part<HTMLButtonElement>(el, 'rotation')!;
    expect(rotation.getAttribute('aria-label')).to.equal('Stop turning the announcements');
    rotation.click();
    rotation.blur();
    await clock!.tickAsync(ANNOUNCEMENT_AUTOPLAY_MS * 3);
    expect(title(el)).to.equal('Title a1');
    expect(part(el, 'rotation')!.getAttribute('aria-label')).to.equal('Turn the announcements');
  });
  it('no autoplay with autoplay="0"', async () => {
    member();
    const el = await shown('<wps-announcement autoplay="0"></wps-announcement>');
    await clock!.tickAsync(ANNOUNCEMENT_AUTOPLAY_MS * 3);
    expect(title(el)).to.equal('Title a1');
    expect(has(el, 'rotation')).to.equal(false);
  });
});

describe('<wps-announcement> slides', () => {
  const pointer = (target: Element, type: string, x: number, pointerType: string, y = 100) =>
    target.dispatchEvent(
      new PointerEvent(type, {
        bubbles: true,
        composed: true,
        clientX: x,
        clientY: y,
        pointerId: 1,
        pointerType,
        button: 0,
        isPrimary: true,
      }),
    );
  const swipe = async (el: Element, from: number, to: number, pointerType: string) => {
    const viewport = part(el, 'carousel')!.querySelector('.carousel-viewport')!;
    pointer(viewport, 'pointerdown', from, pointerType);
    for (let x = from; Math.abs(x - to) > 0; x += Math.sign(to - from) * Math.min(40, Math.abs(to - x)))
      pointer(viewport, 'pointermove', x, pointerType);
    pointer(viewport, 'pointermove', to, pointerType);
    pointer(viewport, 'pointerup', to, pointerType);
    await clock!.tickAsync(0);
  };
  it('previous and next, wrapping round', async () => {
    member();
    const el = await shown('<wps-announcement autoplay="0"></wps-announcement>');
    part<HTMLButtonElement>(el, 'next')!.click();
    await clock!.tickAsync(0);
    expect(title(el)).to.equal('Title a2');
    part<HTMLButtonElement>(el, 'next')!.click();
    await clock!.tickAsync(0);
    expect(title(el)).to.equal('Title a1');
    part<HTMLButtonElement>(el, 'previous')!.click();
    await clock!.tickAsync(0);
    expect(title(el)).to.equal('Title a2');
  });
  for (const pointerType of ['touch', 'mouse']) {
    it(`a ${pointerType} swipe to the left shows the next, to the right the previous; a short drag stays`, async () => {
      member();
      const el = await shown('<wps-announcement autoplay="0"></wps-announcement>');
      await swipe(el, 300, 100, pointerType);
      expect(title(el)).to.equal('Title a2');
      await swipe(el, 100, 300, pointerType);
      expect(title(el)).to.equal('Title a1');
      await swipe(el, 200, 195, pointerType);
      expect(title(el)).to.equal('Title a1');
    });
  }
  it('right to left (Urdu): a swipe to the right shows the next', async () => {
    language.value = 'UR';
    await languageReady();
    member();
    const el = await shown('<wps-announcement autoplay="0"></wps-announcement>');
    await swipe(el, 100, 300, 'touch');
    expect(title(el)).to.equal('Title a2');
  });
  it('a drag is never a click: a link under the finger is not followed', async () => {
    member();
    items = [item('a1', 'A', { content: '<p><a href="/m/activity?id=x">link</a></p>' }), item('a2', 'A')];
    const el = await shown('<wps-announcement autoplay="0"></wps-announcement>');
    const viewport = part(el, 'carousel')!.querySelector('.carousel-viewport')!;
    const link = part(el, 'content')!.querySelector('a')!;
    pointer(link, 'pointerdown', 300, 'mouse');
    pointer(link, 'pointermove', 200, 'mouse');
    pointer(viewport, 'pointerup', 100, 'mouse');
    link.click();
    await clock!.tickAsync(0);
    expect(navigations).to.deep.equal([]);
    // A plain tap follows it, in the app.
    part(el, 'content')!.querySelector('a')!.click();
    await clock!.tickAsync(0);
    expect(navigations).to.deep.equal(['/m/activity?id=x']);
  });
});

describe('<wps-announcement> closing', () => {
  it('closes after its 250 ms animation, stays closed this session, and tells the page', async () => {
    member();
    const el = await shown();
    const seen = recordEvents(el, ['wps-close']);
    part<HTMLButtonElement>(el, 'close')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS - 1);
    expect(part(el, 'announcement')?.dataset.state).to.equal('closing');
    await clock!.tickAsync(1);
    expect(has(el, 'announcement')).to.equal(false);
    expect(seen.events.map((e) => e.detail)).to.deep.equal([{ reason: 'close', hidden: undefined }]);
    expect(JSON.parse(sessionStorage.getItem('SHELL_PU_A_7') ?? 'null')).to.have.property('hash');
    expect(localStorage.getItem('SHELL_PU_A_7')).to.equal(null); // not ticked: nothing kept past the session
    unmountAll();
    resetOverlays();
    clock!.uninstall();
    clock = undefined;
    const again = await shown();
    expect(has(again, 'announcement')).to.equal(false);
  });
  it("'do not show today': hidden until the next local midnight, then shown again", async () => {
    const evening = new Date(2026, 10, 25, 21, 30).getTime();
    member();
    const el = await shown(undefined, evening);
    (part(el, 'hide')!.querySelector('input') as HTMLInputElement).click();
    part<HTMLButtonElement>(el, 'ok')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    expect(has(el, 'announcement')).to.equal(false);
    // A new session the same evening: still hidden.
    sessionStorage.clear();
    unmountAll();
    resetOverlays();
    clock!.uninstall();
    clock = undefined;
    const later = await shown(undefined, new Date(2026, 10, 25, 23, 59, 58).getTime());
    expect(has(later, 'announcement')).to.equal(false);
    // After midnight: shown.
    sessionStorage.clear();
    unmountAll();
    resetOverlays();
    clock!.uninstall();
    clock = undefined;
    const tomorrow = await shown(undefined, new Date(2026, 10, 26, 0, 0, 1).getTime());
    expect(has(tomorrow, 'announcement')).to.equal(true);
  });
  it("'do not show today' in an app left open overnight: the same session shows it after midnight", async () => {
    member();
    const el = await shown(undefined, new Date(2026, 10, 25, 23, 0).getTime());
    (part(el, 'hide')!.querySelector('input') as HTMLInputElement).click();
    part<HTMLButtonElement>(el, 'close')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    const again = async (at: Date) => {
      unmountAll();
      resetOverlays();
      clock!.uninstall();
      clock = undefined;
      return shown(undefined, at.getTime());
    };
    // Session storage is kept: a reload in the same tab.
    expect(has(await again(new Date(2026, 10, 25, 23, 59, 58)), 'announcement')).to.equal(false);
    expect(has(await again(new Date(2026, 10, 26, 0, 0, 1)), 'announcement')).to.equal(true);
  });
  it('closing without the tick forgets an older tick: hidden for the rest of the session', async () => {
    member();
    localStorage.setItem('SHELL_PU_A_7', JSON.stringify({ hash: 'old', hideTime: 1 }));
    const el = await shown(undefined, new Date(2026, 10, 26, 9, 0).getTime());
    part<HTMLButtonElement>(el, 'close')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    expect(localStorage.getItem('SHELL_PU_A_7')).to.equal(null);
    unmountAll();
    resetOverlays();
    clock!.uninstall();
    clock = undefined;
    expect(has(await shown(undefined, new Date(2026, 10, 27, 9, 0).getTime()), 'announcement')).to.equal(false);
  });
  it('new content shows at once, even after a tick today', async () => {
    member();
    const el = await shown();
    (part(el, 'hide')!.querySelector('input') as HTMLInputElement).click();
    part<HTMLButtonElement>(el, 'close')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    sessionStorage.clear();
    unmountAll();
    resetOverlays();
    clock!.uninstall();
    clock = undefined;
    items = [...ITEMS, item('a3', 'A')];
    const changed = await shown();
    expect(has(changed, 'announcement')).to.equal(true);
  });
  it('forceRead: closing advances through the slides until the last', async () => {
    member();
    items = [item('a1', 'A', { forceRead: true }), item('a2', 'A'), item('a3', 'A')];
    const el = await shown();
    expect(part(el, 'ok')!.textContent).to.equal('Next');
    part<HTMLButtonElement>(el, 'close')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    expect(title(el)).to.equal('Title a2');
    part<HTMLButtonElement>(el, 'ok')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    expect(title(el)).to.equal('Title a3');
    expect(part(el, 'ok')!.textContent).to.equal('I know');
    part<HTMLButtonElement>(el, 'ok')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    expect(has(el, 'announcement')).to.equal(false);
  });
  it('go to the promotion: the event, then /m/activity with its id; a cancelled event keeps the popup', async () => {
    member();
    const el = await shown();
    const seen = recordEvents(el, ['wps-announcement-activity', 'wps-close']);
    const stop = (e: Event) => e.preventDefault();
    el.addEventListener('wps-announcement-activity', stop, { once: true });
    part<HTMLButtonElement>(el, 'activity')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    expect(navigations).to.deep.equal([]);
    expect(has(el, 'announcement')).to.equal(true);
    part<HTMLButtonElement>(el, 'activity')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    expect(navigations).to.deep.equal(['/m/activity?id=p-dep']);
    expect(has(el, 'announcement')).to.equal(false);
    expect(seen.types()).to.deep.equal(['wps-announcement-activity', 'wps-announcement-activity', 'wps-close']);
  });
  it('waits for its turn behind another overlay', async () => {
    member();
    const release = requestOverlay('other', 10);
    const el = await shown();
    expect(has(el, 'announcement')).to.equal(false);
    release();
    await clock!.tickAsync(0);
    expect(has(el, 'announcement')).to.equal(true);
  });
  it('tells the page what it shows (wps-announcement-shown with the ids), once, when it is on screen', async () => {
    member();
    const ids: unknown[] = [];
    const listener = (e: Event) => ids.push((e as CustomEvent).detail);
    document.addEventListener('wps-announcement-shown', listener);
    try {
      const release = requestOverlay('other', 10);
      const el = await shown();
      expect(ids).to.deep.equal([]);
      release();
      await clock!.tickAsync(0);
      expect(has(el, 'announcement')).to.equal(true);
      expect(ids).to.deep.equal([{ ids: ['a1', 'a2'] }]);
      part<HTMLButtonElement>(el, 'next')?.click();
      await clock!.tickAsync(SLIDE_TRANSITION_MS);
      expect(ids).to.have.length(1);
    } finally {
      document.removeEventListener('wps-announcement-shown', listener);
    }
  });
  it('go to the promotion closes it with the reason activity; the answer is kept per content and day', async () => {
    member();
    const el = await shown();
    const seen = recordEvents(el, ['wps-close']);
    part<HTMLButtonElement>(el, 'activity')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    expect(seen.events.map((e) => e.detail)).to.deep.equal([{ reason: 'activity', hidden: undefined }]);
    const hash = contentHash(itemsFor(ITEMS, { memberId: 7, memberType: 0 }));
    expect(overlayAnswered(`announcement:${hash}:${new Date(clock!.now).toDateString()}`)).to.equal(true);
    expect(overlayAnswered('announcement')).to.equal(false);
  });
  it('opened by the page (`open`), it shows even while the overlays that open by themselves are held', async () => {
    member();
    const unblock = blockOverlays();
    try {
      const auto = await shown();
      expect(has(auto, 'announcement')).to.equal(false);
      reset();
      setNavigator((path) => navigations.push(path));
      member();
      const opened = await shown('<wps-announcement open></wps-announcement>');
      expect(has(opened, 'announcement')).to.equal(true);
    } finally {
      unblock();
    }
  });
  it('no-checkbox: no box, closing hides it for the session only', async () => {
    member();
    const el = await shown('<wps-announcement no-checkbox></wps-announcement>');
    expect(has(el, 'hide')).to.equal(false);
  });
});

describe('<wps-notice-popup>', () => {
  it("'never show again': hidden on later days until the content changes", async () => {
    member();
    const el = await shown('<wps-notice-popup></wps-notice-popup>');
    expect(part(el, 'hide')!.textContent).to.equal('Never show again');
    (part(el, 'hide')!.querySelector('input') as HTMLInputElement).click();
    part<HTMLButtonElement>(el, 'ok')!.click();
    await clock!.tickAsync(SLIDE_TRANSITION_MS);
    sessionStorage.clear();
    unmountAll();
    resetOverlays();
    clock!.uninstall();
    clock = undefined;
    const weekLater = await shown('<wps-notice-popup></wps-notice-popup>', 7 * 864e5);
    expect(has(weekLater, 'announcement')).to.equal(false);
  });
});

describe('<wps-announcement> focus', () => {
  it('lands on the dialog itself, not on a control (nothing wears a focus ring before a touch)', async () => {
    const el = await shown();
    const dialog = part(el, 'dialog')!;
    await realFrames(2); // the dialog's focus effect
    expect(el.shadowRoot!.activeElement).to.equal(dialog);
  });
});

describe('<wps-announcement> accessibility', () => {
  it('the open popup passes axe-core (English and Urdu)', async () => {
    member();
    const el = await shown('<wps-announcement autoplay="0"></wps-announcement>');
    clock!.uninstall();
    clock = undefined;
    await new Promise((r) => setTimeout(r, SLIDE_TRANSITION_MS + 50));
    await expectAccessible(el);
  });
});

describe('<wps-announcement> tap targets (issue 32)', () => {
  it('an inline link of the operator’s text is hit across 44 x 44 without leaving its line; each dot is 44 x 44', async () => {
    member();
    items = [
      item('a1', 'A', {
        content:
          '<p>Read the <a href="/m/activity">rules</a> before you play.</p>' +
          '<p>A longer sentence that wraps onto a second line, to show that the <a href="/m/home">link</a> keeps its place.</p>',
      }),
      item('a2', 'A'),
      item('a3', 'A'),
    ];
    const el = await shown('<wps-announcement autoplay="0"></wps-announcement>');
    clock!.uninstall();
    clock = undefined;
    await new Promise((r) => setTimeout(r, SLIDE_TRANSITION_MS + 50));
    await settled(el); // the dots' own transition too, however slow the machine
    const root = el.shadowRoot!;
    const links = Array.from(root.querySelectorAll<HTMLAnchorElement>('.announcement-content a')).filter(
      (a) => a.getBoundingClientRect().width > 0 && a.getBoundingClientRect().left >= 0,
    );
    expect(links.map((a) => a.textContent)).to.deep.equal(['rules', 'link']);
    for (const a of links) {
      const box = a.getBoundingClientRect();
      expect(box.height, `${a.textContent}: still a line of text (18-23 px), not a block`).to.be.below(28);
      expect(a.getClientRects(), 'one line').to.have.length(1);
      expect(tapMisses(a), a.textContent!).to.deep.equal([]);
    }
    const dots = parts(el, 'dot');
    expect(dots).to.have.length(3);
    for (const dot of dots) {
      const box = dot.getBoundingClientRect();
      expect([box.width, box.height]).to.deep.equal([44, 44]);
      expect(tapMisses(dot)).to.deep.equal([]);
    }
  });
});
