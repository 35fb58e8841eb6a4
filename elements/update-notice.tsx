/**
 * `<wps-update-notice>`: tells the player once that a new release is out (docs/product.md §4): it compares the
 * hash of /m/asset-manifest.json and /mobile/mc/asset-manifest.json with the first load's, when the
 * page becomes visible again (debounced 300 ms) and every hour. Refresh lets a waiting service
 * worker take over, then reloads.
 *
 * @element wps-update-notice
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /m and /wps
 * @fires wps-update-available - a new release was seen (once)
 * @fires wps-refresh - cancelable: preventDefault() keeps the page from reloading
 * @part backdrop, dialog, message, actions, button, confirm
 */
import { useEffect } from 'react';
import { effect } from '@preact/signals-core';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { UpdateNotice } from '../src/features/update-check/UpdateNotice.tsx';
import { startUpdateChecks, updateAvailable } from '../src/features/update-check/model.ts';
import { refreshToUpdate } from '../src/features/update-check/serviceWorker.ts';

function UpdateNoticeElement({ host }: { host: HTMLElement }) {
  useEffect(() => startUpdateChecks(), []);
  useEffect(
    () =>
      effect(() => {
        if (updateAvailable.value) emit(host, 'wps-update-available');
      }),
    [host],
  );
  return <UpdateNotice onRefresh={() => emit(host, 'wps-refresh', undefined, true) && void refreshToUpdate()} />;
}

export const WpsUpdateNotice = defineElement<object>('wps-update-notice', {
  props: {},
  render: (_props, host) => <UpdateNoticeElement host={host} />,
});
