/**
 * `<wps-maintenance>`: the System Maintenance page (docs/product.md §2): title, the end time in the player's
 * time zone when the operator set one, a description, the English text too when the page language
 * is not English, and a contact-us button. It shows itself while the merchant's site status says
 * `maintenance` (or always with `force`), covering the page.
 *
 * @element wps-maintenance
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @attr {boolean} force - show it whatever the status says (previews)
 * @fires wps-contact - `{ url }`, cancelable: preventDefault() keeps customer service from opening
 * @part screen, mark, title, end, description, english, contact
 * @cssprop --wps-status-bg - page background
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { defineElement } from './define.tsx';
import { contactFrom } from './contact.ts';
import { Maintenance } from '../src/features/site-status/StatusScreens.tsx';
import { statusScreen } from '../src/features/site-status/model.ts';
import { loadSiteStatus } from '../src/core/config/siteStatus.ts';
import css from '../src/features/site-status/site-status.css';

export interface MaintenanceProps {
  force?: boolean;
}

function MaintenanceElement({ force, host }: MaintenanceProps & { host: HTMLElement }) {
  useSignals();
  useEffect(() => void loadSiteStatus(), []);
  if (!force && statusScreen.value !== 'maintenance') return null;
  return <Maintenance onContact={contactFrom(host)} />;
}

export const WpsMaintenance = defineElement<MaintenanceProps>('wps-maintenance', {
  props: { force: 'boolean' },
  css: [css],
  render: (props, host) => <MaintenanceElement force={props.force} host={host} />,
});
