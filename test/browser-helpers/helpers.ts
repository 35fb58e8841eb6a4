/**
 * Shared helpers for the browser tests (test/core, test/elements, test/features): polling, a
 * `window.fetch` stub, element mounting, shadow-DOM queries and the axe-core check.
 */
import { expect } from 'chai';
import axe from 'axe-core';

// Kept before any test installs fake timers, so polling still runs on real time.
const realSetTimeout = window.setTimeout.bind(window);
const realFetch = window.fetch;

/** Resolves after `ms` of real time, even while a fake clock is installed. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, ms));
}

/** Retries `fn` until it stops throwing (an assertion that passes), for at most `timeoutMs`. */
export async function waitFor<T>(fn: () => T | Promise<T>, timeoutMs = 2000, intervalMs = 10): Promise<T> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (performance.now() > end) throw err;
      await sleep(intervalMs);
    }
  }
}

/** One request the stubbed fetch received. */
export interface FetchCall {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

export interface FetchStub {
  calls: FetchCall[];
  /** Calls whose path equals `path`. */
  to(path: string): FetchCall[];
  restore(): void;
}

/** Replaces `window.fetch` until `restore()`; every request is recorded in `calls`. */
export function stubFetch(handler: FetchHandler): FetchStub {
  const calls: FetchCall[] = [];
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: FetchCall = {
      url: new URL(raw, location.href),
      method: (init?.method ?? 'GET').toUpperCase(),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
      credentials: init?.credentials,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    return handler(call);
  }) as typeof fetch;
  return {
    calls,
    to: (path) => calls.filter((c) => c.url.pathname === path),
    restore: () => {
      window.fetch = realFetch;
    },
  };
}

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch answer that never comes, but rejects like the real fetch when the request's signal aborts. */
export function hang(call: FetchCall): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const signal = call.signal;
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

const mounted: HTMLElement[] = [];

/** Adds HTML to the document (custom elements created by the parser) and returns the first element. */
export function mount<T extends HTMLElement = HTMLElement>(html: string): T {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  mounted.push(holder);
  return holder.firstElementChild as T;
}

/** Removes everything `mount` added. */
export function unmountAll() {
  for (const el of mounted.splice(0)) el.remove();
}

/** The first node with `part` among its parts, inside the element's shadow root. */
export function part<T extends Element = HTMLElement>(host: Element, name: string): T | null {
  return host.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
}

/** Whether the element's shadow root has a node with that part. */
export function has(host: Element, name: string): boolean {
  return part(host, name) !== null;
}

const nodeIds = new WeakMap<object, number>();
let nextNodeId = 1;

/**
 * A short, unique description of a node (`wps-notice >>> button[part="button confirm"]#3`).
 *
 * Compare these instead of the nodes: when an assertion on a DOM node (or an event holding one)
 * fails, chai puts the node in the error and the test runner's serialisation of a React-rendered
 * node never ends; the browser disconnects instead of reporting the failure.
 */
export function describeNode(node: EventTarget | null | undefined): string {
  if (!node) return String(node);
  if (!nodeIds.has(node)) nodeIds.set(node, nextNodeId++);
  const id = `#${nodeIds.get(node)}`;
  if (!(node instanceof Element)) return (node instanceof Node ? node.nodeName : Object.prototype.toString.call(node)) + id;
  const root = node.getRootNode();
  const inside = root instanceof ShadowRoot ? `${root.host.localName} >>> ` : '';
  const partName = node.getAttribute('part');
  return `${inside}${node.localName}${partName ? `[part="${partName}"]` : ''}${id}`;
}

/** Asserts that two references are the same node, with a readable failure. */
export function expectSameNode(
  actual: EventTarget | null | undefined,
  expected: EventTarget | null | undefined,
  message?: string,
) {
  expect(describeNode(actual), message).to.equal(describeNode(expected));
}

export function parts<T extends Element = HTMLElement>(host: Element, name: string): T[] {
  return Array.from(host.shadowRoot!.querySelectorAll<T>(`[part~="${name}"]`));
}

/**
 * Resolves once the page's and the element's running animations and transitions have ended, as the
 * player sees the element once it is in place (a fixed wait loses that race on a busy machine).
 * Endless animations (a spinner) are not waited for; nothing is waited for more than 2 s.
 */
export async function settled(host: Element) {
  const animations = [...document.getAnimations(), ...(host.shadowRoot?.getAnimations() ?? [])].filter(
    (a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
  );
  await Promise.race([Promise.all(animations.map((a) => a.finished.catch(() => undefined))), sleep(2000)]);
}

/**
 * axe-core finds no violation in the element (open shadow roots included), once it has settled: axe
 * reads colours as painted, and a sheet fading in has less contrast half-way than in place.
 */
export async function expectAccessible(host: Element) {
  await settled(host);
  const result = await axe.run(host, { resultTypes: ['violations'] });
  const summary = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe-core violations').to.deep.equal([]);
}

/** Records events of the given types dispatched to (or bubbling through) `target`. */
export function recordEvents(target: EventTarget, types: string[]) {
  const events: CustomEvent[] = [];
  const listener = (e: Event) => events.push(e as CustomEvent);
  for (const type of types) target.addEventListener(type, listener);
  return {
    events,
    types: () => events.map((e) => e.type),
    stop: () => types.forEach((type) => target.removeEventListener(type, listener)),
  };
}
