/**
 * A swipeable row of slides (the ARIA carousel pattern of the W3C APG): touch and mouse drag with
 * pointer events, previous and next, dots, the arrow keys, and autoplay that rotates every
 * `autoplayMs`, pauses while the player touches, hovers or focuses it, has a pause button, and is off
 * under prefers-reduced-motion (docs/engagement.md, "Carousel"). About 1 KB: measured against Embla
 * (7.1 KB gzip) for the one thing needed here.
 *
 * The track moves by transform, so a drag follows the finger and a swipe settles in 250 ms; a drag
 * is never a click (the click that ends it is swallowed).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** docs/product.md §9: transitions. */
export const SLIDE_TRANSITION_MS = 250;
/** A drag of this share of the width (or a quick flick) turns the slide. */
const TURN_SHARE = 0.2;
const FLICK_PX_PER_MS = 0.5;
/** Movement under this many pixels is a tap, not a drag. */
const TAP_SLOP_PX = 8;

export interface CarouselLabels {
  region: string;
  previous: string;
  next: string;
  /** "Slide {{n}} of {{total}}". */
  slide: (n: number, total: number) => string;
  pause: string;
  play: string;
}

export interface CarouselProps {
  count: number;
  index: number;
  onIndex: (index: number) => void;
  renderSlide: (index: number) => ReactNode;
  labels: CarouselLabels;
  dir?: 'ltr' | 'rtl';
  /** 0: no autoplay. */
  autoplayMs?: number;
}

export const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function Carousel({ count, index, onIndex, renderSlide, labels, dir = 'ltr', autoplayMs = 0 }: CarouselProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  // Each holds the rotation: a mouse over it, focus inside it, a finger or button dragging it.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [still] = useState(prefersReducedMotion);
  const drag = useRef<{ id: number; x: number; y: number; t: number; moved: boolean } | undefined>(undefined);
  const swallowClick = useRef(false);
  const rtl = dir === 'rtl';

  const go = useCallback((i: number) => onIndex((i + count) % count), [onIndex, count]);
  const rotating = autoplayMs > 0 && !still && !paused && count > 1;

  const held = hovered || focused || dragging;

  useEffect(() => {
    if (!rotating || held) return;
    const timer = setTimeout(() => go(index + 1), autoplayMs);
    return () => clearTimeout(timer);
  }, [rotating, held, index, autoplayMs, go]);

  const onPointerDown = (e: React.PointerEvent) => {
    if (count < 2 || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, t: e.timeStamp, moved: false };
    swallowClick.current = false;
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    if (!d.moved) {
      if (Math.abs(dx) < TAP_SLOP_PX) return;
      // Mostly vertical: the page scrolls, this is no swipe.
      if (Math.abs(e.clientY - d.y) > Math.abs(dx)) {
        drag.current = undefined;
        return;
      }
      d.moved = true;
      setDragging(true);
      viewport.current?.setPointerCapture?.(e.pointerId);
    }
    setOffset(dx);
  };
  const endDrag = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = undefined;
    if (!d.moved) return;
    const dx = e.clientX - d.x;
    const width = viewport.current?.clientWidth || 1;
    const speed = Math.abs(dx) / Math.max(1, e.timeStamp - d.t);
    // In right-to-left the next slide is to the left: a swipe to the right brings it.
    const forward = rtl ? dx > 0 : dx < 0;
    if (Math.abs(dx) > width * TURN_SHARE || speed > FLICK_PX_PER_MS) go(index + (forward ? 1 : -1));
    setOffset(0);
    setDragging(false);
    swallowClick.current = true;
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const on = rtl ? 'ArrowLeft' : 'ArrowRight';
    if (e.key === back) go(index - 1);
    else if (e.key === on) go(index + 1);
    else return;
    e.preventDefault();
  };

  const shift = `calc(${rtl ? '' : '-'}${index * 100}% + ${offset}px)`;
  return (
    <div
      className="carousel"
      part="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={labels.region}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setFocused(false)}
    >
      {/* Swipes and arrow keys; the buttons below do the same for everyone else. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        ref={viewport}
        className="carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        onClickCapture={(e) => {
          if (!swallowClick.current) return;
          swallowClick.current = false;
          e.preventDefault();
          e.stopPropagation();
        }}
      >
        <div
          className="carousel-track"
          style={{
            transform: `translateX(${shift})`,
            transition: dragging || still ? 'none' : `transform ${SLIDE_TRANSITION_MS}ms ease`,
          }}
          aria-live={rotating && !held ? 'off' : 'polite'}
        >
          {Array.from({ length: count }, (_, i) => (
            <div
              key={i}
              className="carousel-slide"
              part="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={labels.slide(i + 1, count)}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              {renderSlide(i)}
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="carousel-controls" part="controls">
          <button
            type="button"
            className="carousel-step"
            part="previous"
            aria-label={labels.previous}
            onClick={() => go(index - 1)}
          >
            <Chevron back={!rtl} />
          </button>
          <div className="carousel-dots" part="dots">
            {Array.from({ length: count }, (_, i) => (
              <button
                key={i}
                type="button"
                className="carousel-dot"
                part="dot"
                aria-label={labels.slide(i + 1, count)}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          {autoplayMs > 0 && !still ? (
            <button
              type="button"
              className="carousel-step"
              part="rotation"
              aria-label={paused ? labels.play : labels.pause}
              onClick={() => setPaused(!paused)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                {paused ? (
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                ) : (
                  <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
                )}
              </svg>
            </button>
          ) : null}
          <button type="button" className="carousel-step" part="next" aria-label={labels.next} onClick={() => go(index + 1)}>
            <Chevron back={rtl} />
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Chevron({ back }: { back: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={back ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
