/**
 * What a page view's reports look like on the wire (src/contract/fieldData.ts): the route pattern,
 * an error reduced to its message and its frames in our own scripts, nothing about the player.
 */
import { ERROR_MESSAGE_MAX, ERROR_STACK_MAX, ROUTE_MAX, type FieldError } from '../../contract/fieldData.ts';

/**
 * The route pattern of a path: the path only (never a query or fragment), a segment that looks like
 * an id or a token (digits, long hex or base64) as `:id`.
 */
export function routePattern(path: string): string {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  const pattern = clean
    .split('/')
    .map((s) => (/^\d+$/.test(s) || /^[0-9a-f-]{16,}$/i.test(s) || s.length > 32 || /[^\w.-]/.test(s) ? ':id' : s))
    .join('/');
  return (pattern.startsWith('/') ? pattern : `/${pattern}`).slice(0, ROUTE_MAX);
}

/** Scripts that are ours: this origin's /m build and element builds. */
const OWN_SCRIPT = /^\/(m|elements|mobile)\//;

/**
 * The frames of a stack that are in our own scripts, as `path:line:column` (no origin, no query),
 * at most five: a player's data is never in them, a vendor's script is not ours to report.
 */
export function ownFrames(stack: string | undefined, origin: string): string {
  if (!stack) return '';
  const frames: string[] = [];
  for (const m of stack.matchAll(/(https?:\/\/[^\s()@]+?):(\d+):(\d+)/g)) {
    let url: URL;
    try {
      url = new URL(m[1]!);
    } catch {
      continue;
    }
    if (url.origin !== origin || !OWN_SCRIPT.test(url.pathname)) continue;
    frames.push(`${url.pathname}:${m[2]}:${m[3]}`);
    if (frames.length === 5) break;
  }
  return frames.join('\n').slice(0, ERROR_STACK_MAX);
}

/**
 * An error's message without what could be a player's data: e-mail addresses, long numbers (phone,
 * account, amounts), URLs' queries; trimmed.
 */
export function scrubMessage(message: string): string {
  return message
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '<email>')
    .replace(/\?[^\s'"]*/g, '?…')
    .replace(/\d{5,}/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, ERROR_MESSAGE_MAX);
}

/** An ErrorEvent or PromiseRejectionEvent as a FieldError (count 1), or undefined when it tells nothing. */
export function errorOf(event: Event, route: string, origin: string): FieldError | undefined {
  let kind: FieldError['kind'];
  let reason: unknown;
  let message: string;
  if ('reason' in event) {
    kind = 'rejection';
    reason = (event as PromiseRejectionEvent).reason;
    // Only an Error's own message: any other value may be a player's data.
    message = reason instanceof Error ? `${reason.name}: ${reason.message}` : `Unhandled rejection (${typeof reason})`;
  } else {
    kind = 'error';
    const e = event as ErrorEvent;
    reason = e.error;
    message = e.message || (reason instanceof Error ? reason.message : '');
    // Another origin's script: the browser hides everything ("Script error."); nothing to report.
    if (!message || /^Script error\.?$/.test(message)) return undefined;
  }
  const text = scrubMessage(message);
  if (!text) return undefined;
  const stack = ownFrames(reason instanceof Error ? reason.stack : undefined, origin);
  return { route, kind, message: text, ...(stack ? { stack } : {}), count: 1 };
}
