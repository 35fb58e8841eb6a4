/**
 * Holding a request without answering (the ping's 'hang' mode, the captcha stand-in's 'hang-*'
 * modes): until the client goes away (the request's abort signal) or `ms` pass; then the socket, if
 * any, is closed without an answer. Either way the timer and the listener are gone when this returns.
 */
import type { Context } from 'hono';

export function hold(c: Context, ms: number): Promise<void> {
  const signal = c.req.raw.signal;
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(() => {
      // @hono/node-server: close the connection itself, so the client sees no answer at all.
      const env = c.env as { incoming?: { socket?: { destroy(): void } } } | undefined;
      env?.incoming?.socket?.destroy();
      done();
    }, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
