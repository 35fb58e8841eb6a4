/**
 * `<wps-inapp-guide>`: "open in your browser" inside another app's browser (Facebook, Messenger,
 * Instagram, Threads, TikTok, Kwai, X, LINE, WeChat, Snapchat, LinkedIn, Telegram, WhatsApp, the
 * Google app), where downloads and the home screen do not work (docs/install.md).
 *
 * The escape that works there: on Android an intent that hands the page to the default browser, on
 * iOS 17+ `x-safari-https://`, elsewhere copying the link; plus the app's own menu steps. Same rules
 * and timing as `<wps-install-prompt>`, ahead of every other overlay; closing keeps it away for the
 * session.
 *
 * @element wps-inapp-guide
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {number} delay - ms before it may show (default 2000)
 * @attr {boolean} open - show it now, whatever the rules and the timing; removed when it closes
 * @attr {string} app - the app's name to show (default: detected from the user agent)
 * @fires wps-install-shown - `{ platform, path }`: it is on screen
 * @fires wps-install-accepted - `{ platform, path }`: the player took the escape or copied the link
 * @fires wps-install-dismissed - `{ platform, path }`: "stay here" (not offered again this session)
 * @fires wps-installed - `{ platform, path }`: the browser reported an installation
 * @part sheet - the sheet; also backdrop, title, close, body, open, copy, status, link, steps, step, stay
 */
import { defineElement } from './define.tsx';
import { InstallElement, type InstallElementProps } from './install-common.ts';
import { InAppGuide } from '../src/features/install/InAppGuide.tsx';
import css from '../src/features/install/install.css';
import { installStrings } from '../src/features/install/locales/index.ts';

export interface InAppGuideElementProps extends InstallElementProps {
  app?: string;
}

export const WpsInappGuide = defineElement<InAppGuideElementProps>('wps-inapp-guide', {
  props: { delay: 'number', open: 'boolean', app: 'string' },
  css: [css],
  strings: [installStrings],
  render: (props, host) => (
    <InstallElement host={host}>
      {(funnel) => <InAppGuide delay={props.delay ?? 2000} open={props.open === true} app={props.app} {...funnel} />}
    </InstallElement>
  ),
});
