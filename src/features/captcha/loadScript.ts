/**
 * Loads a classic vendor script once per URL (docs/product.md §8, §9: 3000 ms, then code 60204 'Network
 * failure'). A failed or timed-out load removes its `<script>` and forgets the URL, so a retry
 * loads it again.
 */
import { resolveUrl } from '../../core/config/config.ts';
import { CAPTCHA_CODES, CaptchaError, NETWORK_FAILURE } from './types.ts';

/** docs/product.md §9: captcha script timeout. */
export const SCRIPT_TIMEOUT_MS = 3000;

const loading = new Map<string, Promise<void>>();
/** Failed attempts per URL: a retry asks with a fresh query, so it never joins a request still hanging. */
const failures = new Map<string, number>();

/**
 * Adds `<script src>` for `url` (resolved against the API base) to the document head and resolves
 * when it ran. Concurrent and later calls for the same URL share the load.
 */
export function loadScript(url: string, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<void> {
  const src = resolveUrl(url);
  const known = loading.get(src);
  if (known) return known;

  const script = document.createElement('script');
  const tries = failures.get(src) ?? 0;
  script.src = tries && !/^(blob|data):/.test(src) ? `${src}${src.includes('?') ? '&' : '?'}retry=${tries}` : src;
  script.async = true;
  script.dataset.wpsCaptcha = '';
  const load = new Promise<void>((resolve, reject) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      script.onload = script.onerror = null;
      if (ok) return resolve();
      script.remove();
      failures.set(src, tries + 1);
      if (loading.get(src) === load) loading.delete(src);
      reject(new CaptchaError(CAPTCHA_CODES.scriptTimeout, NETWORK_FAILURE));
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    script.onload = () => done(true);
    script.onerror = () => done(false);
  });
  loading.set(src, load);
  document.head.append(script);
  return load;
}

/** Forgets every loaded URL and removes their scripts (tests). */
export function forgetScripts() {
  loading.clear();
  failures.clear();
  document.head.querySelectorAll('script[data-wps-captcha]').forEach((s) => s.remove());
}
