/**
 * Fixtures for the site-status tests (test/elements/status-screens, domain-error, update-notice,
 * network-notice; test/core/customer-service): a SiteStatus builder, an encoder for customer-service
 * paths (the inverse of src/core/config/customerService.ts decodeCsPath, written independently
 * here from docs/api.md's description) and a way to fake read-only browser properties.
 */
import type { SiteStatus } from '../../src/contract/endpoints.ts';

/**
 * Encodes a customer-service URL as the status call carries it: base64url of the URL's UTF-8 bytes
 * XOR-ed with the key's bytes (repeated), followed by the key itself.
 */
export function encodeCsPath(url: string, key = 'k3Y_9xQz'): string {
  const keyBytes = new TextEncoder().encode(key);
  const bytes = new TextEncoder().encode(url).map((b, i) => b ^ keyBytes[i % keyBytes.length]!);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  const b64url = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return b64url + key;
}

export const CS_URL = 'https://cs.example.test/chat?merchant=DEMO01&lang=zh';

/** A site status: no restriction, no maintenance, one customer-service entry for CS_URL. */
export function statusFixture(patch: Partial<SiteStatus> = {}, csPath: string = encodeCsPath(CS_URL)): SiteStatus {
  return {
    info: {
      merchantCode: 'DEMO01',
      appName: 'Lucky',
      appShortName: 'L',
      customerService: [{ title: 'Live chat', csType: 'LIVECHAT', csPosition: 'HOME', path: csPath }],
      register: { captcha: { enabled: false } },
      resources: [],
      whitelabelVal: {},
      imageCDNs: [],
      gw: { GEETEST_VERSION: 'v3', PROFILE_ICON_COUNT: 9 },
    },
    location: { ip: '203.0.113.77' },
    test: false,
    maintenance: false,
    maintenanceEnd: null,
    maintenanceTexts: null,
    regionRestriction: false,
    ...patch,
  };
}

/**
 * Gives `target` an own property `name` returning `get()` (for example `navigator.onLine`,
 * `navigator.userAgent`, `document.visibilityState`), shadowing the prototype's getter; returns
 * the function that removes it again.
 */
export function fakeProperty<T>(target: object, name: string, get: () => T): () => void {
  const had = Object.prototype.hasOwnProperty.call(target, name);
  const previous = had ? Object.getOwnPropertyDescriptor(target, name) : undefined;
  Object.defineProperty(target, name, { get, configurable: true });
  return () => {
    if (previous) Object.defineProperty(target, name, previous);
    else delete (target as Record<string, unknown>)[name];
  };
}
