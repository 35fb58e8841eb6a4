/** The frame of every /m page: what sits above the bar (e.g. the download bar), the top bar, the main content. */
import type { ReactNode } from 'react';
import { TopBar } from './TopBar.tsx';

/** `home`: the page is home itself, so its top bar has no back or home control. */
export function PageShell({
  title,
  above,
  home,
  children,
}: {
  title: string;
  above?: ReactNode;
  home?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="page">
      {above}
      <TopBar title={title} home={home} />
      <main className="content">{children}</main>
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
