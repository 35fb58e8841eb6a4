/**
 * Elements the host renders that the first paint does not need (notices, the spinner, the status
 * screens, the update and network notices, the two-factor modal, and the download bar, which waits
 * for the site status anyway). Their code loads when their tag first appears, the
 * same lazy-upgrade pattern as the merchants' loader, so /m/home's first load stays small.
 */
import { watchForTags } from '../elements/loader.ts';
import { ensurePart } from '../src/core/i18n/i18n.ts';
import { installStrings } from '../src/features/install/locales/index.ts';

/**
 * The install family's texts, asked for with its code rather than after it has run: one wave, not
 * two (docs/performance.md, "Waves after the paint"). A failure is the element's to retry.
 */
const withInstallStrings = (code: Promise<unknown>) => Promise.all([code, ensurePart(installStrings).catch(() => {})]);

const modules: Record<string, () => Promise<unknown>> = {
  'wps-download-bar': () => import('../elements/download-bar.tsx'),
  'wps-notice': () => import('../elements/notice.tsx'),
  'wps-spinner': () => import('../elements/spinner.tsx'),
  'wps-access-denied': () => import('../elements/access-denied.tsx'),
  'wps-maintenance': () => import('../elements/maintenance.tsx'),
  'wps-domain-error': () => import('../elements/domain-error.tsx'),
  'wps-update-notice': () => import('../elements/update-notice.tsx'),
  'wps-network-notice': () => import('../elements/network-notice.tsx'),
  // Added by the home page when the install rules offer them (host/HomeOffers.tsx).
  'wps-install-prompt': () => withInstallStrings(import('../elements/install-prompt.tsx')),
  'wps-ios-guide': () => withInstallStrings(import('../elements/ios-guide.tsx')),
  'wps-inapp-guide': () => withInstallStrings(import('../elements/inapp-guide.tsx')),
  // The home page's download-image popups.
  'wps-image-popup': () => withInstallStrings(import('../elements/image-popup.tsx')),
  // The home page's engagement: the announcement popup, chat, customer service, the VIP badge.
  'wps-announcement': () => import('../elements/announcement.tsx'),
  'wps-chat-button': () => import('../elements/chat-button.tsx'),
  'wps-customer-service': () => import('../elements/customer-service.tsx'),
  'wps-vip-badge': () => import('../elements/vip-badge.tsx'),
  // Inside the native app only (host/Overlays.tsx).
  'wps-app-upgrade': () => import('../elements/app-upgrade.tsx'),
  // /m/appDownload shows its list.
  'wps-download-popup': () => import('../elements/download-popup.tsx'),
  // Added by the sign-in feature when a login needs the second check.
  'wps-two-factor': () => import('../elements/two-factor.tsx'),
};

const started = new Set<string>();

function load(tag: string) {
  if (started.has(tag)) return;
  started.add(tag);
  modules[tag]!().catch((error: unknown) => {
    // Offline in the first moments: try again when the connection is back.
    console.warn(`wps-mobile: <${tag}> could not be loaded yet`, error);
    started.delete(tag);
    window.addEventListener('online', () => load(tag), { once: true });
  });
}

/** Loads an element's code before its tag is used (what must work offline is fetched while online). */
export function preloadElement(tag: string): void {
  load(tag);
}

export function loadElementsWhenUsed(): void {
  watchForTags(document, (tag) => tag in modules, load);
}
