/** Queries of the trusted devices (step-up on a new device); each takes the caller's db or tx. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { trustedDevices } from '../../db/schema/security';

export type TrustedDeviceRow = typeof trustedDevices.$inferSelect;

export const trustedDevicesRepository = {
  /** The member's row of a device, removed or not. */
  async byDevice(db: DbOrTx, memberId: bigint, deviceId: string) {
    const [row] = await db
      .select()
      .from(trustedDevices)
      .where(and(eq(trustedDevices.memberId, memberId), eq(trustedDevices.deviceId, deviceId)));
    return row;
  },

  /** Whether one of the member's trusted devices was last seen on this network. */
  async networkKnown(db: DbOrTx, memberId: bigint, network: string) {
    const [row] = await db
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(
        and(
          eq(trustedDevices.memberId, memberId),
          eq(trustedDevices.network, network),
          isNull(trustedDevices.removedAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Trusts a device (again, when it was removed), or notes it seen now on `network`. */
  async trust(
    db: DbOrTx,
    row: { memberId: bigint; deviceId: string; network: string | null; userAgent: string | null },
  ) {
    const now = new Date();
    await db
      .insert(trustedDevices)
      .values({ ...row, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: [trustedDevices.memberId, trustedDevices.deviceId],
        set: {
          network: row.network,
          userAgent: row.userAgent,
          lastSeenAt: now,
          removedAt: null,
          // A device trusted again after its removal starts a new first-seen.
          firstSeenAt: sql`case when ${trustedDevices.removedAt} is null then ${trustedDevices.firstSeenAt} else ${now.toISOString()}::timestamptz end`,
        },
      });
  },

  /** Notes a trusted device seen now, on this network. */
  async seen(db: DbOrTx, id: string, network: string | null, userAgent: string | null) {
    await db
      .update(trustedDevices)
      .set({ lastSeenAt: new Date(), network, userAgent })
      .where(eq(trustedDevices.id, id));
  },

  /** The member's trusted devices, the most recently seen first. */
  list(db: DbOrTx, memberId: bigint) {
    return db
      .select()
      .from(trustedDevices)
      .where(and(eq(trustedDevices.memberId, memberId), isNull(trustedDevices.removedAt)))
      .orderBy(desc(trustedDevices.lastSeenAt));
  },

  /** Marks one of the member's trusted devices removed; false when there is none such. */
  async remove(db: DbOrTx, memberId: bigint, id: string) {
    const rows = await db
      .update(trustedDevices)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(trustedDevices.id, id),
          eq(trustedDevices.memberId, memberId),
          isNull(trustedDevices.removedAt),
        ),
      )
      .returning({ id: trustedDevices.id });
    return rows.length > 0;
  },
};
