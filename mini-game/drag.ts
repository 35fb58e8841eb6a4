/**
 * The floating button's geometry, pure (docs/mini-game.md, "Where it sits"): the edge margin is 2% of
 * the window width (docs/product.md §9), the button stays inside the viewport minus the safe-area
 * insets, and a release snaps it to the nearer left or right edge. The position is kept as a side and
 * a fraction of the viewport height, so it survives a rotation or a resize.
 */

export type Side = 'left' | 'right';

export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Viewport {
  /** The area fixed elements are laid out in (scroll bars excluded), CSS px. */
  width: number;
  height: number;
  /** `window.innerWidth`: the margin is a share of it. */
  windowWidth: number;
  insets: Insets;
}

/** Where the button is kept: its side and its centre as a fraction of the viewport height. */
export interface Spot {
  side: Side;
  y: number;
}

export interface Point {
  x: number;
  y: number;
}

export const MARGIN_RATIO = 0.02;

export const margin = (windowWidth: number) => windowWidth * MARGIN_RATIO;

/** Right edge, 60% down; mirrored for a right-to-left language. */
export const defaultSpot = (rtl: boolean): Spot => ({ side: rtl ? 'left' : 'right', y: 0.6 });

const within = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/** The top-left corners a button of `size` may take. */
function box(v: Viewport, size: number) {
  const m = margin(v.windowWidth);
  const i = v.insets; // no destructuring: esbuild cannot lower it for Safari 14.0, which has a bug in it
  return { minX: i.left + m, maxX: v.width - i.right - m - size, minY: i.top + m, maxY: v.height - i.bottom - m - size };
}

/** A point inside the allowed box (while dragging). */
export function clamp(p: Point, v: Viewport, size: number): Point {
  const b = box(v, size);
  return { x: within(p.x, b.minX, b.maxX), y: within(p.y, b.minY, b.maxY) };
}

/** The nearer side for a button whose top-left corner is at `p`. */
export function nearestSide(p: Point, v: Viewport, size: number): Side {
  const b = box(v, size);
  return p.x - b.minX <= b.maxX - p.x ? 'left' : 'right';
}

/** The corner for a kept spot in this viewport. */
export function place(spot: Spot, v: Viewport, size: number): Point {
  const b = box(v, size);
  return { x: spot.side === 'left' ? b.minX : Math.max(b.minX, b.maxX), y: within(spot.y * v.height - size / 2, b.minY, b.maxY) };
}

/** Where a release at `p` lands: the nearer edge, at the same height (kept inside). */
export function snap(p: Point, v: Viewport, size: number): Spot {
  const y = clamp(p, v, size).y;
  return { side: nearestSide(p, v, size), y: v.height > 0 ? (y + size / 2) / v.height : 0.5 };
}

/** A stored spot, or undefined when it is not one (a broken value is ignored). */
export function parseSpot(raw: unknown): Spot | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const value = (JSON.parse(raw) || {}) as Partial<Spot>;
    const y = value.y;
    if ((value.side === 'left' || value.side === 'right') && typeof y === 'number' && y >= 0 && y <= 1)
      return { side: value.side, y };
  } catch {
    /* not JSON */
  }
  return undefined;
}
