/** The feedback page's strings (in the inbox's slice: one look and wording for both ways). */
import { addStrings } from '../../lib/i18n';
import { inboxBn, inboxEn } from '../../locales/slices/inbox';

addStrings({ bn: inboxBn, en: inboxEn });
