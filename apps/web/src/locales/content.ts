/**
 * The content strings (slices/content.ts) but the home banner's, which are in bn.ts and en.ts:
 * added when code that shows them loads (each module that uses them imports this), so they are
 * not in home's first download.
 */
import { addStrings } from '../lib/i18n';
import { contentBn, contentEn } from './slices/content';

addStrings({ bn: contentBn, en: contentEn });
