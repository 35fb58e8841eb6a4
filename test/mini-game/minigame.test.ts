/**
 * The mini-game floating button (mini-game/minigame.ts, mini-game/drag.ts; docs/mini-game.md): the
 * geometry as pure functions (2% of the window width as the margin, the safe-area insets, the nearer
 * edge, the kept fraction), then `<wps-mini-game>` in Chromium with real mouse input: a tap opens the
 * game, a drag moves and snaps it and is never a tap, the 250 ms debounce (fake clock), the margin at
 * two window widths, the position kept per origin (and a broken one ignored), a resize re-clamps, the
 * page's hostile CSS changes nothing, Escape closes and focus returns, unsafe game URLs open nothing,
 * right-to-left and other languages, and axe-core on the button and on the open dialog.
 *
 * Runs once (React build only): the script has no React, so the lite build would test the same code.
 */
import { expect } from 'chai';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { CLOSE_MESSAGE, DEBOUNCE_MS, MiniGame, POSITION_KEY, SIZE, safeGameUrl, toLanguage } from '../../mini-game/minigame.ts';
import { clamp, defaultSpot, margin, nearestSide, parseSpot, place, snap, type Viewport } from '../../mini-game/drag.ts';
import { LANGUAGES, normaliseLanguage } from '../../src/core/i18n/languages.ts';
import EN from '../../src/core/i18n/locales/EN.json';
import UR from '../../src/core/i18n/locales/UR.json';
import VI from '../../src/core/i18n/locales/VI.json';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { expectAccessible, mount, recordEvents, sleep, unmountAll, waitFor } from '../browser-helpers/helpers.ts';

const GAME = new URL('/mini-game/game.html', location.href).href;
const NO_INSETS = { top: 0, right: 0, bottom: 0, left: 0 };
const view = (width: number, height: number, insets = NO_INSETS): Viewport => ({ width, height, windowWidth: width, insets });

describe('mini-game geometry (drag.ts)', () => {
  it('the margin is 2% of the window width', () => {
    expect(margin(360)).to.be.closeTo(7.2, 1e-9);
    expect(margin(1000)).to.equal(20);
  });

  it('a kept spot sits on its edge at the margin, its centre at the kept fraction of the height', () => {
    expect(place({ side: 'right', y: 0.6 }, view(360, 640), SIZE)).to.deep.equal({
      x: 360 - 7.2 - SIZE,
      y: 0.6 * 640 - SIZE / 2,
    });
    expect(place({ side: 'left', y: 0.5 }, view(1000, 700), SIZE)).to.deep.equal({ x: 20, y: 350 - SIZE / 2 });
    // The same spot after a rotation: still on its edge, at the same share of the height.
    expect(place({ side: 'right', y: 0.6 }, view(640, 360), SIZE)).to.deep.equal({
      x: 640 - 12.8 - SIZE,
      y: 0.6 * 360 - SIZE / 2,
    });
  });

  it('the safe-area insets come on top of the margin', () => {
    const notch = view(844, 390, { top: 0, right: 47, bottom: 21, left: 47 });
    expect(place({ side: 'left', y: 0.5 }, notch, SIZE).x).to.be.closeTo(47 + 16.88, 1e-9);
    expect(place({ side: 'right', y: 0.5 }, notch, SIZE).x).to.be.closeTo(844 - 47 - 16.88 - SIZE, 1e-9);
    expect(place({ side: 'right', y: 1 }, notch, SIZE).y).to.be.closeTo(390 - 21 - 16.88 - SIZE, 1e-9);
    expect(clamp({ x: -100, y: -100 }, view(390, 844, { top: 47, right: 0, bottom: 34, left: 0 }), SIZE)).to.deep.equal({
      x: 7.8,
      y: 47 + 7.8,
    });
  });

  it('clamps a dragged button inside the viewport, and copes with one too small for it', () => {
    expect(clamp({ x: 5000, y: 5000 }, view(360, 640), SIZE)).to.deep.equal({ x: 360 - 7.2 - SIZE, y: 640 - 7.2 - SIZE });
    expect(clamp({ x: 100, y: 200 }, view(360, 640), SIZE)).to.deep.equal({ x: 100, y: 200 });
    expect(clamp({ x: 30, y: 30 }, view(40, 40), SIZE)).to.deep.equal({ x: 0.8, y: 0.8 });
  });

  it('a release snaps to the nearer edge and keeps its height as a fraction', () => {
    const v = view(400, 800);
    // The usable range is 8..336: its middle is 172.
    expect(nearestSide({ x: 171, y: 0 }, v, SIZE)).to.equal('left');
    expect(nearestSide({ x: 173, y: 0 }, v, SIZE)).to.equal('right');
    expect(snap({ x: 300, y: 372 }, v, SIZE)).to.deep.equal({ side: 'right', y: 0.5 });
    expect(snap({ x: 20, y: -50 }, v, SIZE)).to.deep.equal({ side: 'left', y: (8 + SIZE / 2) / 800 });
  });

  it('the default is the right edge 60% down, mirrored right to left', () => {
    expect(defaultSpot(false)).to.deep.equal({ side: 'right', y: 0.6 });
    expect(defaultSpot(true)).to.deep.equal({ side: 'left', y: 0.6 });
  });

  it('a stored spot is read back; anything broken is ignored', () => {
    expect(parseSpot('{"side":"left","y":0.25}')).to.deep.equal({ side: 'left', y: 0.25 });
    expect(parseSpot('{"side":"right","y":0}')).to.deep.equal({ side: 'right', y: 0 });
    for (const bad of [
      null,
      '',
      '{oops',
      'null',
      '5',
      '"left"',
      '[]',
      '{"side":"up","y":0.5}',
      '{"side":"left","y":7}',
      '{"side":"left","y":"0.5"}',
      '{"side":"left"}',
    ])
      expect(parseSpot(bad), String(bad)).to.equal(undefined);
  });
});

