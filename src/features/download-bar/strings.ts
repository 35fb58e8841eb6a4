/**
 * The download bar's strings: the `download_bar.*` keys of the core catalogue (docs/performance.md,
 * "The download bar's bytes"). In the element builds a rollup plugin (`catalogueSlices` in
 * rollup.config.mjs) cuts each language file down to those keys, so a merchant page with only the
 * bar loads about 0.3 KB of text instead of the whole catalogue; elsewhere (/m, the tests) it is the
 * core catalogue itself, which holds the same keys. One source: the core catalogues.
 */
import type { CataloguePart } from '../../core/i18n/i18n.ts';

export const downloadBarStrings: CataloguePart = {
  name: 'download-bar',
  loaders: {
    CN: () => import('../../core/i18n/locales/CN.json'),
    TW: () => import('../../core/i18n/locales/TW.json'),
    HK: () => import('../../core/i18n/locales/HK.json'),
    EN: () => import('../../core/i18n/locales/EN.json'),
    ES: () => import('../../core/i18n/locales/ES.json'),
    HI: () => import('../../core/i18n/locales/HI.json'),
    ID: () => import('../../core/i18n/locales/ID.json'),
    JA: () => import('../../core/i18n/locales/JA.json'),
    KM: () => import('../../core/i18n/locales/KM.json'),
    KO: () => import('../../core/i18n/locales/KO.json'),
    MY: () => import('../../core/i18n/locales/MY.json'),
    TA: () => import('../../core/i18n/locales/TA.json'),
    TH: () => import('../../core/i18n/locales/TH.json'),
    VI: () => import('../../core/i18n/locales/VI.json'),
    TY: () => import('../../core/i18n/locales/TY.json'),
    UR: () => import('../../core/i18n/locales/UR.json'),
    PT: () => import('../../core/i18n/locales/PT.json'),
    'PT-BR': () => import('../../core/i18n/locales/PT-BR.json'),
    MS: () => import('../../core/i18n/locales/MS.json'),
    BN: () => import('../../core/i18n/locales/BN.json'),
    TR: () => import('../../core/i18n/locales/TR.json'),
  },
};
