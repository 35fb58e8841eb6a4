/**
 * Cancellation of in-flight requests. Every request listens to the current generation; a logout
 * aborts it and starts a new one.
 */
let generation = new AbortController();

export function cancelRequests() {
  generation.abort(new DOMException('cancelled', 'AbortError'));
  generation = new AbortController();
}

/** One signal that fires on a logout, on the timeout (when given) or on the caller's own signal. */
export function requestSignal(timeoutMs?: number, own?: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const sources = [generation.signal, own].filter((s): s is AbortSignal => !!s);
  const abort = (reason: unknown) => controller.abort(reason);
  const listeners = sources.map((s) => {
    const fn = () => abort(s.reason);
    if (s.aborted) abort(s.reason);
    else s.addEventListener('abort', fn, { once: true });
    return () => s.removeEventListener('abort', fn);
  });
  const timer = timeoutMs ? setTimeout(() => abort(new DOMException('timeout', 'TimeoutError')), timeoutMs) : undefined;
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      listeners.forEach((off) => off());
    },
  };
}
