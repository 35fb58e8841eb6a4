/** Hooks the sign-in forms share: the captcha row and a seconds countdown. */
import { useEffect, useRef, useState } from 'react';
import { captchaPayload, type CaptchaResult } from '../captcha/index.ts';

type CaptchaElement = HTMLElement & { verify(): Promise<CaptchaResult>; retry(): void; reset(): void };

/**
 * The `<wps-captcha>` row when `required`; `solve()` opens the challenge (or gives the solved result).
 * `define` loads the captcha element's code, only for a merchant whose settings ask for a captcha.
 */
export function useCaptcha(required: boolean, scene: 'login' | 'sms' | 'register', define: () => Promise<unknown>) {
  const ref = useRef<CaptchaElement | null>(null);
  useEffect(() => {
    if (required) void define();
    // `define` is the element layer's loader: the same function for the form's whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [required]);
  const element = required ? <wps-captcha ref={ref} scene={scene} part="captcha" /> : null;
  const solve = async () => {
    if (!required || !ref.current) return undefined;
    await customElements.whenDefined('wps-captcha');
    return captchaPayload(await ref.current.verify());
  };
  // Results are single use: a refused submit needs a fresh challenge.
  const renew = () => ref.current?.retry();
  return { element, solve, renew };
}

/**
 * Seconds left until `until` (epoch ms), ticking each second; 0 when none. Counted from the clock at
 * each render: the tick only re-renders (a `now` kept from mount would start the count too high:
 * "Resend in 303 s" for a 300 s code).
 */
export function useCountdown(until: number | undefined) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!until || until <= Date.now()) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0;
}
