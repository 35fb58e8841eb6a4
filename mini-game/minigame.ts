/**
 * The mini-game floating button (docs/mini-game.md): `<wps-mini-game>`, a framework-free custom element,
 * built alone into dist/mini-game/minigame.js (scripts/build-minigame.mjs). It runs on pages that are
 * not ours, so it is small (budget in scripts/size.mjs), keeps everything in its own shadow root, and
 * as a classic script adds itself to the page: one script tag is enough.
 *
 * @element wps-mini-game
 * @attr {string} game-url - the mini game's page (http(s) or a path on this origin); default: game.html next to the script
 * @attr {string} lang - interface language (product code, e.g. VI); default: the stored choice, else the browser's
 * @attr {boolean} hidden - not shown
 * @fires wps-minigame-open - `{ url }`, cancelable: `preventDefault()` keeps the dialog closed
 * @fires wps-minigame-close - `{ reason }`: 'button', 'escape', 'backdrop', 'game' (it posted `wps-minigame:close`) or 'method'
 * @fires wps-minigame-move - `{ side, x, y, ratio }` after a drag has snapped
 * @part button - the floating button
 * @part overlay - the backdrop of the open game
 * @part dialog - the dialog holding the game
 * @part close - its close button
 * @part frame - the game's iframe
 */
import { DEFAULT_LANGUAGE, htmlLang, LANGUAGE_KEY, RTL_LANGUAGES, type Language } from '../src/core/i18n/languages.ts';
// The layer table itself (src/core/layers.ts reads the same file), not its CSS helper.
import LAYERS from '../src/core/layers.json';
import { clamp, defaultSpot, parseSpot, place, snap, type Point, type Spot, type Viewport } from './drag.ts';
import { STRINGS } from './strings.ts';

export const TAG = 'wps-mini-game';
/** Per origin, as localStorage is: `{ side, y }` (docs/mini-game.md). */
export const POSITION_KEY = 'wps:minigame:pos';
/** A second tap within this many ms does nothing (docs/product.md §9). */
export const DEBOUNCE_MS = 250;
/** A pointer that moved less than this (px) taps; further, it drags. */
export const SLOP = 7;
/** The button's side, px (a touch target of at least 48). */
export const SIZE = 56;

export type CloseReason = 'button' | 'escape' | 'backdrop' | 'game' | 'method';
/** What the game page posts to its parent to be closed (its own Escape: keys inside the frame never reach us). */
export const CLOSE_MESSAGE = 'wps-minigame:close';

// Only while the script runs: afterwards, and for modules, currentScript is null.
const script = document.currentScript as HTMLScriptElement | null;
const DEFAULT_URL =
  (script && (script.dataset.gameUrl || (script.src && new URL('game.html', script.src).href))) || '/mini-game/game.html';

/** An absolute http(s) URL or a path on the page's origin; anything else (javascript:, data:, //host) opens nothing. */
export function safeGameUrl(raw: string): string | undefined {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text, location.href);
  } catch {
    return undefined;
  }
  // The parser's own reading decides (it drops tabs and newlines): `java\tscript:` is not http.
  if (!/^https?:$/.test(url.protocol)) return undefined;
  return /^https?:\/\//i.test(text) || /^\/(?![/\\])/.test(text) ? url.href : undefined;
}

