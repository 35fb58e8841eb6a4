/**
 * Contact-us buttons of the status elements: announce `wps-contact` (cancelable, `{ url }`), then
 * open customer service unless the page took over; no URL gives the 'url is null' error.
 */
import { emit } from './emit.ts';
import { openCustomerService } from '../src/core/config/customerService.ts';

export interface ContactDetail {
  url: string | undefined;
}

export function contactFrom(host: HTMLElement) {
  return (url: string | undefined) => {
    if (emit<ContactDetail>(host, 'wps-contact', { url }, true)) openCustomerService(url);
  };
}
