/**
 * The member-centre texts (its ten pages), loaded only by the member-centre views
 * (CataloguePart, src/core/i18n/i18n.ts). One file per language, the same keys as EN.json.
 */
import type { CataloguePart } from '../../../core/i18n/i18n.ts';

export const mcStrings: CataloguePart = {
  name: 'member-centre',
  loaders: {
    // <generated: language loaders> scripts/generate.mjs writes one per LANGUAGES entry (src/contract/language-codes.ts)
    CN: () => import('./CN.json'),
    TW: () => import('./TW.json'),
    HK: () => import('./HK.json'),
    EN: () => import('./EN.json'),
    ES: () => import('./ES.json'),
    HI: () => import('./HI.json'),
    ID: () => import('./ID.json'),
    JA: () => import('./JA.json'),
    KM: () => import('./KM.json'),
    KO: () => import('./KO.json'),
    MY: () => import('./MY.json'),
    TA: () => import('./TA.json'),
    TH: () => import('./TH.json'),
    VI: () => import('./VI.json'),
    TY: () => import('./TY.json'),
    UR: () => import('./UR.json'),
    PT: () => import('./PT.json'),
    'PT-BR': () => import('./PT-BR.json'),
    MS: () => import('./MS.json'),
    BN: () => import('./BN.json'),
    TR: () => import('./TR.json'),
    // </generated>
  },
};
