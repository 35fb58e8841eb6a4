/**
 * `<wps-access-denied>`: the Access Denied page (docs/product.md §2, §8) for a visitor the operator restricts by
 * region or IP: the visitor's IP, a description and a contact-us button. It shows itself when the
 * merchant's site status says `regionRestriction` (or always with `force`), covering the page.
 *
 * @element wps-access-denied
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @attr {boolean} force - show it whatever the status says (previews)
 * @fires wps-contact - `{ url }`, cancelable: preventDefault() keeps customer service from opening
 * @part screen, mark, title, ip, description, contact
 * @cssprop --wps-status-bg - page background
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { defineElement } from './define.tsx';
import { contactFrom } from './contact.ts';
import { AccessDenied } from '../src/features/site-status/StatusScreens.tsx';
import { statusScreen } from '../src/features/site-status/model.ts';
import { loadSiteStatus } from '../src/core/config/siteStatus.ts';
import css from '../src/features/site-status/site-status.css';

export interface AccessDeniedProps {
  force?: boolean;
}

function AccessDeniedElement({ force, host }: AccessDeniedProps & { host: HTMLElement }) {
  useSignals();
  useEffect(() => void loadSiteStatus(), []);
  if (!force && statusScreen.value !== 'accessDenied') return null;
  return <AccessDenied onContact={contactFrom(host)} />;
}

export const WpsAccessDenied = defineElement<AccessDeniedProps>('wps-access-denied', {
  props: { force: 'boolean' },
  css: [css],
  render: (props, host) => <AccessDeniedElement force={props.force} host={host} />,
});
