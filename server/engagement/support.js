/* global document, window, location, Element */
// The demo support chat (server/engagement/support-page.ts). Close: a tab that customer service
// opened (window.open) closes; where the browser refuses (the page was reached by a link), the link
// leads back. The conversation opens scrolled to its newest message.
(() => {
  'use strict';
  const main = document.querySelector('main');
  if (main) main.scrollTop = main.scrollHeight;
  document.addEventListener('click', (e) => {
    const link = e.target instanceof Element ? e.target.closest('[data-close]') : null;
    if (!link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.close();
    // Still here: this tab may not be closed by a script.
    setTimeout(() => location.assign(link.href), 150);
  });
})();
