/** The frame of every /m page: what sits above the bar (e.g. the download bar), the top bar, the main content. */
import type { ReactNode } from 'react';
import { TopBar } from './TopBar.tsx';

export function PageShell({ title, above, children }: { title: string; above?: ReactNode; children: ReactNode }) {
  return (
    <div className="page">
      {above}
      <TopBar title={title} />
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
