/**
 * The yardstick of `npm run lighthouse` (docs/performance.md): the least a React 19 page can be,
 * one createRoot render of one card of text, no data, no router, no i18n. /m pages are measured
 * as a ratio to this page so the shared machine's noise cancels out.
 */
import { createRoot } from 'react-dom/client';

function Card() {
  return (
    <main className="card">
      <h1>Trivial React 19 page</h1>
      <p>One card of text, rendered once by React 19 with react-dom/client.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Card />);
