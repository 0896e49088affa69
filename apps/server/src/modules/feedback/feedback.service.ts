/**
 * Player feedback and the operator's answers. The text must hold between the operator's word
 * bounds; images are judged PNG or JPEG by their first bytes (never by name or declared type)
 * and kept in the database with the feedback, in one transaction. An answer reaches the player
 * in the inbox (topic feedback.answered) in the same transaction as the answer itself.
 */
import type { AuditTrail } from '../audit/audit.service';
import {
  countWords,
  detectImageType,
  FEEDBACK_FLAG,
  FEEDBACK_LIMITS,
  feedbackMessage,
  type Feedback,
  type FeedbackList,
  type OpsFeedback,
} from '@khela/contract/feedback';
import type { Language } from '@khela/contract/language';
import type { Database } from '../../db/client';
import { AppError, invalid, notFound } from '../../errors';
import { memberReads } from '../accounts/member-reads';
import type { InboxService } from '../inbox/inbox.service';
import type { SettingsService } from '../settings/settings.service';
import {
  feedbackRepository as repo,
  type FeedbackRow,
  type ImageMeta,
  type NewImage,
} from './feedback.repository';

const DATA_URL = /^data:[^,]{0,100};base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const OPS_LIST_MAX = 200;
const EXCERPT_CHARS = 40;

function toFeedback(row: FeedbackRow, images: ImageMeta[]): Feedback {
  return {
    id: row.id.toString(),
    content: row.content,
    images: images
      .filter((image) => image.feedbackId === row.id)
      .map((image) => ({
        index: image.position,
        type: image.type === 'png' ? 'png' : 'jpg',
        bytes: image.size,
        name: image.name,
      })),
    status: row.status === 'answered' ? 'answered' : 'open',
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export class FeedbackService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly inbox: InboxService,
  ) {}

  /** The player's feedback calls answer 403 feature.disabled while FEEDBACK3 is off. */
  assertEnabled(): void {
    if (!this.settings.flag(FEEDBACK_FLAG)) throw new AppError('feature.disabled');
  }

  private bounds() {
    return {
      min: this.settings.get('feedbackMinWords'),
      max: this.settings.get('feedbackMaxWords'),
    };
  }

  /** Checks everything before writing anything: a refused feedback leaves no trace. */
  private check(
    content: string,
    images: Array<{ name?: string; data: string }>,
    language: Language,
  ): NewImage[] {
    const { min, max } = this.bounds();
    const words = countWords(content);
    if (words < min || words > max) {
      throw invalid({ content: [feedbackMessage('wordCount', language, min, max)] });
    }
    if (images.length > FEEDBACK_LIMITS.images) {
      throw invalid({
        images: [feedbackMessage('tooManyImages', language, FEEDBACK_LIMITS.images)],
      });
    }
    return images.map((image, index) => {
      const base64 = image.data.replace(DATA_URL, '').replace(/\s+/g, '');
      const field = `images.${index}`;
      if (!BASE64.test(base64) || base64.length % 4 === 1) {
        throw invalid({ [field]: [feedbackMessage('imageType', language)] });
      }
      const data = Buffer.from(base64, 'base64');
      if (data.length > FEEDBACK_LIMITS.imageBytes) {
        throw invalid({ [field]: [feedbackMessage('imageTooLarge', language)] });
      }
      const type = detectImageType(data);
      if (!type) throw invalid({ [field]: [feedbackMessage('imageType', language)] });
      return { type, name: image.name ?? null, data };
    });
  }

  async create(
    memberId: bigint,
    input: { content: string; images: Array<{ name?: string; data: string }> },
    language: Language,
  ): Promise<Feedback> {
    this.assertEnabled();
    const content = input.content.trim();
    const images = this.check(content, input.images, language);
    const row = await this.db.transaction((tx) => repo.insert(tx, memberId, content, images));
    return toFeedback(
      row,
      images.map((image, position) => ({
        feedbackId: row.id,
        position,
        type: image.type,
        name: image.name,
        size: image.data.length,
      })),
    );
  }

  async list(memberId: bigint, cursor: string | undefined): Promise<FeedbackList> {
    this.assertEnabled();
    const limit = FEEDBACK_LIMITS.pageSize;
    const rows = await repo.page(
      this.db,
      memberId,
      cursor === undefined ? undefined : BigInt(cursor),
      limit,
    );
    const page = rows.slice(0, limit);
    const images = await repo.imagesOf(
      this.db,
      page.map((row) => row.id),
    );
    const { min, max } = this.bounds();
    return {
      list: page.map((row) => toFeedback(row, images)),
      nextCursor: rows.length > limit ? (page.at(-1)?.id.toString() ?? null) : null,
      minWords: min,
      maxWords: max,
    };
  }

  // ── Operator ───────────────────────────────────────────────────────────────────────────────

  async opsList(status: 'open' | 'answered' | 'all'): Promise<OpsFeedback[]> {
    const rows = await repo.opsList(this.db, status === 'all' ? undefined : status, OPS_LIST_MAX);
    const [images, names] = await Promise.all([
      repo.imagesOf(
        this.db,
        rows.map((row) => row.id),
      ),
      memberReads.usernames(
        this.db,
        rows.map((row) => row.memberId),
      ),
    ]);
    return rows.map((row) => ({
      ...toFeedback(row, images),
      username: names.get(row.memberId) ?? '',
    }));
  }

  /** One feedback as the operator sees it: with its images and the player's username. */
  private async opsFeedback(row: FeedbackRow): Promise<OpsFeedback> {
    const [images, names] = await Promise.all([
      repo.imagesOf(this.db, [row.id]),
      memberReads.usernames(this.db, [row.memberId]),
    ]);
    return { ...toFeedback(row, images), username: names.get(row.memberId) ?? '' };
  }

  async opsShow(id: string): Promise<OpsFeedback> {
    const found = await repo.byId(this.db, BigInt(id));
    if (!found) throw notFound();
    return this.opsFeedback(found);
  }

  /** Answers (or re-answers) a feedback and tells the player in the inbox. */
  async opsAnswer(id: string, answer: string, trail: AuditTrail): Promise<OpsFeedback> {
    const found = await repo.byId(this.db, BigInt(id));
    if (!found) throw notFound();
    const content = found.content;
    const excerpt =
      content.length > EXCERPT_CHARS ? `${content.slice(0, EXCERPT_CHARS - 1)}…` : content;
    const row = await this.db.transaction(async (tx) => {
      const updated = await repo.answer(tx, found.id, answer);
      await this.inbox.notify(tx, found.memberId, 'feedback.answered', { excerpt });
      await trail.record(tx, {
        action: 'feedback.answer',
        targetType: 'feedback',
        targetId: found.id.toString(),
        before: { answer: found.answer ?? null },
        after: { answer },
      });
      return updated!;
    });
    return this.opsFeedback(row);
  }

  async opsImage(id: string, index: number): Promise<{ type: 'png' | 'jpg'; data: Buffer }> {
    const image = await repo.image(this.db, BigInt(id), index);
    if (!image) throw notFound();
    return { type: image.type === 'png' ? 'png' : 'jpg', data: image.data };
  }
}
