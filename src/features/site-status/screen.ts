/**
 * Which full-page status screen the site status asks for (docs/product.md §2, §8): region restriction wins over
 * maintenance, since a restricted visitor cannot use the site after maintenance either. /m's first
 * load imports this file alone; ./model.ts re-exports it with the maintenance screen's texts.
 */
import { computed } from '@preact/signals-core';
import { siteStatus } from '../../core/config/siteSignals.ts';

export type StatusScreen = 'accessDenied' | 'maintenance';

export const statusScreen = computed<StatusScreen | undefined>(() => {
  const status = siteStatus.value;
  if (status?.regionRestriction) return 'accessDenied';
  if (status?.maintenance) return 'maintenance';
  return undefined;
});