describe('mini-game helpers', () => {
  it('game URLs: http(s) or a path on this origin; javascript:, data:, //host and relative paths give nothing', () => {
    expect(safeGameUrl('https://games.example/quick3/')).to.equal('https://games.example/quick3/');
    expect(safeGameUrl('/mini-game/game.html')).to.equal(GAME);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example',
      'game.html',
      'vbscript:x',
      'blob:https://x/y',
      '',
    ])
      expect(safeGameUrl(bad), bad).to.equal(undefined);
  });

  it('maps a language as normaliseLanguage of the app does', () => {
    const tags = [
      ...LANGUAGES,
      ...LANGUAGES.map((l) => l.toLowerCase()),
      ...[
        'zh-TW',
        'zh-Hant',
        'zh-Hant-TW',
        'zh-Hant-HK',
        'zh-HK',
        'zh-MO',
        'zh',
        'zh-CN',
        'zh-Hans',
        'zh-Hans-HK',
        'zh-SG',
        'zh_tw',
      ],
      ...[
        'pt',
        'pt-BR',
        'pt_br',
        'pt-PT',
        'pt-BR-x',
        'fil',
        'fil-PH',
        'tl',
        'in',
        'in-ID',
        'id-ID',
        'en-US',
        'en-GB',
        'es-419',
        'ur-PK',
      ],
      ...[
        'my-MM',
        'ms-MY',
        'ja-JP',
        'ko-KR',
        'km-KH',
        'hi-IN',
        'bn-BD',
        'tr-TR',
        'th-TH',
        'vi-VN',
        'ta-IN',
        'tw',
        ' EN ',
        'fr',
        'nb-NO',
        'xx-BR',
        '',
      ],
    ];
    for (const tag of tags) expect(toLanguage(tag) ?? 'none', tag).to.equal(normaliseLanguage(tag) ?? 'none');
    expect(toLanguage(undefined)).to.equal(undefined);
  });
});

// ---- the element ---------------------------------------------------------------------------------

const WIDTH = 800;
const HEIGHT = 600;
let clock: FakeClock | undefined;

