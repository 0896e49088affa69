/** This feature's strings, added when its code loads (see locales/late.ts). */
import { addStrings } from '../../lib/i18n';
import { lotteryBn, lotteryEn } from '../../locales/slices/lottery';

addStrings({ bn: lotteryBn, en: lotteryEn });
