/** Queries of the social-login module: the links from a provider identity to a member. */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { socialIdentities } from '../../db/schema/social-login';

export const socialLoginRepository = {
  async linkOf(db: DbOrTx, provider: string, subject: string) {
    const [row] = await db
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
    return row;
  },
  async linkOfMember(db: DbOrTx, memberId: bigint, provider: string) {
    const [row] = await db
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.memberId, memberId), eq(socialIdentities.provider, provider)));
    return row;
  },
  async insertLink(
    db: DbOrTx,
    link: { provider: string; subject: string; memberId: bigint; email: string | null },
  ) {
    await db.insert(socialIdentities).values({ ...link, lastUsedAt: new Date() });
  },
  async touch(db: DbOrTx, provider: string, subject: string) {
    await db
      .update(socialIdentities)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
  },
  async linksOfMember(db: DbOrTx, memberId: bigint) {
    return db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.memberId, memberId))
      .orderBy(asc(socialIdentities.createdAt), asc(socialIdentities.provider));
  },
  async deleteLink(db: DbOrTx, memberId: bigint, provider: string): Promise<boolean> {
    const rows = await db
      .delete(socialIdentities)
      .where(and(eq(socialIdentities.memberId, memberId), eq(socialIdentities.provider, provider)))
      .returning({ provider: socialIdentities.provider });
    return rows.length > 0;
  },
};