// Important inside the shadow root beats important on the page (the cascade's rule for encapsulation
// contexts): the page's `* { display: none !important }` or its own `wps-mini-game` rules cannot hide,
// move or restyle the host, and its CSS never reaches inside. The fixed children are laid out against
// the viewport (`all: initial` leaves the host no transform or filter that would change that; it keeps
// custom properties, so the page's --wps-z-* still apply). The ball is a floating button, under every
// sheet and modal of ours (src/core/layers.ts); the open game is a modal.
const CSS = `:host{all:initial!important;display:block!important;position:fixed!important;z-index:var(--wps-z-float,${LAYERS.float})!important}
:host([data-open]){z-index:var(--wps-z-modal,${LAYERS.modal})!important}
:host([hidden]){display:none!important}
.p,.o{position:fixed;top:0;right:0;bottom:0;left:0}
.p{visibility:hidden;pointer-events:none;padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)}
.b{position:fixed;left:0;top:0;width:${SIZE}px;height:${SIZE}px;padding:0;border:0;border-radius:50%;cursor:grab;touch-action:none;user-select:none;-webkit-user-select:none;background:radial-gradient(circle at 32% 28%,#f99,var(--wps-color-primary,#d62f3a) 55%,#701018);box-shadow:0 3px 9px #0006;transition:transform .25s}
.d{transition:none;cursor:grabbing}
:focus-visible{outline:3px solid #1a73e8}
svg{display:block;width:100%;height:100%;font:700 8px sans-serif}
.o{display:flex;align-items:center;justify-content:center;background:#0009}
.o[hidden]{display:none}
.g{display:flex;flex-direction:column;width:min(360px,96vw);height:min(520px,90vh);overflow:hidden;background:#fff;border-radius:12px}
.x{align-self:flex-end;width:44px;height:44px;margin:4px;border:0;background:none;font:28px sans-serif;cursor:pointer}
iframe{flex:1;border:0}
@media (prefers-reduced-motion:reduce){.b{transition:none}}`;

const SVG = 'http://www.w3.org/2000/svg';
/** DOM nodes without innerHTML, so a page that enforces Trusted Types works too. */
function make<T extends Element = HTMLElement>(
  tag: string,
  attrs: Record<string, string | number> = {},
  kids: (Node | string)[] = [],
  ns?: string,
) {
  const el = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const name in attrs) el.setAttribute(name, String(attrs[name]));
  el.append(...kids);
  return el as unknown as T;
}

