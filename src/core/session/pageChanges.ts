/**
 * Page changes of the /m app, for the features that count them (tracking's viewContent, the push
 * prompt's "never on the first page view"): wouter announces its history calls as window events
 * (`pushState`, `replaceState`), the back button is `popstate`. Nothing in the first load: only lazy
 * chunks use it.
 */
export const HISTORY_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

/** Calls `fn(path)` each time the path changes (not for a query or hash change alone). */
export function onPageChange(fn: (path: string) => void): () => void {
  let last = location.pathname;
  const check = () => {
    if (location.pathname === last) return;
    last = location.pathname;
    fn(last);
  };
  for (const type of HISTORY_EVENTS) addEventListener(type, check);
  return () => {
    for (const type of HISTORY_EVENTS) removeEventListener(type, check);
  };
}
