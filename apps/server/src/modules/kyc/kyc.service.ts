/**
 * Identity checks (KYC). The player sends an identity document (front and back) and a selfie;
 * each image is judged by its bytes (JPEG, PNG or WebP; 5 MB at most), decoded, turned upright
 * by its EXIF orientation and re-encoded as JPEG by sharp, so nothing of the original file's
 * metadata (EXIF, GPS, camera, comments) is kept. The images live in the database and are served
 * only on operator routes.
 *
 * States: none → waiting → approved | rejected; a rejected player may send documents again.
 * An operator's decision is one conditional update (`where state = 'waiting'`), so of two
 * concurrent decisions one wins; in the same transaction it writes the audit row, tells the
 * player in the inbox, and (approval) releases the player's withdrawals that waited for the
 * check (waiting_kyc → pending).
 */
import type { Language } from '@khela/contract/language';
import {
  detectKycImageType,
  KYC_LIMITS,
  KYC_SIDES,
  type KycSide,
  type KycState,
  type KycStatus,
  type KycUploadBody,
} from '@khela/contract/kyc';
import type {
  OpsKycDecision,
  OpsKycList,
  OpsKycListQuery,
  OpsKycSubmission,
} from '@khela/contract/backoffice/kyc';
import { OPS_PREFIX } from '@khela/contract/ops';
import { actorName } from '@khela/contract/operators';
import sharp from 'sharp';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { memberReads } from '../accounts/member-reads';
import { memberWrites } from '../accounts/member-writes';
import type { AuditContext, AuditService } from '../audit/audit.service';
import type { InboxService } from '../inbox/inbox.service';
import { kycRepository as repo, type KycImageMeta, type KycSubmissionRow } from './kyc.repository';

