/**
 * Member (customer) types and the rules tied to them (accounts spec §6, games spec §6).
 * 0 is an ordinary member; 4 and 40 are guests (trial); any type other than 0, 4, 40 is an agent.
 */
export const MemberType = {
  member: 0,
  trial: 4,
  guest: 40,
} as const;

const GUEST_TYPES: readonly number[] = [4, 40];
const NON_AGENT_TYPES: readonly number[] = [0, 4, 40];
const FREE_PLAY_TYPES: readonly number[] = [0, 1, 2];
const CONTRACT_CHECK_SKIP_TYPES: readonly number[] = [4, 40, 41, 42];
const NO_UPLINE_TRANSFER_TYPES: readonly number[] = [2];

/** Guests and trial accounts: no inbox or chat unread counts, no read marks, no member-only calls. */
export const isGuest = (type: number) => GUEST_TYPES.includes(type);
export const isAgent = (type: number) => !NON_AGENT_TYPES.includes(type);
export const canFreePlay = (type: number) => FREE_PLAY_TYPES.includes(type);
export const skipsContractCheck = (type: number) => CONTRACT_CHECK_SKIP_TYPES.includes(type);
export const canTransferToUpline = (type: number) => !NO_UPLINE_TRANSFER_TYPES.includes(type);
