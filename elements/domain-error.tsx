/**
 * `<wps-domain-error>`: the domain-error modal (docs/product.md §8). When the site status call answers
 * `domain_not_available`, it shows the server's message (or 'Error') with customer-service and
 * retry buttons; retry asks for the status again.
 *
 * @element wps-domain-error
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @fires wps-contact - `{ url }`, cancelable: preventDefault() keeps customer service from opening
 * @part backdrop, dialog, message, actions, button, confirm (retry), cancel (customer service)
 */
import { useEffect } from 'react';
import { defineElement } from './define.tsx';
import { contactFrom } from './contact.ts';
import { DomainError } from '../src/features/site-status/DomainError.tsx';
import { loadSiteStatus } from '../src/core/config/siteStatus.ts';

function DomainErrorElement({ host }: { host: HTMLElement }) {
  useEffect(() => void loadSiteStatus(), []);
  return <DomainError onContact={contactFrom(host)} />;
}

export const WpsDomainError = defineElement<object>('wps-domain-error', {
  props: {},
  render: (_props, host) => <DomainErrorElement host={host} />,
});