type Game = MiniGame;
const shadow = (el: Element) => el.shadowRoot!;
const button = (el: Element) => shadow(el).querySelector<HTMLButtonElement>('[part="button"]')!;
const overlay = (el: Element) => shadow(el).querySelector<HTMLElement>('[part="overlay"]')!;
const dialog = (el: Element) => shadow(el).querySelector<HTMLElement>('[part="dialog"]')!;
const closeButton = (el: Element) => shadow(el).querySelector<HTMLButtonElement>('[part="close"]')!;
const frame = (el: Element) => shadow(el).querySelector<HTMLIFrameElement>('[part="frame"]');
const isOpen = (el: Element) => !overlay(el).hidden && frame(el) !== null;
const centre = (el: Element): [number, number] => {
  const r = button(el).getBoundingClientRect();
  return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];
};

function mountGame(attrs = `game-url="${GAME}"`): Game {
  return mount<Game>(`<wps-mini-game ${attrs}></wps-mini-game>`);
}

async function tap(el: Element) {
  await sendMouse({ type: 'click', position: centre(el) });
}

/** A real mouse drag from the button's centre by (dx, dy), in `steps` moves. */
async function drag(el: Element, dx: number, dy: number, steps = 3) {
  const [x, y] = centre(el);
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  for (let i = 1; i <= steps; i++)
    await sendMouse({ type: 'move', position: [Math.round(x + (dx * i) / steps), Math.round(y + (dy * i) / steps)] });
  await sendMouse({ type: 'up' });
}

before(async () => {
  // No scroll bar on the test page: the viewport is the window (one test adds a scroll bar itself).
  document.documentElement.style.overflow = 'hidden';
  await setViewport({ width: WIDTH, height: HEIGHT });
  // The snap is animated otherwise; the reduced-motion test turns it back on.
  await emulateMedia({ reducedMotion: 'reduce' });
});
after(async () => {
  document.documentElement.style.overflow = '';
  await emulateMedia({ reducedMotion: 'no-preference' });
});
beforeEach(() => localStorage.clear());
afterEach(async () => {
  clock?.uninstall();
  clock = undefined;
  unmountAll();
  document.querySelectorAll('wps-mini-game, #hostile').forEach((n) => n.remove());
  localStorage.clear();
  await resetMouse();
  if (innerWidth !== WIDTH || innerHeight !== HEIGHT) await setViewport({ width: WIDTH, height: HEIGHT });
});

describe('<wps-mini-game>: the button', () => {
  it('is a real button with the catalogue name, at least 48 px, at the right edge 60% down by default', async () => {
    const el = mountGame();
    const btn = button(el);
    expect(btn.localName).to.equal('button');
    expect(btn.type).to.equal('button');
    expect(btn.getAttribute('aria-label')).to.equal(EN['minigame.open']);
    expect(btn.querySelector('svg')?.getAttribute('aria-hidden')).to.equal('true');
    const r = btn.getBoundingClientRect();
    expect(r.width).to.be.at.least(48);
    expect(r.height).to.be.at.least(48);
    expect(r.right).to.be.closeTo(WIDTH - 0.02 * WIDTH, 0.01);
    expect(r.y + r.height / 2).to.be.closeTo(0.6 * HEIGHT, 0.01);
    expect(el.position).to.deep.equal({ side: 'right', x: WIDTH - 16 - SIZE, y: 0.6 * HEIGHT - SIZE / 2, ratio: 0.6 });
    await expectAccessible(el);
  });

  it('keeps 2% of the window width from the edge at 360 and at 1000 px wide, and re-clamps on resize', async () => {
    const el = mountGame();
    await setViewport({ width: 360, height: 640 });
    await waitFor(() => expect(button(el).getBoundingClientRect().right).to.be.closeTo(360 - 7.2, 0.01));
    expect(button(el).getBoundingClientRect().y).to.be.closeTo(0.6 * 640 - SIZE / 2, 0.01);
    await setViewport({ width: 1000, height: 700 });
    await waitFor(() => expect(button(el).getBoundingClientRect().right).to.be.closeTo(1000 - 20, 0.01));
    expect(button(el).getBoundingClientRect().y).to.be.closeTo(0.6 * 700 - SIZE / 2, 0.01);
  });

  it('stays clear of a scroll bar: the edge is the viewport the page leaves, the margin 2% of the window', async () => {
    document.documentElement.style.overflow = 'scroll';
    try {
      const el = mountGame();
      const bar = innerWidth - document.documentElement.clientWidth;
      expect(button(el).getBoundingClientRect().right).to.be.closeTo(WIDTH - bar - 16, 0.01);
    } finally {
      document.documentElement.style.overflow = 'hidden';
    }
  });

  it('hidden hides it; removing the attribute shows it again', async () => {
    const el = mountGame(`game-url="${GAME}" hidden`);
    expect(button(el).checkVisibility()).to.equal(false);
    el.removeAttribute('hidden');
    expect(button(el).checkVisibility()).to.equal(true);
    el.hidden = true;
    expect(button(el).checkVisibility()).to.equal(false);
  });

  it('the snap is animated (250 ms), and not at all under prefers-reduced-motion', async () => {
    const el = mountGame();
    expect(getComputedStyle(button(el)).transitionDuration).to.equal('0s');
    await emulateMedia({ reducedMotion: 'no-preference' });
    try {
      expect(getComputedStyle(button(el)).transitionDuration).to.equal('0.25s');
    } finally {
      await emulateMedia({ reducedMotion: 'reduce' });
    }
  });
});

