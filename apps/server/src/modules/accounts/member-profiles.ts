/**
 * What every signed-in request needs to know about its member (name, type, status) and what the
 * member info call shows, read through a process-local cache. Whoever changes one of these
 * fields calls `changed` after the commit.
 */
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { members } from '../../db/schema/accounts';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';

export interface MemberProfile {
  id: bigint;
  username: string;
  nickname: string | null;
  type: number;
  status: string;
  createdAt: Date;
  lastLoginAt: Date | null;
  uplineUsername: string | null;
  /** The member's one username change is used. */
  usernameChanged: boolean;
}

const upline = alias(members, 'upline');

export class MemberProfiles {
  private readonly cache: ReadCache<MemberProfile>;

  constructor(
    private readonly db: Database,
    shared: CacheStore,
  ) {
    this.cache = new ReadCache(shared, { name: 'member-profile', max: 50_000, ttlMs: 60_000 });
  }

  start() {
    return this.cache.start();
  }

  get(memberId: bigint): Promise<MemberProfile | undefined> {
    return this.cache.getOrLoad(String(memberId), async () => {
      const [row] = await this.db
        .select({
          id: members.id,
          username: members.username,
          nickname: members.nickname,
          type: members.type,
          status: members.status,
          createdAt: members.createdAt,
          lastLoginAt: members.lastLoginAt,
          uplineUsername: upline.username,
          usernameChanged: sql<boolean>`${members.usernameChangedAt} is not null`,
        })
        .from(members)
        .leftJoin(upline, eq(upline.id, members.uplineId))
        .where(eq(members.id, memberId));
      return row;
    });
  }

  /** Drops the member's cached profile in every process; call after the change is committed. */
  changed(memberId: bigint) {
    return this.cache.invalidate(String(memberId));
  }
}
