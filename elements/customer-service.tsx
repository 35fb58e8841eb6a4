/**
 * `<wps-customer-service>`: the customer-service entry (docs/engagement.md, "Customer service";
 * docs/product.md §3, §6).
 *
 * The entries come from the site status (title, csType, csPosition, path encoded with its last 8
 * characters as the key). Entries for `position` (and those without one) are offered: one opens at
 * once, several are listed in a sheet. COMM100VIP shows to VIP members only (and replaces COMM100 for
 * them); AI-chat links (AICAN) carry the user name and VIP label of a signed-in player. A path that
 * does not decode to a web URL gives the catalogue's 'url is null'.
 *
 * @element wps-customer-service
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {string} position - the csPosition to offer (e.g. HOME); default: every entry
 * @attr {string} label - the button's text (default: the translated 'Customer service')
 * @fires wps-contact - `{ url, csType }`, cancelable: preventDefault() keeps the page from opening it
 * @part button - the button; also list, entry (in the sheet)
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { CustomerService } from '../src/features/customer-service/CustomerService.tsx';
import css from '../src/features/customer-service/customer-service.css';
import { loadSiteStatus, siteStatus } from '../src/core/config/siteStatus.ts';
import { openCustomerService } from '../src/core/config/customerService.ts';
import { memberInfo } from '../src/core/session/member.ts';
import { session } from '../src/core/session/sessionInfo.ts';

export interface CustomerServiceElementProps {
  position?: string;
  label?: string;
}

function CustomerServiceElement({ host, position, label }: CustomerServiceElementProps & { host: HTMLElement }) {
  useSignals();
  useEffect(() => {
    void loadSiteStatus();
  }, []);
  const info = memberInfo.value;
  const userName = session.value ? (info?.userName ?? session.value.userName) : undefined;
  return (
    <CustomerService
      entries={siteStatus.value?.info.customerService}
      position={position}
      label={label}
      viewer={{ userName, vipLabel: userName ? info?.clubLabel?.labelName || undefined : undefined }}
      onOpen={(url, entry) => {
        if (emit(host, 'wps-contact', { url, csType: entry?.csType }, true)) openCustomerService(url);
      }}
    />
  );
}

export const WpsCustomerService = defineElement<CustomerServiceElementProps>('wps-customer-service', {
  props: { position: 'string', label: 'string' },
  css: [css],
  render: (props, host) => <CustomerServiceElement host={host} position={props.position} label={props.label} />,
});
