/**
 * Site status (GET /wps/system/status) and the merchant's available promotions, as signals shared
 * by every page and element on the document. Each loads once; concurrent callers share the request.
 */
import { signal, computed } from '@preact/signals-core';
import { call, isApiError } from '../api/client.ts';
import type { AvailablePromotions, SiteStatus } from '../api/endpoints.ts';
import { showNotice } from '../notice/notices.ts';

export const siteStatus = signal<SiteStatus | undefined>(undefined);
export const promotions = signal<AvailablePromotions | undefined>(undefined);

export const whitelabel = computed(() => siteStatus.value?.info.whitelabelVal ?? {});
export const isFlagOn = (flag: string) => whitelabel.value[flag] === true;

let statusRequest: Promise<SiteStatus | undefined> | undefined;
let promotionsRequest: Promise<AvailablePromotions | undefined> | undefined;

/**
 * Loads the site status. A failure shows the server message or 'Error' (SPEC §8); the
 * domain_not_available modal belongs to the site-status feature.
 */
export function loadSiteStatus(): Promise<SiteStatus | undefined> {
  statusRequest ??= call(
    'systemStatus',
    { device: 'MOBILE', url: location.href, originalDomain: location.hostname },
    { alert: false },
  ).then(
    (res) => (siteStatus.value = res.value),
    (err: unknown) => {
      statusRequest = undefined;
      // alert:false keeps the generic notice away; this call has its own (SPEC §8, status row).
      const quiet = !isApiError(err) || err.reaction.kind !== 'silent' || err.errorCode?.startsWith('TOO_MANY_REQUEST');
      if (!quiet) showNotice({ id: 'status-error', message: err.serverMessage, messageKey: 'error' });
      return undefined;
    },
  );
  return statusRequest;
}

/** Loads the available promotions (keyed by type, with enabled and count). Failures stay quiet. */
export function loadPromotions(): Promise<AvailablePromotions | undefined> {
  promotionsRequest ??= call('availablePromotions', undefined, { alert: false }).then(
    (res) => (promotions.value = res.value ?? {}),
    () => {
      promotionsRequest = undefined;
      return undefined;
    },
  );
  return promotionsRequest;
}

export const isPromotionEnabled = (type: string) => promotions.value?.[type]?.enabled === true;

/** Forgets loaded data (tests, merchant switch). */
export function resetSiteData() {
  siteStatus.value = undefined;
  promotions.value = undefined;
  statusRequest = undefined;
  promotionsRequest = undefined;
}
