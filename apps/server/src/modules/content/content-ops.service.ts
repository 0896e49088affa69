/**
 * The operator's side of content: create, change and hide notices, banners, popups, promotions
 * and categories, and decide promotion applications. HTML is sanitised here, on write, so the
 * database never holds markup that could run in a player's page. Every write is announced, so
 * every process serves the change at once.
 */
import type { z } from 'zod';
import type {
  OpsApplicationsQuerySchema,
  OpsBannerBodySchema,
  OpsCategoryBodySchema,
  OpsNoticeBodySchema,
  OpsPopupBodySchema,
  OpsPromotionBodySchema,
} from '@khela/contract/content';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { changedFields, type AuditTrail } from '../audit/audit.service';
import {
  contentRepository,
  type BannerRow,
  type CategoryRow,
  type ContentTable,
  type NoticeRow,
  type PopupRow,
  type PromotionRow,
} from './content.repository';
import { memberReads } from '../accounts/member-reads';
import type { BonusesService } from '../bonuses/bonuses.service';
import { campaignReads } from '../bonuses/campaign-reads';
import type { ContentService } from './content.service';
import { stripControls } from './content.service';
import { applicationStatus } from './application-status';
import { sanitizeContentHtml } from './sanitize';

/** The operator's content tables, by name (routes take it from here, not the repository). */
export type { ContentTable };

/** What the audit trail calls a row of each table. */
const AUDIT_TARGET: Record<ContentTable, string> = {
  notices: 'notice',
  banners: 'banner',
  popups: 'popup',
  categories: 'promotionCategory',
  promotions: 'promotion',
};

type NoticeBody = z.output<typeof OpsNoticeBodySchema>;
type BannerBody = z.output<typeof OpsBannerBodySchema>;
type PopupBody = z.output<typeof OpsPopupBodySchema>;
type CategoryBody = z.output<typeof OpsCategoryBodySchema>;
type PromotionBody = z.output<typeof OpsPromotionBodySchema>;

export interface BodyOf {
  notices: NoticeBody;
  banners: BannerBody;
  popups: PopupBody;
  categories: CategoryBody;
  promotions: PromotionBody;
}

const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);
const text = (value: string | undefined) =>
  value === undefined ? undefined : stripControls(value);
const html = (value: string | undefined) =>
  value === undefined ? undefined : sanitizeContentHtml(stripControls(value, true));