describe('<wps-mini-game>: tap and drag', () => {
  it('a tap opens the game: the event, the frame with the game URL, focus in the dialog; axe-core', async () => {
    const el = mountGame();
    const events = recordEvents(el, ['wps-minigame-open', 'wps-minigame-close', 'wps-minigame-move']);
    await tap(el);
    expect(events.types()).to.deep.equal(['wps-minigame-open']);
    const open = events.events[0]!;
    expect(open.detail).to.deep.equal({ url: GAME });
    expect(open.bubbles && open.composed && open.cancelable).to.equal(true);
    expect(isOpen(el)).to.equal(true);
    const f = frame(el)!;
    expect(f.src).to.equal(GAME);
    expect(f.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin allow-forms');
    expect(f.getAttribute('referrerpolicy')).to.equal('no-referrer');
    expect(f.title).to.equal(EN['minigame.frame_title']);
    expect(dialog(el).getAttribute('role')).to.equal('dialog');
    expect(dialog(el).getAttribute('aria-modal')).to.equal('true');
    expect(dialog(el).getAttribute('aria-label')).to.equal(EN['minigame.open']);
    expect(closeButton(el).getAttribute('aria-label')).to.equal(EN['minigame.close']);
    expect(shadow(el).activeElement === closeButton(el), 'focus on the close button').to.equal(true);
    expect(f.getBoundingClientRect().height).to.be.above(300);
    // The demo game itself is there (served from the repository by the test server).
    await waitFor(() => expect(f.contentDocument?.querySelector('h1')?.textContent).to.equal('Quick 3'), 5000);
    await expectAccessible(el);
  });

  it('a drag moves it, snaps it to the nearer edge, fires wps-minigame-move and is never a click', async () => {
    const el = mountGame();
    const events = recordEvents(el, ['wps-minigame-open', 'wps-minigame-move']);
    const pageClicks: Event[] = [];
    const onClick = (e: Event) => pageClicks.push(e);
    document.addEventListener('click', onClick);
    try {
      // From the right edge to a bit left of the middle, and up.
      await drag(el, -(WIDTH / 2 - 16), -150);
      expect(events.types()).to.deep.equal(['wps-minigame-move']);
      expect(isOpen(el)).to.equal(false);
      expect(pageClicks, 'the page saw no click').to.have.length(0);
      const y = 0.6 * HEIGHT - SIZE / 2 - 150;
      expect(el.position).to.deep.equal({ side: 'left', x: 16, y, ratio: (y + SIZE / 2) / HEIGHT });
      expect(events.events[0]!.detail).to.deep.equal(el.position);
      expect(button(el).getBoundingClientRect().x).to.be.closeTo(16, 0.01);
      // Then back to the right half: it snaps right.
      await drag(el, WIDTH / 2, 0);
      expect(el.position.side).to.equal('right');
      expect(button(el).getBoundingClientRect().right).to.be.closeTo(WIDTH - 16, 0.01);
      expect(events.types()).to.deep.equal(['wps-minigame-move', 'wps-minigame-move']);
      // A drag does not eat the next tap.
      await tap(el);
      expect(events.types()).to.include('wps-minigame-open');
    } finally {
      document.removeEventListener('click', onClick);
    }
  });

  it('a drag stays inside the viewport, and snapping keeps the margin at the top and bottom', async () => {
    const el = mountGame();
    await drag(el, -200, 2000);
    expect(el.position).to.include({ side: 'right', y: HEIGHT - 16 - SIZE });
    await drag(el, -600, -2000);
    expect(el.position).to.include({ side: 'left', x: 16, y: 16 });
  });

  it('a movement under the slop is still a tap', async () => {
    const el = mountGame();
    const events = recordEvents(el, ['wps-minigame-open', 'wps-minigame-move']);
    await drag(el, 4, 3, 1);
    expect(events.types()).to.deep.equal(['wps-minigame-open']);
    expect(el.position.side).to.equal('right');
  });

  it('a second tap within 250 ms does nothing (fake clock)', async () => {
    clock = installClock(1_000_000);
    const el = mountGame();
    const events = recordEvents(el, ['wps-minigame-open']);
    button(el).click();
    expect(events.events).to.have.length(1);
    el.close();
    await clock.tickAsync(100);
    button(el).click();
    await clock.tickAsync(250 - 101);
    button(el).click();
    expect(events.events, 'at 249 ms').to.have.length(1);
    expect(isOpen(el)).to.equal(false);
    await clock.tickAsync(1);
    button(el).click();
    expect(events.events, 'at 250 ms').to.have.length(2);
  });

  it('the second tap of a double tap, on the backdrop, does not close what the first opened (fake clock)', async () => {
    clock = installClock(1_000_000);
    const el = mountGame();
    const events = recordEvents(el, ['wps-minigame-close']);
    button(el).click();
    await clock.tickAsync(120);
    overlay(el).click();
    expect(isOpen(el)).to.equal(true);
    await clock.tickAsync(DEBOUNCE_MS);
    overlay(el).click();
    expect(isOpen(el)).to.equal(false);
    expect(events.events.map((e) => e.detail)).to.deep.equal([{ reason: 'backdrop' }]);
  });

  it('Enter and Space on the focused button open it', async () => {
    const el = mountGame();
    button(el).focus();
    await sendKeys({ press: 'Enter' });
    expect(isOpen(el)).to.equal(true);
    el.close();
    await sleep(DEBOUNCE_MS);
    button(el).focus();
    await sendKeys({ press: 'Space' });
    expect(isOpen(el)).to.equal(true);
  });

  it('wps-minigame-open is cancelable: the page keeps the dialog closed', async () => {
    const el = mountGame();
    el.addEventListener('wps-minigame-open', (e) => e.preventDefault());
    await tap(el);
    expect(isOpen(el)).to.equal(false);
  });
});

describe('<wps-mini-game>: the dialog', () => {
  it('Escape closes it, focus returns to the button, wps-minigame-close says why', async () => {
    const el = mountGame();
    const events = recordEvents(el, ['wps-minigame-close']);
    await tap(el);
    await sendKeys({ press: 'Escape' });
    expect(isOpen(el)).to.equal(false);
    expect(frame(el)).to.equal(null);
    expect(events.events.map((e) => e.detail)).to.deep.equal([{ reason: 'escape' }]);
    expect(shadow(el).activeElement === button(el), 'focus back on the button').to.equal(true);
    expect(document.activeElement === el).to.equal(true);
  });

  it('Escape inside the game frame closes it too (the game posts wps-minigame:close); the page itself cannot', async () => {
    const el = mountGame();
    const events = recordEvents(el, ['wps-minigame-close']);
    await tap(el);
    const f = frame(el)!;
    await waitFor(() => expect(f.contentDocument?.querySelector('[data-digit]')).to.not.equal(null), 5000);
    window.postMessage(CLOSE_MESSAGE, '*');
    await sleep(50);
    expect(isOpen(el), 'a message from the page is not the game').to.equal(true);
    f.contentDocument!.querySelector<HTMLButtonElement>('[data-digit]')!.focus();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => expect(isOpen(el)).to.equal(false));
    expect(events.events.map((e) => e.detail)).to.deep.equal([{ reason: 'game' }]);
    expect(shadow(el).activeElement === button(el)).to.equal(true);
  });

  it('the close button closes it; Shift+Tab from it stays in the dialog', async () => {
    const el = mountGame();
    const events = recordEvents(el, ['wps-minigame-close']);
    await tap(el);
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(shadow(el).activeElement === frame(el), 'Shift+Tab goes round to the game').to.equal(true);
    closeButton(el).focus();
    await sendKeys({ press: 'Enter' });
    expect(isOpen(el)).to.equal(false);
    expect(events.events.map((e) => e.detail)).to.deep.equal([{ reason: 'button' }]);
    expect(shadow(el).activeElement === button(el)).to.equal(true);
  });

  it('the page may open and close it; hiding the element closes it', async () => {
    const el = mountGame();
    const events = recordEvents(el, ['wps-minigame-close']);
    el.open();
    expect(isOpen(el)).to.equal(true);
    el.close();
    expect(isOpen(el)).to.equal(false);
    el.open();
    el.hidden = true;
    expect(isOpen(el)).to.equal(false);
    expect(events.events.map((e) => e.detail)).to.deep.equal([{ reason: 'method' }, { reason: 'method' }]);
  });

  for (const url of [
    'javascript:alert(1)',
    'data:text/html,<script>parent.alert(1)</script>',
    '//evil.example/game',
    'game.html',
  ]) {
    it(`a game-url of ${url.slice(0, 20)}… opens nothing`, async () => {
      const el = mountGame(`game-url="${url.replace(/"/g, '&quot;')}"`);
      const events = recordEvents(el, ['wps-minigame-open']);
      await tap(el);
      expect(events.events).to.have.length(0);
      expect(isOpen(el)).to.equal(false);
      expect(frame(el)).to.equal(null);
    });
  }

  it('without game-url it opens the demo game next to the script (here: /mini-game/game.html)', async () => {
    const el = mountGame('');
    await tap(el);
    expect(frame(el)!.src).to.equal(GAME);
  });
});

