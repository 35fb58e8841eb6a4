/**
 * Tap targets (docs/product.md: at least 44 x 44 CSS px, or a hit area that large): the points of a
 * 44 px square centred on an element (centre, edges and corners, 21 px out) must each hit the element
 * or something inside it, as `elementFromPoint` of its own root (document or shadow root) sees it.
 */
export const TAP_MIN = 44;
const REACH = TAP_MIN / 2 - 1;

/** The points of the square that hit something else (empty: a hit area of 44 x 44 at least). */
export function tapMisses(el: Element): string[] {
  const box = el.getBoundingClientRect();
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  const root = el.getRootNode() as Document | ShadowRoot;
  const misses: string[] = [];
  for (const dx of [-REACH, 0, REACH]) {
    for (const dy of [-REACH, 0, REACH]) {
      const hit = root.elementFromPoint(cx + dx, cy + dy);
      if (!hit || !(hit === el || el.contains(hit)))
        misses.push(
          `(${dx},${dy}) hit ${hit ? hit.tagName.toLowerCase() + (hit.className ? `.${String(hit.className)}` : '') : 'nothing'}`,
        );
    }
  }
  return misses;
}
