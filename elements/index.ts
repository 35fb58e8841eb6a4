/** Defines every element at once: `dist/elements/esm/wps-elements.js` of the React build (merchants use the loader, elements/loader.ts). */
export { WpsDownloadBar } from './download-bar.tsx';
export { WpsNotice } from './notice.tsx';
export { WpsSpinner } from './spinner.tsx';
export { WpsAccessDenied } from './access-denied.tsx';
export { WpsMaintenance } from './maintenance.tsx';
export { WpsDomainError } from './domain-error.tsx';
export { WpsUpdateNotice } from './update-notice.tsx';
export { WpsNetworkNotice } from './network-notice.tsx';
export { WpsCountryPicker } from './country-picker.tsx';
export { WpsCaptcha } from './captcha.tsx';
export { WpsTwoFactor, openTwoFactor } from './two-factor.tsx';
export { WpsLoginForm } from './login-form.tsx';
export { WpsRegisterForm } from './register-form.tsx';
export { WpsInstallPrompt } from './install-prompt.tsx';
export { WpsIosGuide } from './ios-guide.tsx';
export { WpsInappGuide } from './inapp-guide.tsx';
export { configure } from '../src/core/config/config.ts';
export { setLanguage } from '../src/core/i18n/i18n.ts';
