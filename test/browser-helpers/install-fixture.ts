/**
 * What the install elements' tests share (test/elements/install*.test.tsx): a faked user agent, a
 * backend that answers only the site status, and a reset of everything the install family keeps
 * between tests (site data, the overlay queue, storage, the install model's signals, the language).
 */
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { resetSiteData } from '../../src/core/config/siteStatus.ts';
import { language } from '../../src/core/i18n/i18n.ts';
import { resetOverlays } from '../../src/core/overlay/queue.ts';
import { installed, nativePrompt, skipped } from '../../src/features/install/model.ts';
import { json, stubFetch, unmountAll, type FetchStub } from './helpers.ts';
import { fakeProperty } from './status.ts';

let restoreUA: (() => void) | undefined;
let stub: FetchStub | undefined;

/** navigator.userAgent reads `ua` until the next fakeUA or resetInstall. */
export function fakeUA(ua: string) {
  restoreUA?.();
  restoreUA = fakeProperty(navigator, 'userAgent', () => ua);
}

/** fetch answers the site status with `status`, and 404 not.found to anything else. */
export function statusBackend(status: SiteStatus): FetchStub {
  stub?.restore();
  stub = stubFetch((c) =>
    c.url.pathname === '/wps/system/status'
      ? json({ success: true, value: status })
      : json({ success: false, errorCode: 'not.found' }, 404),
  );
  return stub;
}

/** Before and after each test: no element, no stub, no faked UA, nothing remembered, English. */
export function resetInstall() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetSiteData();
  resetOverlays();
  sessionStorage.clear();
  localStorage.clear();
  skipped.value = false;
  installed.value = false;
  nativePrompt.value = undefined;
  restoreUA?.();
  restoreUA = undefined;
  language.value = 'EN';
}
