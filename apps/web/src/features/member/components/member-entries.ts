/**
 * The member centre's list entries (spec §2, §6): each shows while its white-label flag is on;
 * agent home only for agents, upline transfer not for type 2. One table for both templates.
 */
import type { FlagName } from '@khela/contract/flags';
import { canTransferToUpline, isAgent } from '@khela/contract/members';
import type { RoutePath } from '@khela/contract/routes';
import type { IconName } from '../../../components/icons';

export type EntrySection = 'records' | 'rewards' | 'services';

export interface MemberEntry {
  key:
    | 'depositRecords'
    | 'withdrawRecords'
    | 'transactions'
    | 'gameRecords'
    | 'profitLoss'
    | 'rewardCenter'
    | 'bonus'
    | 'manualRebate'
    | 'uplineTransfer'
    | 'agentHome'
    | 'inbox'
    | 'feedback'
    | 'security'
    | 'responsibleGaming'
    | 'help';
  path: RoutePath;
  icon: IconName;
  section: EntrySection;
  flag?: FlagName;
  /** Shown only to these member types. */
  forType?: (type: number) => boolean;
}

export const MEMBER_ENTRIES: readonly MemberEntry[] = [
  {
    key: 'depositRecords',
    flag: 'DEPRECM3',
    path: '/m/vouReport',
    icon: 'wallet',
    section: 'records',
  },
  {
    key: 'withdrawRecords',
    flag: 'WITHREC3',
    path: '/m/withdrawReport',
    icon: 'withdraw',
    section: 'records',
  },
  {
    key: 'transactions',
    flag: 'TRANSREC3',
    path: '/m/transaction/record',
    icon: 'refresh',
    section: 'records',
  },
  {
    key: 'gameRecords',
    flag: 'TRANSBETREPMEM3',
    path: '/m/gameRecord',
    icon: 'trophy',
    section: 'records',
  },
  {
    key: 'profitLoss',
    flag: 'PERSREP',
    path: '/m/profitandloss',
    icon: 'check',
    section: 'records',
  },
  {
    key: 'rewardCenter',
    flag: 'REWCEN3',
    path: '/m/rewardCenter',
    icon: 'gift',
    section: 'rewards',
  },
  // Not in the spec's list: the player's bonuses (docs/bonuses.md).
  { key: 'bonus', path: '/m/bonus', icon: 'gift', section: 'rewards' },
  {
    key: 'manualRebate',
    flag: 'MANPLAYREB3',
    path: '/m/member/manualRebate',
    icon: 'plus',
    section: 'rewards',
  },
  {
    key: 'uplineTransfer',
    flag: 'AGETRANSFERUP3',
    path: '/m/member/uplineTransfer',
    icon: 'send',
    section: 'rewards',
    forType: canTransferToUpline,
  },
  {
    key: 'agentHome',
    path: '/m/agent/home',
    icon: 'people',
    section: 'services',
    forType: isAgent,
  },
  { key: 'inbox', flag: 'MAILCEN', path: '/m/webEmail', icon: 'bell', section: 'services' },
  { key: 'feedback', flag: 'FEEDBACK3', path: '/m/feedback', icon: 'edit', section: 'services' },
  {
    key: 'security',
    flag: 'SECPRIV',
    path: '/m/securityCenter',
    icon: 'shield',
    section: 'services',
  },
  // Not in the spec's list: player protection (limits, breaks, reality check) and the help centre,
  // screens of the route map that no other menu leads to.
  { key: 'responsibleGaming', path: '/m/responsibleGaming', icon: 'lock', section: 'services' },
  { key: 'help', path: '/m/help', icon: 'help', section: 'services' },
];

export type FlagLookup = (flag: FlagName) => boolean;

export function visibleEntries(flagOn: FlagLookup, memberType: number): MemberEntry[] {
  return MEMBER_ENTRIES.filter(
    (entry) =>
      (entry.flag === undefined || flagOn(entry.flag)) &&
      (entry.forType === undefined || entry.forType(memberType)),
  );
}

/** The spec: the new template when the status's mobileTemplate has mem_cen or dep_func at 1. */
export function isNewTemplate(mobileTemplate: { mem_cen: number; dep_func: number } | undefined) {
  return (
    mobileTemplate === undefined || mobileTemplate.mem_cen === 1 || mobileTemplate.dep_func === 1
  );
}
