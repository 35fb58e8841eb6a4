/** docs/product.md §9 "swipe autoplay 5 s": the announcement popup and the home banners both rotate at it. */
export const SWIPE_AUTOPLAY_MS = 5000;
