/**
 * Server HTML (announcements, popups, promotions) on its way into the DOM (docs/engagement.md,
 * "Server HTML"). DOMPurify is loaded only when there is HTML to show, never in a first load; where
 * the browser has Trusted Types the result is a TrustedHTML made by our one policy, `wps-html`, so a
 * page whose CSP says `require-trusted-types-for 'script'` accepts it and nothing else.
 *
 * Beyond DOMPurify's defaults: no forms, frames, styles or media that play by themselves; no inline
 * `style` (a fixed, full-screen box is a fake login waiting to happen); ids and names are prefixed so
 * the content cannot clobber the page's globals; links keep only an http(s) or same-origin target and
 * get `rel="noopener noreferrer"`. Where a link leads is decided when it is tapped (./links.ts).
 */
import type { Config, DOMPurify } from 'dompurify';

/** The browser's TrustedHTML (Trusted Types are not in TypeScript's DOM library). */
export type TrustedHtml = object & { readonly __trustedHtml?: never };
type Html = string | TrustedHtml;
interface HtmlPolicy {
  createHTML(input: string): TrustedHtml;
}
interface PolicyFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): HtmlPolicy;
}

const CONFIG: Config = {
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'audio',
    'video',
    'source',
    'track',
    'template',
    'slot',
    'base',
    'link',
    'meta',
    'math',
    'svg',
    'dialog',
    // Moves by itself (and fires its own events): no place in a popup that must respect reduced motion.
    'marquee',
  ],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'xlink:href', 'ping', 'target', 'is', 'slot', 'part'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  // Web links, paths on our origin, same-document anchors, phone and mail links; nothing else.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/(?![/\\]))/i,
};

let purifier: Promise<DOMPurify> | undefined;
let policy: HtmlPolicy | undefined | null;

function loadPurifier(): Promise<DOMPurify> {
  purifier ??= import('dompurify').then(({ default: purify }) => {
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        if (node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
        else node.removeAttribute('rel');
      }
      // Images never hold up the popup and never tell a third party who looked at them before they show.
      if (node.tagName === 'IMG') {
        node.setAttribute('loading', 'lazy');
        node.setAttribute('referrerpolicy', 'no-referrer');
      }
    });
    return purify;
  });
  purifier.catch(() => (purifier = undefined)); // offline: the next call tries again
  return purifier;
}

/** Our Trusted Types policy, made once (a second createPolicy with the same name would throw). */
function trustedPolicy(purify: DOMPurify): HtmlPolicy | null {
  if (policy !== undefined) return policy;
  const tt = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes;
  try {
    policy = tt ? tt.createPolicy('wps-html', { createHTML: (input: string) => purify.sanitize(input, CONFIG) }) : null;
  } catch {
    policy = null; // the page's CSP does not allow our policy name: plain strings, still sanitised
  }
  return policy;
}

/** `html`, sanitised: a TrustedHTML where the browser has Trusted Types, else a string. */
export async function sanitizeHtml(html: string): Promise<Html> {
  const purify = await loadPurifier();
  const tt = trustedPolicy(purify);
  return tt ? tt.createHTML(html) : purify.sanitize(html, CONFIG);
}

/** Starts loading the sanitiser before the HTML arrives (it is needed soon). */
export function preloadSanitizer(): void {
  void loadPurifier().catch(() => undefined);
}
