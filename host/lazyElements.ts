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

/**
 * Every element of the loader manifest (one per elements/*.tsx) but those the host loads itself (a
 * page or host/Overlays.tsx imports the module) and those /m never shows (NOT_ON_M in the script).
 * Some are added by the home page (the install family, the image popups, the engagement elements),
 * the two-factor modal by the sign-in feature, the app upgrade inside the native app only.
 */
const modules: Record<string, () => Promise<unknown>> = {
  // <generated: lazy elements> scripts/generate.mjs (npm run generate)
  'wps-access-denied': () => import('../elements/access-denied.tsx'),
  'wps-announcement': () => import('../elements/announcement.tsx'),
  'wps-app-upgrade': () => withInstallStrings(import('../elements/app-upgrade.tsx')),
  'wps-chat-button': () => import('../elements/chat-button.tsx'),
  'wps-customer-service': () => import('../elements/customer-service.tsx'),
  'wps-domain-error': () => import('../elements/domain-error.tsx'),
  'wps-download-bar': () => import('../elements/download-bar.tsx'),
  'wps-download-popup': () => import('../elements/download-popup.tsx'),
  'wps-image-popup': () => withInstallStrings(import('../elements/image-popup.tsx')),
  'wps-inapp-guide': () => withInstallStrings(import('../elements/inapp-guide.tsx')),
  'wps-install-prompt': () => withInstallStrings(import('../elements/install-prompt.tsx')),
  'wps-ios-guide': () => withInstallStrings(import('../elements/ios-guide.tsx')),
  'wps-maintenance': () => import('../elements/maintenance.tsx'),
  'wps-network-notice': () => import('../elements/network-notice.tsx'),
  'wps-notice': () => import('../elements/notice.tsx'),
  'wps-spinner': () => import('../elements/spinner.tsx'),
  'wps-two-factor': () => import('../elements/two-factor.tsx'),
  'wps-update-notice': () => import('../elements/update-notice.tsx'),
  'wps-vip-badge': () => import('../elements/vip-badge.tsx'),
  // </generated>
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
