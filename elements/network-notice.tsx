/**
 * `<wps-network-notice>`: the network notices (docs/product.md §8): while offline a no-connection notice (and
 * the offline message for 1.5 s), cleared when the connection is back; when a ping of the line
 * fails within 5 s, the unstable-line notice whose Retry runs the line speed test.
 *
 * @element wps-network-notice
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @fires wps-offline - the connection dropped
 * @fires wps-online - the connection is back
 * @fires wps-line-unstable - a ping of the line failed
 * @fires wps-line - `{ domain }`: the line speed test found the fastest line
 * @part toast, banner, offline, unstable, retry
 */
import { useEffect } from 'react';
import { effect } from '@preact/signals-core';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { NetworkNotice } from '../src/features/network/NetworkNotice.tsx';
import { fastestLine, lineUnstable, online, watchNetwork } from '../src/features/network/model.ts';
import css from '../src/features/network/network.css';

function NetworkNoticeElement({ host }: { host: HTMLElement }) {
  useEffect(() => watchNetwork(), []);
  useEffect(() => {
    let first = true;
    const stops = [
      effect(() => {
        const isOnline = online.value;
        if (!first) emit(host, isOnline ? 'wps-online' : 'wps-offline');
      }),
      effect(() => {
        if (lineUnstable.value) emit(host, 'wps-line-unstable');
      }),
      effect(() => {
        const domain = fastestLine.value;
        if (!first && domain) emit(host, 'wps-line', { domain });
      }),
    ];
    first = false;
    return () => stops.forEach((stop) => stop());
  }, [host]);
  return <NetworkNotice />;
}

export const WpsNetworkNotice = defineElement<object>('wps-network-notice', {
  props: {},
  css: [css],
  render: (_props, host) => <NetworkNoticeElement host={host} />,
});
