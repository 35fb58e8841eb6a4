/**
 * The moment /m's first frame is on screen (host/main.tsx says so). What the page shows just after
 * the paint (the home page's entries, the bottom navigation) asks for its code then, together with the
 * code after the paint (host/afterPaint.ts): one wave of requests, none of them sharing the line with
 * what the first frame needs (docs/performance.md, "Waves after the paint").
 */
let markPainted!: () => void;
const painted = new Promise<void>((resolve) => (markPainted = resolve));

export { markPainted };

/** A lazy component's loader that starts once the first frame is on screen. */
export const whenPaintedLoad =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    painted.then(load);
