/**
 * White-label flags (system status `info.whitelabel`): the operator's on/off switches named in both
 * specs. `defaultOn` is what a new site starts with; social logins start off because they need a
 * provider configured first.
 */
import { z } from 'zod';

export const FLAGS = {
  REWCEN3: { defaultOn: true, about: 'Reward centre' },
  CBS3: { defaultOn: true, about: 'Live chat (customer service)' },
  MOBILEVERCODELOGIN3: { defaultOn: true, about: 'Login with mobile number and SMS code' },
  CHNGPASSMAIL3: { defaultOn: true, about: 'Forgot password by e-mail' },
  CHNGPASSVERIF3: { defaultOn: true, about: 'Forgot password by SMS verification' },
  FACEBOOKLOGIN3: { defaultOn: false, about: 'Facebook login button' },
  GOOGLELOGIN3: { defaultOn: false, about: 'Google login button' },
  TELEGRAMLOGIN3: { defaultOn: false, about: 'Telegram login button' },
  REGMOBVERF3: { defaultOn: true, about: 'SMS code on mobile registration' },
  MOBILENUMREG3: { defaultOn: true, about: 'Mobile-number registration' },
  MOBILENUMPASSREG3: { defaultOn: true, about: 'Password on mobile-number registration' },
  FREEPLAY3: { defaultOn: true, about: 'Free play for member types 0, 1, 2' },
  DEPRECM3: { defaultOn: true, about: 'Deposit records' },
  WITHREC3: { defaultOn: true, about: 'Withdraw records' },
  TRANSREC3: { defaultOn: true, about: 'Transaction records' },
  TRANSBETREPMEM3: { defaultOn: true, about: 'Member bet reports (game records)' },
  PERSREP: { defaultOn: true, about: 'Profit and loss report' },
  MANPLAYREB3: { defaultOn: true, about: 'Manual rebate' },
  MAILCEN: { defaultOn: true, about: 'Inbox' },
  FEEDBACK3: { defaultOn: true, about: 'Feedback' },
  SECPRIV: { defaultOn: true, about: 'Security centre' },
  AGETRANSFERUP3: { defaultOn: false, about: 'Transfer balance to the upline agent' },
  VIPBENEFIT3: { defaultOn: true, about: 'VIP benefits entry and progress bar' },
  LOGINIPVERF3: {
    defaultOn: false,
    about: 'One-time code (SMS or e-mail) at a login from a new device and network',
  },
  REFERRAL: {
    defaultOn: true,
    about: "Referral promotion: the side menu's invite entry for members",
  },
} as const;

export type FlagName = keyof typeof FLAGS;
export const FLAG_NAMES = Object.keys(FLAGS) as FlagName[];
export const FlagNameSchema = z.enum(FLAG_NAMES as [FlagName, ...FlagName[]]);

export type Whitelabel = Record<FlagName, boolean>;
export const WhitelabelSchema = z.record(FlagNameSchema, z.boolean());

export function defaultWhitelabel(): Whitelabel {
  return Object.fromEntries(FLAG_NAMES.map((name) => [name, FLAGS[name].defaultOn])) as Whitelabel;
}
