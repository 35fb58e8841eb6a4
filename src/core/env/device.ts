/**
 * What /m's boot needs of the device detection (an old iOS home-screen app keeps its session in
 * local storage); ./env.ts re-exports it with the rest, so /m's first load carries only this.
 */

export const isIOS = (ua: string) => /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && /Mobile\//.test(ua));
/** iOS major and minor version, or undefined when not iOS. */
export function iosVersion(ua: string): [number, number] | undefined {
  if (!isIOS(ua)) return undefined;
  const m = /OS (\d+)[_.](\d+)/.exec(ua);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** Installed home-screen app: display-mode standalone, or iOS Safari's navigator.standalone. */
export function isStandalone(win: Pick<Window, 'matchMedia' | 'navigator'>): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * Old iOS home-screen apps lose sessionStorage whenever the app is closed, so the session is kept
 * in localStorage there (docs/product.md §3).
 */
export function isLegacyIosHomeScreen(ua: string, standalone: boolean): boolean {
  const v = iosVersion(ua);
  return standalone && v !== undefined && v[0] <= 12;
}

export const currentUA = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);
export const currentStandalone = () => (typeof window === 'undefined' ? false : isStandalone(window));
