/**
 * `<wps-install-prompt>`: the bottom install prompt for Android browsers (docs/install.md;
 * docs/product.md §2, §4, §9).
 *
 * Offers the app download (the merchant's Android link), the web app (the browser's own install
 * dialog where the browser has one, else the written steps for its menu) and continuing in the
 * browser. It shows by itself `delay` ms after it is on the page when the rules allow (an Android
 * browser or one with the install dialog, install support on, not in maintenance or region
 * restriction, not inside the native app or the installed app, not declined this session; on /m
 * only on /m/home and /m/index.html), one overlay at a time. Declining keeps it away for the
 * session. The browser's install dialog is caught by /m's inline snippet; a merchant page that
 * wants it from the first moment adds the one-line snippet of docs/install.md.
 *
 * @element wps-install-prompt
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {number} delay - ms before it may show (default 2000)
 * @attr {boolean} open - show it now, whatever the rules and the timing (a page's own install button); removed when it closes
 * @fires wps-install-shown - `{ platform, path }`: it is on screen
 * @fires wps-install-accepted - `{ platform, path }`: the app download, the installed web app, or the steps read
 * @fires wps-install-dismissed - `{ platform, path }`: declined (not offered again this session)
 * @fires wps-installed - `{ platform, path }`: the browser installed the web app
 * @part sheet - the sheet; also backdrop, title, close, body, icon, app, web-app, browser, steps, step, got-it
 * @cssprop --wps-color-primary - main button colour
 */
import { defineElement } from './define.tsx';
import { InstallElement, type InstallElementProps } from './install-common.ts';
import { InstallPrompt } from '../src/features/install/InstallPrompt.tsx';
import css from '../src/features/install/install.css';
import { installStrings } from '../src/features/install/locales/index.ts';

export const WpsInstallPrompt = defineElement<InstallElementProps>('wps-install-prompt', {
  props: { delay: 'number', open: 'boolean' },
  css: [css],
  strings: [installStrings],
  render: (props, host) => (
    <InstallElement host={host}>
      {(funnel) => <InstallPrompt delay={props.delay ?? 2000} open={props.open === true} {...funnel} />}
    </InstallElement>
  ),
});
