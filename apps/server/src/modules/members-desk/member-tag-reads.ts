/**
 * The members desk's read API for other modules: a member's tags (the bonus engine's audience
 * check), so no other module queries member_tags itself.
 */
import type { DbOrTx } from '../../db/client';
import { membersDeskRepository } from './members-desk.repository';

export const memberTagReads = {
  /** The member's tags, in the order they were added. */
  tags: (db: DbOrTx, memberId: bigint): Promise<string[]> =>
    membersDeskRepository.tags(db, memberId),
};