/** A lottery ball: the button is the ball (its background), this draws the white disc and the number. */
const ball = () =>
  make(
    'svg',
    { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    [
      make('circle', { cx: 12, cy: 12, r: 6.5, fill: '#fff' }, [], SVG),
      make('text', { x: 12, y: 14.9, 'text-anchor': 'middle', fill: '#8a1420' }, ['3'], SVG),
    ],
    SVG,
  );

/** A stored value, or null where storage is refused (a sandboxed frame, blocked cookies). */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The product code of a stored code or a browser tag, as `normaliseLanguage` of languages.ts maps it
 * (the browser tests compare the two): its tables would add a fifth to this script, and the catalogue
 * keys here already list the codes.
 */
export function toLanguage(tag: unknown): string | undefined {
  if (typeof tag !== 'string') return undefined;
  const code = tag.trim().toUpperCase().replace('_', '-');
  if (STRINGS[code]) return code;
  const parts = code.split('-');
  const main = parts[0]!;
  const region = parts[1] || '';
  if (main === 'ZH') return /^(TW|HANT)$/.test(region) ? 'TW' : /^(HK|MO)$/.test(region) ? 'HK' : 'CN';
  const mapped =
    main === 'FIL' || main === 'TL' ? 'TY' : main === 'IN' ? 'ID' : main === 'PT' && region === 'BR' ? 'PT-BR' : main;
  return STRINGS[mapped] ? mapped : undefined;
}

/** The page's language as the app picks it: the stored choice (JSON), the browser's, else CN (docs/product.md §1). */
function pageLanguage(): string {
  let choice: unknown;
  try {
    choice = JSON.parse(stored(LANGUAGE_KEY) || 'null');
  } catch {
    /* not JSON */
  }
  for (const tag of [choice, ...(navigator.languages || []), navigator.language]) {
    const code = toLanguage(tag);
    if (code) return code;
  }
  return DEFAULT_LANGUAGE;
}

interface Press {
  id: number;
  sx: number;
  sy: number;
  from: Point;
  view: Viewport;
  drag: boolean;
}

export class MiniGame extends HTMLElement {
  static get observedAttributes() {
    return ['lang', 'hidden'];
  }

  private _root = this.attachShadow({ mode: 'open' });
  private _probe = make('div', { class: 'p', 'aria-hidden': 'true' });
  private _btn = make<HTMLButtonElement>('button', { class: 'b', type: 'button', part: 'button' }, [ball()]);
  private _close = make<HTMLButtonElement>('button', { class: 'x', type: 'button', part: 'close' }, ['\u00d7']);
  // Tab and Shift+Tab stay in the dialog: these two hand focus on to its other end.
  private _first = make('span', { tabindex: 0 });
  private _last = make('span', { tabindex: 0 });
  private _dialog = make('div', { class: 'g', role: 'dialog', 'aria-modal': 'true', part: 'dialog' }, [
    this._first,
    this._close,
    this._last,
  ]);
  private _overlay = make('div', { class: 'o', part: 'overlay', hidden: '' }, [this._dialog]);
  private _frame: HTMLIFrameElement | undefined;
  private _title = '';
  private _spot: Spot = defaultSpot(false);
  private _at: Point = { x: 0, y: 0 };
  private _press: Press | undefined;
  /** The click that ends a drag is not a tap. */
  private _swallow = false;
  private _tapped = -Infinity;
  private _openedAt = 0;

  constructor() {
    super();
    const root = this._root;
    if (root.adoptedStyleSheets) {
      // Adopted, not a <style>: a page whose CSP says style-src 'self' allows it.
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      root.adoptedStyleSheets = [sheet];
    } else root.append(make('style', {}, [CSS]));
    root.append(this._probe, this._btn, this._overlay);
    const btn = this._btn;
    btn.addEventListener('pointerdown', this._onDown);
    btn.addEventListener('pointermove', this._onMove);
    btn.addEventListener('pointerup', this._onUp);
    btn.addEventListener('pointercancel', this._onUp);
    btn.addEventListener('click', this._onClick);
    btn.addEventListener('keydown', () => (this._swallow = false));
    this._close.addEventListener('click', () => this.close('button'));
    this._overlay.addEventListener('click', (e) => {
      // The second tap of a double tap lands here: it must not close what the first one opened.
      if (e.target === this._overlay && Date.now() - this._openedAt >= DEBOUNCE_MS) this.close('backdrop');
    });
    this._first.addEventListener('focus', () => (this._frame || this._close).focus());
    this._last.addEventListener('focus', () => this._close.focus());
  }

  connectedCallback() {
    this._update();
    addEventListener('resize', this._onResize);
  }

  disconnectedCallback() {
    removeEventListener('resize', this._onResize);
    this.close();
  }

  attributeChangedCallback() {
    if (!this.isConnected) return;
    if (this.hidden) this.close();
    this._update();
  }

  /** Where the button is: its side, its top-left corner (px) and its centre as a fraction of the height. */
  get position() {
    return { side: this._spot.side, x: this._at.x, y: this._at.y, ratio: this._spot.y };
  }

  /** Opens the game (as a tap does, without the debounce). */
  open(): void {
    if (this._frame) return;
    const url = safeGameUrl(this.getAttribute('game-url') || DEFAULT_URL);
    if (!url || !this._emit('wps-minigame-open', { url }, true)) return;
    this._frame = make<HTMLIFrameElement>('iframe', {
      part: 'frame',
      title: this._title,
      sandbox: 'allow-scripts allow-same-origin allow-forms',
      referrerpolicy: 'no-referrer',
      src: url,
    });
    this._dialog.insertBefore(this._frame, this._last);
    this._overlay.hidden = false;
    this.setAttribute('data-open', '');
    this._openedAt = Date.now();
    document.addEventListener('keydown', this._onKey);
    addEventListener('message', this._onMessage);
    this._close.focus();
  }

  close(reason: CloseReason = 'method'): void {
    if (!this._frame) return;
    // Focus goes back to the button, unless the page closed it while its focus was elsewhere.
    const refocus = reason !== 'method' || this._root.activeElement;
    this._frame.remove();
    this._frame = undefined;
    this._overlay.hidden = true;
    this.removeAttribute('data-open');
    document.removeEventListener('keydown', this._onKey);
    removeEventListener('message', this._onMessage);
    if (refocus) this._btn.focus();
    this._emit('wps-minigame-close', { reason });
  }

  /** Texts, direction and place for the current language and stored position. */
  private _update() {
    const lang = toLanguage(this.getAttribute('lang')) || pageLanguage();
    const rtl = RTL_LANGUAGES.has(lang as Language);
    const texts = STRINGS[lang]!;
    for (const el of [this._btn, this._overlay]) {
      el.lang = htmlLang(lang as Language);
      el.dir = rtl ? 'rtl' : 'ltr';
    }
    this._btn.setAttribute('aria-label', texts[0]);
    this._dialog.setAttribute('aria-label', texts[0]);
    this._close.setAttribute('aria-label', texts[1]);
    this._title = texts[2];
    if (this._frame) this._frame.title = texts[2];
    this._spot = parseSpot(stored(POSITION_KEY)) || defaultSpot(rtl);
    this._place();
  }

  /** The viewport fixed elements live in, and the safe-area insets, read through the probe. */
  private _view(): Viewport {
    const rect = this._probe.getBoundingClientRect();
    const style = getComputedStyle(this._probe);
    const px = (value: string) => parseFloat(value) || 0;
    return {
      width: rect.width || innerWidth,
      height: rect.height || innerHeight,
      windowWidth: innerWidth,
      insets: {
        top: px(style.paddingTop),
        right: px(style.paddingRight),
        bottom: px(style.paddingBottom),
        left: px(style.paddingLeft),
      },
    };
  }

  private _set(p: Point) {
    this._at = p;
    this._btn.style.transform = `translate(${p.x}px,${p.y}px)`;
  }

  private _place() {
    this._set(place(this._spot, this._view(), SIZE));
  }

  private _emit(type: string, detail: object, cancelable = false) {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
  }

  private _onResize = () => {
    if (!(this._press && this._press.drag)) this._place();
  };

  private _onDown = (e: PointerEvent) => {
    if (!e.isPrimary || e.button) return;
    this._swallow = false;
    this._press = { id: e.pointerId, sx: e.clientX, sy: e.clientY, from: this._at, view: this._view(), drag: false };
    try {
      this._btn.setPointerCapture(e.pointerId);
    } catch {
      /* a pointer the browser does not know (synthetic events) */
    }
  };

  private _onMove = (e: PointerEvent) => {
    const press = this._press;
    if (!press || e.pointerId !== press.id) return;
    const dx = e.clientX - press.sx;
    const dy = e.clientY - press.sy;
    if (!press.drag && dx * dx + dy * dy < SLOP * SLOP) return;
    press.drag = true;
    this._btn.classList.add('d');
    this._set(clamp({ x: press.from.x + dx, y: press.from.y + dy }, press.view, SIZE));
  };

  private _onUp = (e: PointerEvent) => {
    const press = this._press;
    if (!press || e.pointerId !== press.id) return;
    this._press = undefined;
    if (!press.drag) return;
    // A click follows a pointerup on the button (never a pointercancel): it ends the drag, it is no tap.
    this._swallow = e.type === 'pointerup';
    this._btn.classList.remove('d');
    this._spot = snap(this._at, this._view(), SIZE);
    try {
      localStorage.setItem(POSITION_KEY, JSON.stringify(this._spot));
    } catch {
      /* kept for this page only */
    }
    this._place();
    this._emit('wps-minigame-move', this.position);
  };

  private _onClick = (e: MouseEvent) => {
    if (this._swallow) {
      this._swallow = false;
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    const now = Date.now();
    if (now - this._tapped < DEBOUNCE_MS) return;
    this._tapped = now;
    this.open();
  };

  private _onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') this.close('escape');
  };

  private _onMessage = (e: MessageEvent) => {
    if (this._frame && e.source === this._frame.contentWindow && e.data === CLOSE_MESSAGE) this.close('game');
  };
}

if (!customElements.get(TAG)) customElements.define(TAG, MiniGame);

// As a classic script: one button on the page, unless it has one already.
if (script) {
  const add = () => document.querySelector(TAG) || document.body.append(document.createElement(TAG));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', add);
  else add();
}
