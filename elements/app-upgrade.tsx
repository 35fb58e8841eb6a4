/**
 * `<wps-app-upgrade>`: the app-upgrade modal inside the native app (docs/install.md, "Inside the
 * native app"; docs/product.md §2, §4, §9).
 *
 * Shows only inside the native app (user agent `WPSApp/<version>`) when the merchant's current app
 * (site status `info.app.version`) is newer and a download link exists for the platform. "Later"
 * keeps it away for the session; a mandatory update (`info.app.mandatory`) cannot be closed. "Update
 * now" hands the link to the wrapper: from version 2.4.39 the wrapper downloads it itself; older
 * wrappers are asked through the native bridge to open it in the phone's browser.
 *
 * @element wps-app-upgrade
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @fires wps-upgrade - `{ url, mandatory, direct }`, cancelable: preventDefault() keeps the update from starting
 * @fires wps-close - the player chose "Later"
 * @part dialog - the modal; also backdrop, title, message, actions, later, update
 */
import { useEffect } from 'react';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { AppUpgrade } from '../src/features/install/AppUpgrade.tsx';
import { startUpgrade } from '../src/features/install/upgrade.ts';
import { installStrings } from '../src/features/install/locales/index.ts';
import { loadSiteStatus } from '../src/core/config/siteStatus.ts';

export interface UpgradeDetail {
  url: string;
  mandatory: boolean;
  direct: boolean;
}

function AppUpgradeElement({ host }: { host: HTMLElement }) {
  useEffect(() => {
    void loadSiteStatus();
  }, []);
  return (
    <AppUpgrade
      start={(upgrade) => void startUpgrade(upgrade)}
      onUpdate={(u) => emit<UpgradeDetail>(host, 'wps-upgrade', { url: u.link, mandatory: u.mandatory, direct: u.direct }, true)}
      onLater={() => emit(host, 'wps-close')}
    />
  );
}

export const WpsAppUpgrade = defineElement<object>('wps-app-upgrade', {
  props: {},
  strings: [installStrings],
  render: (_props, host) => <AppUpgradeElement host={host} />,
});
