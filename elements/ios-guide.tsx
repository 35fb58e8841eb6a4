/**
 * `<wps-ios-guide>`: the iOS ways onto the home screen (docs/install.md; docs/product.md §2, §4).
 *
 * Safari on iOS 11 or lower and 12.0 to 12.1: the add-to-home-screen guide (share-sheet steps);
 * iOS 17: the download tip alert; other Safari versions: the footer guide pointing at Share;
 * Chrome, Edge, Firefox and Opera on iOS 16.4+: their own share steps; other iOS browsers: "open in
 * Safari" with copy-link. Each tells that the installed app can also send notifications. Same rules
 * and timing as `<wps-install-prompt>`; closing (its button, or Escape, in every mode) keeps it away
 * for the session.
 *
 * @element wps-ios-guide
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {number} delay - ms before it may show (default 2000)
 * @attr {boolean} open - show it now, whatever the rules and the timing; removed when it closes
 * @attr {string} mode - with open: guide, tip, footer, browser or safari-only (default: this phone's)
 * @fires wps-install-shown - `{ platform, path }`: it is on screen
 * @fires wps-install-accepted - `{ platform, path }`: the player read the steps
 * @fires wps-install-dismissed - `{ platform, path }`: closed (not offered again this session)
 * @fires wps-installed - `{ platform, path }`: the browser reported an installation
 * @part sheet - the guide sheet; also backdrop, dialog, footer, title, message, close, body, steps, step, hint, got-it, copy, status, link
 * @cssprop --wps-install-footer-bg - background of the footer guide
 */
import { defineElement } from './define.tsx';
import { InstallElement, type InstallElementProps } from './install-common.ts';
import { IosGuide } from '../src/features/install/IosGuide.tsx';
import type { IosMode } from '../src/features/install/model.ts';
import css from '../src/features/install/install.css';
import { installStrings } from '../src/features/install/locales/index.ts';

const MODES: readonly string[] = ['guide', 'tip', 'footer', 'browser', 'safari-only'];

export interface IosGuideElementProps extends InstallElementProps {
  mode?: string;
}

export const WpsIosGuide = defineElement<IosGuideElementProps>('wps-ios-guide', {
  props: { delay: 'number', open: 'boolean', mode: 'string' },
  css: [css],
  strings: [installStrings],
  render: (props, host) => (
    <InstallElement host={host}>
      {(funnel) => (
        <IosGuide
          delay={props.delay ?? 2000}
          open={props.open === true}
          mode={props.mode && MODES.includes(props.mode) ? (props.mode as IosMode) : undefined}
          {...funnel}
        />
      )}
    </InstallElement>
  ),
});
