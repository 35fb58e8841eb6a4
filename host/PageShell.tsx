/** The frame of every /m page: what sits above the bar (e.g. the download bar), the top bar, the main content. */
import { lazy, Suspense, type ReactNode } from 'react';
import { TopBar } from './TopBar.tsx';
import { whenPaintedLoad } from './firstPaint.ts';

// Fixed at the bottom, so it moves nothing when it arrives just after the first paint; not in the first load.
const BottomNav = lazy(whenPaintedLoad(() => import('./BottomNav.tsx')));

/**
 * `home`: the page is home itself, so its top bar has no back or home control. `nav`: a main route,
 * with the bottom navigation.
 */
export function PageShell({
  title,
  above,
  home,
  nav,
  children,
}: {
  title: string;
  above?: ReactNode;
  home?: boolean;
  nav?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`page${nav ? ' page-nav' : ''}${home ? ' page-home' : ''}`}>
      {above}
      <TopBar title={title} home={home} />
      <main className="content">{children}</main>
      {nav ? (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A titled card of a page; `id` names its heading for aria-labelledby. */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
