/** The download bar's public entry: the link rules other features reuse (docs/product.md §5). */
export { handOverInApp, openDownload, opensInSameTab, pickDownloadLink } from './model.ts';