describe('<wps-mini-game>: the position, per origin', () => {
  it('a drag is kept in localStorage (wps:minigame:pos); the next page puts the button there', async () => {
    const first = mountGame();
    await drag(first, -500, -100);
    const kept = JSON.parse(localStorage.getItem(POSITION_KEY)!);
    expect(kept).to.deep.equal({ side: 'left', y: first.position.ratio });
    unmountAll();
    const next = mountGame();
    expect(next.position).to.deep.equal(first.position);
  });

  it('a kept spot is placed in the current viewport', async () => {
    localStorage.setItem(POSITION_KEY, JSON.stringify({ side: 'left', y: 0.25 }));
    const el = mountGame();
    expect(el.position).to.deep.equal({ side: 'left', x: 16, y: 0.25 * HEIGHT - SIZE / 2, ratio: 0.25 });
  });

  for (const broken of ['{oops', '{"side":"up","y":0.5}', '{"side":"left","y":7}', '"left"', 'null']) {
    it(`a broken kept value (${broken}) is ignored`, async () => {
      localStorage.setItem(POSITION_KEY, broken);
      const el = mountGame();
      expect(el.position).to.include({ side: 'right', ratio: 0.6 });
    });
  }

  it('a resize keeps the side and the height fraction, inside the new viewport', async () => {
    localStorage.setItem(POSITION_KEY, JSON.stringify({ side: 'right', y: 0.95 }));
    const el = mountGame();
    expect(el.position.y).to.equal(HEIGHT - 16 - SIZE);
    await setViewport({ width: 400, height: 300 });
    await waitFor(() => expect(el.position).to.deep.equal({ side: 'right', x: 400 - 8 - SIZE, y: 300 - 8 - SIZE, ratio: 0.95 }));
    const r = button(el).getBoundingClientRect();
    expect(r.right).to.be.at.most(400 - 8 + 0.01);
    expect(r.bottom).to.be.at.most(300 - 8 + 0.01);
  });
});

