/**
 * A page whose code is a lazy chunk, like React.lazy, but which can be loaded ahead: main.tsx loads
 * the current route's page (already preloaded by index.html) before the first render, so that
 * render shows the page itself. With React.lazy the first render would show the Suspense fallback,
 * and React then holds the real page back for its fallback throttle (about 300 ms).
 */
import { createElement, use, type ComponentType, type FunctionComponent } from 'react';

export type LazyPage = FunctionComponent & { preload(): Promise<void> };

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => (loading ??= load().then((page) => void (loaded = page)));
  function Page() {
    if (!loaded) use(preload()); // suspends until the chunk is in
    return createElement(loaded!);
  }
  return Object.assign(Page, { preload });
}
