/** The inbox's and the feedback page's strings, added when their code loads (see locales/late.ts). */
import { addStrings } from '../../lib/i18n';
import { inboxBn, inboxEn } from '../../locales/slices/inbox';

addStrings({ bn: inboxBn, en: inboxEn });
