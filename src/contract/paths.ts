/**
 * The paths of the two rows the host page's inline snippet calls before any code has loaded
 * (early.ts): endpoints.ts's `systemStatus` and `banners` use these, so the two cannot drift apart.
 */
export const STATUS_PATH = '/wps/system/status';
export const BANNERS_PATH = '/wps/relay/MCSFE_getBanners';