const DATA_URL = /^data:[^,]{0,100};base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Decoding refuses images of more pixels than this (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

/** What identity checks need of withdrawals (held ones are released on approval). */
export interface HeldWithdrawals {
  releaseWaitingKyc(tx: DbOrTx, memberId: bigint): Promise<bigint[]>;
  waitingKycCount(db: DbOrTx, memberId: bigint): Promise<number>;
  waitingKycCounts(db: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, number>>;
}

export interface KycDeps {
  db: Database;
  inbox: InboxService;
  audit: AuditService;
  withdrawals: HeldWithdrawals;
  /** Tells the back office's live counters the waiting queue may have changed. */
  queueChanged?: () => void;
}

interface Reencoded {
  side: KycSide;
  width: number;
  height: number;
  size: number;
  data: Buffer;
}

/** Decodes, turns upright per EXIF, bounds the size and re-encodes as JPEG without metadata. */
export async function reencodeImage(bytes: Buffer): Promise<Omit<Reencoded, 'side'> | null> {
  try {
    const { data, info } = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
    })
      .rotate()
      .resize({
        width: KYC_LIMITS.maxDimension,
        height: KYC_LIMITS.maxDimension,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, size: data.length };
  } catch {
    return null;
  }
}

function stateOf(latest: KycSubmissionRow | undefined, approved: boolean): KycState {
  if (approved) return 'approved';
  return (latest?.state as KycState | undefined) ?? 'none';
}

export class KycService {
  constructor(private readonly deps: KycDeps) {}

  private get db() {
    return this.deps.db;
  }

  // ── Player ───────────────────────────────────────────────────────────────────────────────

  /** GET /wps/member/kyc */
  async status(memberId: bigint): Promise<KycStatus> {
    const [latest, approved, waitingWithdrawals] = await Promise.all([
      repo.latest(this.db, memberId),
      repo.approvedExists(this.db, memberId),
      this.deps.withdrawals.waitingKycCount(this.db, memberId),
    ]);
    const state = stateOf(latest, approved);
    return {
      state,
      submittedAt: latest?.createdAt.toISOString() ?? null,
      decidedAt: latest?.decidedAt?.toISOString() ?? null,
      reason: latest?.state === 'rejected' ? latest.reason : null,
      canUpload: state === 'none' || state === 'rejected',
      waitingWithdrawals,
    };
  }

  /** Judges every image first (nothing is stored when one is refused), then stores all three. */
  async upload(memberId: bigint, body: KycUploadBody, _language: Language): Promise<KycStatus> {
    // Refused before any decoding work when the player may not send now.
    await this.assertMayUpload(this.db, memberId);
    const images: Reencoded[] = [];
    for (const side of KYC_SIDES) {
      images.push({ side, ...(await this.judge(side, body[side].data)) });
    }
    await this.db.transaction(async (tx) => {
      // One upload of a member at a time: the state check and the insert agree.
      await memberWrites.lock(tx, memberId);
      await this.assertMayUpload(tx, memberId);
      await repo.insert(tx, memberId, images);
    });
    this.deps.queueChanged?.();
    return this.status(memberId);
  }

  private async assertMayUpload(db: DbOrTx, memberId: bigint) {
    const [latest, approved] = await Promise.all([
      repo.latest(db, memberId),
      repo.approvedExists(db, memberId),
    ]);
    const state = stateOf(latest, approved);
    if (state === 'waiting' || state === 'approved') {
      throw new AppError('kyc.alreadySubmitted', { state });
    }
  }

  private async judge(side: KycSide, text: string): Promise<Omit<Reencoded, 'side'>> {
    const base64 = text.replace(DATA_URL, '').replace(/\s+/g, '');
    if (!BASE64.test(base64) || base64.length % 4 === 1) {
      throw new AppError('kyc.imageType', { field: side });
    }
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > KYC_LIMITS.imageBytes) {
      throw new AppError('kyc.imageTooLarge', { field: side });
    }
    if (!detectKycImageType(bytes)) throw new AppError('kyc.imageType', { field: side });
    const image = await reencodeImage(bytes);
    if (!image) throw new AppError('kyc.imageUnreadable', { field: side });
    return image;
  }

  // ── Operator ─────────────────────────────────────────────────────────────────────────────

  private async toOps(rows: KycSubmissionRow[]): Promise<OpsKycSubmission[]> {
    const memberIds = [...new Set(rows.map((row) => row.memberId))];
    const [names, metas, waiting] = await Promise.all([
      memberReads.usernames(this.db, memberIds),
      repo.imageMetas(
        this.db,
        rows.map((row) => row.id),
      ),
      this.deps.withdrawals.waitingKycCounts(this.db, memberIds),
    ]);
    return rows.map((row) => ({
      id: row.id.toString(),
      memberId: row.memberId.toString(),
      username: names.get(row.memberId) ?? '',
      state: row.state as OpsKycSubmission['state'],
      submittedAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: row.decidedBy,
      reason: row.reason,
      images: metas
        .filter((meta) => meta.submissionId === row.id)
        .sort((a, b) => KYC_SIDES.indexOf(a.side as KycSide) - KYC_SIDES.indexOf(b.side as KycSide))
        .map((meta: KycImageMeta) => ({
          side: meta.side as KycSide,
          bytes: meta.size,
          width: meta.width,
          height: meta.height,
          url: `${OPS_PREFIX}/kyc/${row.id}/images/${meta.side}`,
        })),
      waitingWithdrawals: waiting.get(row.memberId) ?? 0,
    }));
  }

  /** Submissions waiting for an operator (the back office's live counter). */
  waitingCount(): Promise<number> {
    return repo.countWaiting(this.db);
  }

  async opsList(query: OpsKycListQuery): Promise<OpsKycList> {
    let memberId: bigint | undefined;
    if (query.username) {
      const member = await memberReads.byUsername(this.db, query.username.toLowerCase());
      if (!member)
        return { list: [], nextCursor: null, waitingCount: await repo.waitingCount(this.db) };
      memberId = member.id;
    }
    const [rows, waitingCount] = await Promise.all([
      repo.page(this.db, {
        state: query.state,
        memberId,
        before: query.before === undefined ? undefined : BigInt(query.before),
        limit: query.limit + 1,
      }),
      repo.waitingCount(this.db),
    ]);
    const page = rows.slice(0, query.limit);
    return {
      list: await this.toOps(page),
      nextCursor: rows.length > query.limit ? page.at(-1)!.id.toString() : null,
      waitingCount,
    };
  }

  async opsShow(id: string): Promise<OpsKycSubmission> {
    const row = await repo.byId(this.db, BigInt(id));
    if (!row) throw notFound();
    const [ops] = await this.toOps([row]);
    return ops!;
  }

  async opsImage(id: string, side: KycSide): Promise<Buffer> {
    const image = await repo.image(this.db, BigInt(id), side);
    if (!image) throw notFound();
    return image.data;
  }

  /** Approves a waiting submission and releases the withdrawals that waited for it. */
  approve(id: string, context: AuditContext): Promise<OpsKycDecision> {
    return this.decide(BigInt(id), 'approved', null, context);
  }

  /** Rejects a waiting submission; the reason reaches the player, who may send documents again. */
  reject(id: string, reason: string, context: AuditContext): Promise<OpsKycDecision> {
    return this.decide(BigInt(id), 'rejected', reason, context);
  }

  private async decide(
    id: bigint,
    state: 'approved' | 'rejected',
    reason: string | null,
    context: AuditContext,
  ): Promise<OpsKycDecision> {
    const released = await this.db.transaction(async (tx) => {
      const row = await repo.decide(tx, id, {
        state,
        reason,
        decidedBy: actorName(context.actor),
      });
      if (!row) {
        const existing = await repo.byId(tx, id);
        if (!existing) throw notFound();
        throw new AppError('kyc.notWaiting', { state: existing.state });
      }
      const releasedIds =
        state === 'approved' ? await this.deps.withdrawals.releaseWaitingKyc(tx, row.memberId) : [];
      await this.deps.audit.record(tx, context, {
        action: state === 'approved' ? 'kyc.approve' : 'kyc.reject',
        targetType: 'kyc',
        targetId: id.toString(),
        before: { state: 'waiting', memberId: row.memberId.toString() },
        after: {
          state,
          releasedWithdrawals: releasedIds.map(String),
        },
        reason,
      });
      await this.deps.inbox.notify(
        tx,
        row.memberId,
        state === 'approved' ? 'kyc.approved' : 'kyc.rejected',
        state === 'approved' ? {} : { reason: reason ?? '' },
      );
      return releasedIds;
    });
    this.deps.queueChanged?.();
    return {
      submission: await this.opsShow(id.toString()),
      releasedWithdrawals: released.map(String),
    };
  }
}
