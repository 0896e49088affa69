/**
 * Strings of screens the home page does not show (the member centre, records, rewards and agents,
 * responsible gaming, withdrawals, deposits, login, registration and passwords): left out of
 * bn.ts/en.ts, so out of the home page's critical path, and added when any other screen, or a
 * dialog that needs them, loads (lib/i18n `loadScreenStrings`). Their keys are typed like every
 * other string's (late.ts).
 */
import { addStrings } from '../lib/i18n';
import './content';
import './games';
import { authBn, authEn } from './slices/auth';
import { bonusBn, bonusEn } from './slices/bonus';
import { cashierBn, cashierEn } from './slices/cashier';
import { memberBn, memberEn } from './slices/member';
import { protectionBn, protectionEn } from './slices/protection';
import { recordsBn, recordsEn } from './slices/records';
import { rewardsBn, rewardsEn } from './slices/rewards';
import { withdrawBn, withdrawEn } from './slices/withdraw';

addStrings({
  bn: {
    ...memberBn,
    ...recordsBn,
    ...rewardsBn,
    ...protectionBn,
    ...withdrawBn,
    ...cashierBn,
    ...authBn,
    ...bonusBn,
  },
  en: {
    ...memberEn,
    ...recordsEn,
    ...rewardsEn,
    ...protectionEn,
    ...withdrawEn,
    ...cashierEn,
    ...authEn,
    ...bonusEn,
  },
});
