/** This feature's strings, added when its code loads (see locales/late.ts). */
import { addStrings } from '../../lib/i18n';
import { securityBn, securityEn } from '../../locales/slices/security';

addStrings({ bn: securityBn, en: securityEn });