/** Drops the keys whose value is undefined, so an update leaves those columns alone. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Contract body (whole or partial) → column values. */
function toColumns(table: ContentTable, body: Partial<BodyOf[ContentTable]>) {
  const b = body as Partial<NoticeBody & BannerBody & PopupBody & CategoryBody & PromotionBody>;
  const common = {
    sort: b.sort,
    hidden: b.hidden,
  };
  const window = { startAt: date(b.startAt) ?? undefined, endAt: date(b.endAt) };
  switch (table) {
    case 'notices':
      return defined({
        ...common,
        ...window,
        kind: b.kind,
        titleEn: text(b.titleEn),
        titleBn: text(b.titleBn),
        contentEn: html(b.contentEn),
        contentBn: html(b.contentBn),
      });
    case 'banners':
      return defined({
        ...common,
        ...window,
        groupName: b.groupName,
        titleEn: text(b.titleEn),
        titleBn: text(b.titleBn),
        imageUrlEn: b.imageUrlEn,
        imageUrlBn: b.imageUrlBn,
        link: b.link,
        theme: b.theme,
      });
    case 'popups':
      return defined({
        ...common,
        ...window,
        execution: b.execution,
        titleEn: text(b.titleEn),
        titleBn: text(b.titleBn),
        contentEn: html(b.contentEn),
        contentBn: html(b.contentBn),
        imageUrl: b.imageUrl,
        link: b.link,
      });
    case 'categories':
      return defined({ ...common, nameEn: text(b.nameEn), nameBn: text(b.nameBn) });
    case 'promotions':
      return defined({
        ...common,
        ...window,
        titleEn: text(b.titleEn),
        titleBn: text(b.titleBn),
        contentEn: html(b.contentEn),
        contentBn: html(b.contentBn),
        noExpiry: b.noExpiry === undefined ? undefined : b.noExpiry === 1,
        categoryIds: b.categoryIds,
        images: b.images,
        theme: b.theme,
        applicable: b.applicable,
        hot: b.hot,
        bonusCampaignId:
          b.bonusCampaignId === undefined
            ? undefined
            : b.bonusCampaignId === null
              ? null
              : BigInt(b.bonusCampaignId),
      });
    default: {
      const never: never = table;
      throw new Error(`unknown table ${String(never)}`);
    }
  }
}

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** Row → what the operator API answers (the contract's Ops…Schema). */
export function fromRow(table: ContentTable, row: Record<string, unknown>) {
  switch (table) {
    case 'notices': {
      const r = row as NoticeRow;
      return {
        id: r.id,
        kind: r.kind === 'A' ? ('A' as const) : ('PL' as const),
        titleEn: r.titleEn,
        titleBn: r.titleBn,
        contentEn: r.contentEn,
        contentBn: r.contentBn,
        startAt: r.startAt.toISOString(),
        endAt: isoOrNull(r.endAt),
        sort: r.sort,
        hidden: r.hidden,
      };
    }
    case 'banners': {
      const r = row as BannerRow;
      return {
        id: r.id,
        groupName: r.groupName,
        titleEn: r.titleEn,
        titleBn: r.titleBn,
        imageUrlEn: r.imageUrlEn,
        imageUrlBn: r.imageUrlBn,
        link: r.link,
        theme: r.theme,
        startAt: r.startAt.toISOString(),
        endAt: isoOrNull(r.endAt),
        sort: r.sort,
        hidden: r.hidden,
      };
    }
    case 'popups': {
      const r = row as PopupRow;
      return {
        id: r.id,
        execution: r.execution === 'A' ? ('A' as const) : ('B' as const),
        titleEn: r.titleEn,
        titleBn: r.titleBn,
        contentEn: r.contentEn,
        contentBn: r.contentBn,
        imageUrl: r.imageUrl,
        link: r.link,
        startAt: r.startAt.toISOString(),
        endAt: isoOrNull(r.endAt),
        sort: r.sort,
        hidden: r.hidden,
      };
    }
    case 'categories': {
      const r = row as CategoryRow;
      return { id: r.id, nameEn: r.nameEn, nameBn: r.nameBn, sort: r.sort, hidden: r.hidden };
    }
    case 'promotions': {
      const r = row as PromotionRow;
      return {
        id: r.id,
        titleEn: r.titleEn,
        titleBn: r.titleBn,
        contentEn: r.contentEn,
        contentBn: r.contentBn,
        startAt: r.startAt.toISOString(),
        endAt: isoOrNull(r.endAt),
        noExpiry: r.noExpiry ? (1 as const) : (0 as const),
        categoryIds: r.categoryIds,
        images: r.images,
        theme: r.theme,
        applicable: r.applicable,
        hot: r.hot,
        bonusCampaignId: r.bonusCampaignId?.toString() ?? null,
        sort: r.sort,
        hidden: r.hidden,
      };
    }
    default: {
      const never: never = table;
      throw new Error(`unknown table ${String(never)}`);
    }
  }
}

/** Inserts a row from a whole contract body, sanitising on the way (also used by the seed). */
export async function insertContent<T extends ContentTable>(db: DbOrTx, table: T, body: BodyOf[T]) {
  const columns = toColumns(table, body);
  return (await contentRepository.insert(db, table, columns)) as { id: number } & Record<
    string,
    unknown
  >;
}

export class ContentOpsService {
  constructor(
    private readonly db: Database,
    private readonly content: ContentService,
    /** Pays an approved application's bonus when its promotion names a campaign. */
    private readonly bonuses?: Pick<BonusesService, 'applicationApproved' | 'changed'>,
  ) {}

  async list(table: ContentTable) {
    const rows = await contentRepository.all(this.db, table);
    return rows.map((row) => fromRow(table, row));
  }

  async create<T extends ContentTable>(table: T, body: BodyOf[T], trail: AuditTrail) {
    await this.checkCategories(body);
    await this.checkCampaign(body);
    const row = await this.db.transaction(async (tx) => {
      const inserted = await insertContent(tx, table, body);
      await trail.record(tx, {
        action: 'content.create',
        targetType: AUDIT_TARGET[table],
        targetId: String(inserted.id),
        after: fromRow(table, inserted),
      });
      return inserted;
    });
    await this.content.announce();
    return fromRow(table, row);
  }

  async update<T extends ContentTable>(
    table: T,
    id: number,
    patch: Partial<BodyOf[T]>,
    trail: AuditTrail,
  ) {
    await this.checkCategories(patch);
    await this.checkCampaign(patch);
    const columns = toColumns(table, patch);
    const row = await this.db.transaction(async (tx) => {
      const before = await contentRepository.one(tx, table, id);
      if (!before) throw notFound();
      const updated = await contentRepository.update(tx, table, id, columns);
      if (!updated) throw notFound();
      const was: Record<string, unknown> = fromRow(table, before);
      const now: Record<string, unknown> = fromRow(table, updated);
      const changed = changedFields(
        was,
        Object.fromEntries(Object.keys(patch).map((key) => [key, now[key]])),
      );
      if (changed) {
        await trail.record(tx, {
          action: 'content.update',
          targetType: AUDIT_TARGET[table],
          targetId: String(id),
          ...changed,
        });
      }
      return updated;
    });
    await this.content.announce();
    return fromRow(table, row);
  }

  async applications(query: z.output<typeof OpsApplicationsQuerySchema> & { id?: number }) {
    const rows = await contentRepository.opsApplications(this.db, query);
    const names = await memberReads.usernames(
      this.db,
      rows.map((row) => row.memberId),
    );
    return rows.map((row) => ({
      id: row.id,
      promotionId: row.promotionId,
      remark: row.remark,
      status: applicationStatus(row.status),
      createdAt: row.createdAt.toISOString(),
      username: names.get(row.memberId) ?? '',
      promotionTitle: row.promotionTitle,
    }));
  }

  async setApplicationStatus(
    id: number,
    status: 'pending' | 'approved' | 'rejected',
    trail: AuditTrail,
  ) {
    const [was] = await this.applications({ id, limit: 1 });
    const row = await this.db.transaction(async (tx) => {
      const updated = await contentRepository.setApplicationStatus(tx, id, status);
      if (updated && was && was.status !== status && status === 'approved') {
        // The bonus of the promotion, once per application, with the approval (docs/bonuses.md).
        const campaignId = await contentRepository.promotionBonusCampaign(tx, updated.promotionId);
        if (campaignId !== null && this.bonuses) {
          await this.bonuses.applicationApproved(tx, {
            memberId: updated.memberId,
            campaignId,
            applicationId: id,
          });
        }
      }
      if (updated && was && was.status !== status) {
        await trail.record(tx, {
          action: 'promotionApplication.decide',
          targetType: 'promotionApplication',
          targetId: String(id),
          before: { status: was.status },
          after: { status },
        });
      }
      return updated;
    });
    if (!row) throw notFound();
    if (status === 'approved') await this.bonuses?.changed(row.memberId);
    const [application] = await this.applications({ id, limit: 1 });
    return application!;
  }

  /** A promotion may only name a bonus campaign that exists (modules/bonuses). */
  private async checkCampaign(body: object) {
    const id = (body as { bonusCampaignId?: string | null }).bonusCampaignId;
    if (id === undefined || id === null) return;
    const found = await campaignReads.promotionBonuses(this.db, [BigInt(id)]);
    if (found.size === 0) throw new AppError('bonus.notFound', { bonusCampaignId: id });
  }

  /** A promotion may only name categories that exist. */
  private async checkCategories(body: object) {
    const ids = (body as { categoryIds?: number[] }).categoryIds;
    if (!ids?.length) return;
    const known = new Set(await contentRepository.categoryIds(this.db));
    if (ids.some((id) => !known.has(id))) throw new AppError('content.unknownCategory');
  }
}
