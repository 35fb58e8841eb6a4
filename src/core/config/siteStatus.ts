/**
 * Site status (GET /wps/system/status) and the merchant's available promotions, as signals shared
 * by every page and element on the document. Each loads once; concurrent callers share the request.
 */
import { call, isApiError } from '../api/client.ts';
import { endpoints, type AvailablePromotions, type SiteStatus } from '../../contract/endpoints.ts';
import { reactionOf } from '../../contract/errors.ts';
import { showNotice } from '../notice/notices.ts';
import { DOMAIN_NOT_AVAILABLE, domainFailure, promotions, siteStatus } from './siteSignals.ts';
import { statusPayload } from './statusPayload.ts';

// The signals live apart, so what renders in /m's first frame reads them without the API client.
export * from './siteSignals.ts';

let statusRequest: Promise<SiteStatus | undefined> | undefined;
let promotionsRequest: Promise<AvailablePromotions | undefined> | undefined;

/**
 * Loads the site status (device MOBILE, track, originalDomain, url). Failures (docs/product.md §8):
 * domain_not_available sets `domainFailure` for the domain modal; any other shows a notice with the
 * server message or 'Error'.
 */
export function loadSiteStatus(): Promise<SiteStatus | undefined> {
  statusRequest ??= call(endpoints.systemStatus, statusPayload(), { alert: false }).then(
    (res) => {
      domainFailure.value = undefined;
      return (siteStatus.value = res.value);
    },
    (err: unknown) => {
      statusRequest = undefined;
      if (isApiError(err) && err.errorCode === DOMAIN_NOT_AVAILABLE) {
        domainFailure.value = { message: err.serverMessage };
        return undefined;
      }
      // alert:false keeps the generic notice away; this call has its own (docs/product.md §8, status row). No
      // answer at all (offline, line down) is not a status failure: the network notice says so.
      const quiet =
        !isApiError(err) ||
        err.reaction.kind !== 'silent' ||
        err.errorCode === 'network.error' ||
        (err.errorCode !== undefined && reactionOf(err.errorCode) === 'silent');
      if (!quiet) showNotice({ id: 'status-error', message: err.serverMessage, messageKey: 'error' });
      return undefined;
    },
  );
  return statusRequest;
}

/** Loads the available promotions (keyed by type, with enabled and count). Failures stay quiet. */
export function loadPromotions(): Promise<AvailablePromotions | undefined> {
  promotionsRequest ??= call(endpoints.availablePromotions, undefined, { alert: false }).then(
    (res) => (promotions.value = res.value ?? {}),
    () => {
      promotionsRequest = undefined;
      return undefined;
    },
  );
  return promotionsRequest;
}

/** Asks again (the domain modal's retry, the page becoming visible). */
export function reloadSiteStatus(): Promise<SiteStatus | undefined> {
  statusRequest = undefined;
  return loadSiteStatus();
}

/** Forgets loaded data (tests, merchant switch). */
export function resetSiteData() {
  domainFailure.value = undefined;
  siteStatus.value = undefined;
  promotions.value = undefined;
  statusRequest = undefined;
  promotionsRequest = undefined;
}
