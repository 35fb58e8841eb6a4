/**
 * /mobile/mc/redirect.html?url=… (docs/architecture.md, "The redirect page"): sends the player on to a
 * path of this site or to another of the merchant's own lines, and refuses anything else with a page
 * that says so, shows the refused address as plain text and offers the way home. Built alone by
 * scripts/build-redirect.mjs: no framework, its texts put in from the core catalogues, served under a
 * strict CSP (server/infra/redirect.ts), so nothing here is inline or evaluated.
 *
 * It never reads the session and sends no token: the one call, GET /wps/system/domainRoute, carries
 * the Merchant header only, without cookies or referrer.
 */
import { detectLanguage, htmlLang, LANGUAGE_KEY, RTL_LANGUAGES, type Language } from '../src/core/i18n/languages.ts';
import { decide, isMerchantLine, linesOf, shown, type Refusal } from './rule.ts';
import { STRINGS, Text } from './strings.ts';

/** The domain list's call gives up after this long (ms) and the page offers Retry. */
const LINES_TIMEOUT_MS = 5000;
const HOME = '/m/home';

/** DOM nodes without innerHTML: the refused address can only ever be text. */
function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  kids: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const name in attrs) el.setAttribute(name, attrs[name]!);
  el.append(...kids);
  return el;
}

/** The stored choice (JSON, as the app writes it), else the browser's languages, else CN (docs/product.md §1). */
function pageLanguage(): Language {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(LANGUAGE_KEY) || 'null');
  } catch {
    /* storage refused, or not JSON */
  }
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return detectLanguage(typeof stored === 'string' ? stored : undefined, browser);
}

const lang = pageLanguage();
const text = (i: number) => STRINGS[lang]![i]!;
const main = document.getElementById('main')!;
const merchant = document.querySelector<HTMLMetaElement>('meta[name="wps-merchant"]')?.content.trim() ?? '';
document.documentElement.lang = htmlLang(lang);
document.documentElement.dir = RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag: string, attrs: Record<string, string>, kids: Node[] = []): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const name in attrs) el.setAttribute(name, attrs[name]!);
  el.append(...kids);
  return el;
}

/** A warning sign, drawn (no image to load; hidden from screen readers: the heading says it all). */
const icon = () =>
  svg('svg', { viewBox: '0 0 24 24', class: 'icon', 'aria-hidden': 'true', focusable: 'false' }, [
    svg('circle', { cx: '12', cy: '12', r: '11', fill: '#d62f3a' }),
    svg('path', { d: 'M12 6v8M12 17.5v.5', stroke: '#fff', 'stroke-width': '2.4', 'stroke-linecap': 'round' }),
  ]);

function show(...nodes: Node[]): void {
  main.replaceChildren(...nodes);
}

function opening(): void {
  document.title = text(Text.Opening);
  show(make('p', { class: 'opening', role: 'status' }, [text(Text.Opening)]));
}

/** A card: heading (focused, so a screen reader starts there), texts, then the actions. */
function card(title: string, body: Node[], actions: HTMLElement[]): void {
  document.title = title;
  const heading = make('h1', { tabindex: '-1' }, [title]);
  show(make('div', { class: 'card' }, [icon(), heading, ...body, make('div', { class: 'actions' }, actions)]));
  heading.focus();
}

const homeLink = (primary: boolean) =>
  make('a', { class: primary ? 'button' : 'button secondary', href: HOME }, [text(Text.Home)]);

/** The refusal: what happened, the address as plain text (never a link), the way home. */
function refused(reason: Refusal, raw: string | null): void {
  const body =
    reason === 'missing' || raw === null
      ? [make('p', {}, [text(Text.Missing)])]
      : [make('p', {}, [text(Text.RefusedText)]), make('p', { class: 'address', dir: 'ltr', translate: 'no' }, [shown(raw)])];
  card(text(Text.RefusedTitle), body, [homeLink(true)]);
}

/** The list could not be had (offline, an error, no answer in 5 s): Retry, or home. */
function failed(raw: string): void {
  const retry = make('button', { class: 'button', type: 'button' }, [text(Text.Retry)]);
  retry.addEventListener('click', () => void start(raw));
  card(text(Text.FailedTitle), [make('p', {}, [text(Text.FailedText)])], [retry, homeLink(false)]);
}

/** The merchant's lines (GET /wps/system/domainRoute); rejects on any failure or after LINES_TIMEOUT_MS. */
async function merchantLines(): Promise<string[]> {
  if (navigator.onLine === false) throw new Error('offline');
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), LINES_TIMEOUT_MS);
  try {
    const res = await fetch('/wps/system/domainRoute', {
      headers: merchant ? { Merchant: merchant, Language: lang } : { Language: lang },
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal: abort.signal,
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const lines = linesOf(await res.json());
    if (!lines) throw new Error('not a domain list');
    return lines;
  } finally {
    clearTimeout(timer);
  }
}

async function start(raw: string): Promise<void> {
  const decision = decide(raw, location);
  if (decision.kind === 'refuse') return refused(decision.reason, raw);
  opening();
  if (decision.kind === 'go') return location.replace(decision.url);
  let lines: string[];
  try {
    lines = await merchantLines();
  } catch {
    return failed(raw);
  }
  if (isMerchantLine(lines, decision.url)) location.replace(decision.url.href);
  else refused('refused', raw);
}

const raw = new URLSearchParams(location.search).get('url');
if (raw === null) refused('missing', null);
else void start(raw);
