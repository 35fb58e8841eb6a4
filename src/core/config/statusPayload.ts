/**
 * The site status call's query (docs/api.md, "Site status"): device MOBILE, this page's URL, the
 * original domain and the stored tracking parameters. Apart from siteStatus.ts so that the host
 * page's inline snippet (host/preload.ts) asks with exactly the query the app would.
 */
import { storedRegistrationInfo, storedTrackingParams } from '../session/landing.ts';

export function statusPayload() {
  const track = new URLSearchParams(storedTrackingParams()).toString();
  return {
    device: 'MOBILE' as const,
    url: location.href,
    originalDomain: storedRegistrationInfo().originalDomain ?? location.hostname,
    track: track || undefined,
  };
}
