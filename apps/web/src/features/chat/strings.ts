/**
 * The chat's, the service widget's and the contact panel's strings, added when their code loads
 * (see locales/late.ts): none of them is on home's first screen.
 */
import { addStrings } from '../../lib/i18n';
import { chatBn, chatEn } from '../../locales/slices/chat';

addStrings({ bn: chatBn, en: chatEn });