describe("<wps-mini-game>: the page's CSS", () => {
  it('hostile page CSS neither hides nor restyles nor moves it, and the game still opens', async () => {
    const style = document.createElement('style');
    style.id = 'hostile';
    style.textContent = `
      * { display: none !important; }
      html, body { display: block !important; }
      wps-mini-game { opacity: 0 !important; visibility: hidden !important; transform: scale(0) translate(-900px) !important;
        position: static !important; z-index: -1 !important; pointer-events: none !important; filter: blur(9px) !important; }
      button { display: none !important; background: lime !important; width: 1px !important; }
      div, span, svg, iframe { display: none !important; }`;
    document.head.append(style);
    const el = document.createElement('wps-mini-game') as Game;
    el.setAttribute('game-url', GAME);
    document.body.append(el);
    const host = getComputedStyle(el);
    expect([
      host.display,
      host.opacity,
      host.visibility,
      host.position,
      host.transform,
      host.pointerEvents,
      host.filter,
    ]).to.deep.equal(['block', '1', 'visible', 'fixed', 'none', 'auto', 'none']);
    const btn = button(el);
    expect(btn.checkVisibility()).to.equal(true);
    const r = btn.getBoundingClientRect();
    expect([r.width, r.height]).to.deep.equal([SIZE, SIZE]);
    expect(r.right).to.be.closeTo(WIDTH - 16, 0.01);
    const [x, y] = centre(el);
    expect(document.elementFromPoint(x, y) === el, 'the button is on top').to.equal(true);
    expect(btn.contains(shadow(el).elementFromPoint(x, y))).to.equal(true);
    await tap(el);
    expect(isOpen(el)).to.equal(true);
    expect(frame(el)!.getBoundingClientRect().height).to.be.above(300);
  });
});

