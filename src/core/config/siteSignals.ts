/**
 * The site status and the available promotions as signals, without the code that loads them
 * (./siteStatus.ts, which re-exports them): /m's first frame reads them, and the API client that
 * fills them arrives after the paint (docs/performance.md).
 */
import { signal, computed } from '@preact/signals-core';
import type { AvailablePromotions, SiteStatus } from '../../contract/endpoints.ts';
import type { ErrorCode } from '../../contract/errors.ts';

export const siteStatus = signal<SiteStatus | undefined>(undefined);
/** The status call's errorCode and message when it failed with domain_not_available (the domain modal shows it). */
export const domainFailure = signal<{ message?: string } | undefined>(undefined);
export const DOMAIN_NOT_AVAILABLE = 'domain_not_available' satisfies ErrorCode;
export const promotions = signal<AvailablePromotions | undefined>(undefined);

export const whitelabel = computed(() => siteStatus.value?.info.whitelabelVal ?? {});
export const isFlagOn = (flag: string) => whitelabel.value[flag] === true;
export const isPromotionEnabled = (type: string) => promotions.value?.[type]?.enabled === true;
