/** This feature's strings, added when its code loads (see locales/late.ts). */
import { addStrings } from '../../lib/i18n';
import { originalsBn, originalsEn } from '../../locales/slices/originals';

addStrings({ bn: originalsBn, en: originalsEn });