describe('<wps-mini-game>: languages', () => {
  it('lang="VI" gives the Vietnamese labels', async () => {
    const el = mountGame(`game-url="${GAME}" lang="VI"`);
    expect(button(el).getAttribute('aria-label')).to.equal(VI['minigame.open']);
    expect(button(el).lang).to.equal('vi');
    await tap(el);
    expect(closeButton(el).getAttribute('aria-label')).to.equal(VI['minigame.close']);
    expect(frame(el)!.title).to.equal(VI['minigame.frame_title']);
    el.setAttribute('lang', 'EN');
    expect(closeButton(el).getAttribute('aria-label')).to.equal(EN['minigame.close']);
    expect(frame(el)!.title).to.equal(EN['minigame.frame_title']);
  });

  it('without lang it follows the language the app stored (wps:language)', async () => {
    localStorage.setItem('wps:language', '"VI"');
    const el = mountGame();
    expect(button(el).getAttribute('aria-label')).to.equal(VI['minigame.open']);
  });

  it('right to left (UR): the default side is the left, the dialog is mirrored; axe-core', async () => {
    const el = mountGame(`game-url="${GAME}" lang="UR"`);
    expect(el.position).to.deep.equal({ side: 'left', x: 16, y: 0.6 * HEIGHT - SIZE / 2, ratio: 0.6 });
    expect(button(el).getAttribute('aria-label')).to.equal(UR['minigame.open']);
    expect(overlay(el).dir).to.equal('rtl');
    await tap(el);
    expect(closeButton(el).getBoundingClientRect().x - dialog(el).getBoundingClientRect().x).to.be.below(10);
    await expectAccessible(el);
    // A kept position wins over the default side.
    el.close();
    unmountAll();
    localStorage.setItem(POSITION_KEY, JSON.stringify({ side: 'right', y: 0.5 }));
    expect(mountGame(`game-url="${GAME}" lang="UR"`).position.side).to.equal('right');
  });
});
