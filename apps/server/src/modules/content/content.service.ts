/**
 * Banners, notices, popups and promotions. The published content is small and read on every home
 * page, so each process keeps all of it in memory (a snapshot) and answers from it: an answer per
 * language, types and banner group is serialised, compressed and tagged once per snapshot version
 * and served as bytes (304 for a caller holding its tag). An operator write is announced on the
 * cache store's `content` channel and every process reloads; a periodic reload covers processes
 * that share the database but no Redis. Read marks are per member and never part of the shared
 * answer: they are spliced into a copy for members who have read something.
 */
import { randomUUID } from 'node:crypto';
import {
  type Announcement,
  type AnnouncementAnswer,
  type AnnouncementQuery,
  type Banner,
  type ContentType,
  type Popup,
  type Promotion,
  type PromotionApplication,
  type PromotionCategory,
} from '@khela/contract/content';
import type { Language } from '@khela/contract/language';
import { isGuest } from '@khela/contract/members';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { ok } from '../../lib/envelope';
import { PreparedAnswer } from '../../lib/prepared-answer';
import { PersonalAnswer } from './personal-answer';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';
import type { AuthSession } from '../accounts/sessions.service';
import {
  drawPicture,
  PICTURE_FILE,
  pictureRevision,
  pictureUrl,
  type ImageKind,
  type Picture,
} from './content-images';
import { applicationStatus } from './application-status';
import { campaignReads, type PromotionBonus } from '../bonuses/campaign-reads';
import {
  contentRepository,
  type BannerRow,
  type CategoryRow,
  type NoticeRow,
  type PopupRow,
  type PromotionRow,
} from './content.repository';

const CHANNEL = 'content';

type Published = Awaited<ReturnType<typeof contentRepository.published>>;

interface Snapshot extends Published {
  version: number;
  /** The bonus campaigns the promotions name, by campaign id (modules/bonuses). */
  bonuses: Map<bigint, PromotionBonus>;
}

/** A fingerprint of what was read: bigints (campaign ids) as strings. */
const fingerprintOf = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** Who is asking decides popups (A or B) and read marks. */
type Viewer = 'guest' | 'member' | 'trial';

/** What was made from one version of the snapshot, and until when it holds. */
interface MadeFromSnapshot {
  version: number;
  /** The first moment an item of the snapshot starts or ends after it was made. */
  validUntil: number;
}

interface CachedAnswers extends MadeFromSnapshot {
  byViewer: Partial<Record<Viewer, { value: AnnouncementAnswer; answer: PreparedAnswer }>>;
}

interface KeptAnswer extends MadeFromSnapshot {
  answer: PreparedAnswer;
}

const SITE_NAME: Record<Language, string> = { EN: 'Khela', BN: 'খেলা' };

const iso = (date: Date) => date.toISOString();
const live = (row: { startAt: Date; endAt: Date | null }, now: number) =>
  row.startAt.getTime() <= now && (row.endAt === null || row.endAt.getTime() > now);
const liveUntil = (row: PromotionRow, now: number) =>
  live({ startAt: row.startAt, endAt: row.noExpiry ? null : row.endAt }, now);

const title = (row: { titleEn: string; titleBn: string }, language: Language) =>
  language === 'EN' ? row.titleEn : row.titleBn;
const body = (row: { contentEn: string; contentBn: string }, language: Language) =>
  language === 'EN' ? row.contentEn : row.contentBn;

/** The language a banner group stands for (m_reg_EN), else the request's. */
const groupLanguage = (group: string, language: Language): Language =>
  group.endsWith('_EN') ? 'EN' : group.endsWith('_BN') ? 'BN' : language;

export class ContentService {
  private snapshot: Snapshot = {
    version: 0,
    notices: [],
    banners: [],
    popups: [],
    promotions: [],
    categories: [],
    bonuses: new Map(),
  };
  private fingerprint = '';
  /** Tells this service's own change notices apart: it has reloaded already when it announces. */
  private readonly instance = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  /** Anyone can ask for any valid group name, so the answers kept are bounded. */
  private readonly answers = new LRUCache<string, CachedAnswers>({ max: 500 });
  private readonly promotionAnswers = new LRUCache<string, KeptAnswer>({ max: 500 });
  /**
   * A visitor's answers by request address (language and URL), so a repeated request from a
   * visitor is answered before its query is parsed (the games calls do the same). Bounded: any
   * visitor can make up addresses.
   */
  private readonly visitorAnswers = new LRUCache<string, KeptAnswer>({ max: 500 });
  /** Each member's read notice ids; dropped in every process when the member marks one. */
  private readonly reads: ReadCache<number[]>;

  constructor(
    private readonly db: Database,
    private readonly cache: CacheStore,
    private readonly refreshMs: number,
  ) {
    this.reads = new ReadCache(cache, { name: 'notice-reads', max: 50_000, ttlMs: 60_000 });
  }

  async start() {
    await this.reload();
    await this.reads.start();
    await this.cache.subscribe(CHANNEL, (sender) => {
      if (sender !== this.instance) void this.reload().catch(() => undefined);
    });
    this.timer = setInterval(() => void this.reload().catch(() => undefined), this.refreshMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  /** Reads the published content; the version moves only when something changed. */
  async reload() {
    const published = await contentRepository.published(this.db);
    const bonuses = await campaignReads.promotionBonuses(
      this.db,
      published.promotions.flatMap((row) =>
        row.bonusCampaignId === null ? [] : [row.bonusCampaignId],
      ),
    );
    const fingerprint = fingerprintOf([published, [...bonuses.values()]]);
    if (fingerprint === this.fingerprint) return;
    this.fingerprint = fingerprint;
    this.snapshot = { ...published, bonuses, version: this.snapshot.version + 1 };
  }

  /** After an operator write: reload here, then tell every other process. */
  async announce() {
    await this.reload();
    await this.cache.publish(CHANNEL, this.instance);
  }

  // ── The announcement call ────────────────────────────────────────────────────────────────

  /**
   * The answer for this caller: shared bytes for visitors, trial accounts and members who have
   * read none of the listed notices; a copy with their read marks for the others. `url`: the
   * request's address; a visitor's answer is kept under it for `visitorAnswerFor` (never a
   * session's: popups and read marks differ).
   */
  async announcements(
    query: AnnouncementQuery,
    language: Language,
    auth: AuthSession | null,
    url?: string,
  ): Promise<PreparedAnswer | PersonalAnswer> {
    const viewer: Viewer = !auth
      ? 'guest'
      : auth.kind !== 'member' || isGuest(auth.type)
        ? 'trial'
        : 'member';
    const shared = this.sharedAnnouncements(query, language, viewer);
    if (viewer === 'guest' && url !== undefined) {
      const { version, validUntil } = shared.entry;
      this.visitorAnswers.set(`${language}|${url}`, { version, validUntil, answer: shared.answer });
    }
    if (viewer !== 'member' || !auth) return shared.answer;
    const notices = [...(shared.value.announcement ?? []), ...(shared.value.player ?? [])];
    if (notices.length === 0) return shared.answer;
    const readIds = new Set(await this.readIds(auth.memberId));
    if (!notices.some((notice) => readIds.has(notice.id))) return shared.answer;
    const mark = (list: Announcement[] | undefined) =>
      list?.map((notice) => (readIds.has(notice.id) ? { ...notice, read: true } : notice));
    const value: AnnouncementAnswer = {
      ...shared.value,
      ...(shared.value.announcement ? { announcement: mark(shared.value.announcement) } : {}),
      ...(shared.value.player ? { player: mark(shared.value.player) } : {}),
    };
    return new PersonalAnswer(JSON.stringify(ok(value)));
  }

  /** The answer a visitor got before at this address, while nothing in it has changed. */
  visitorAnswerFor(url: string, language: Language): PreparedAnswer | undefined {
    const kept = this.visitorAnswers.get(`${language}|${url}`);
    return this.holds(kept, Date.now()) ? kept.answer : undefined;
  }

  /** Whether what was made from the snapshot still holds: same version, nothing started or ended. */
  private holds<T extends MadeFromSnapshot>(made: T | undefined, now: number): made is T {
    return made !== undefined && made.version === this.snapshot.version && now < made.validUntil;
  }

  /** The first live banner of a group: the page preloads it, as it is what paints largest. */
  firstBannerUrl(group: string, language: Language): string | undefined {
    const now = Date.now();
    const row = this.snapshot.banners.find(
      (banner) => banner.groupName === group && live(banner, now),
    );
    return row ? this.banner(row, groupLanguage(group, language)).url : undefined;
  }

  private sharedAnnouncements(query: AnnouncementQuery, language: Language, viewer: Viewer) {
    const types = [...query.types].sort();
    const key = `${language}|${types.join(',')}|${query.groupName}`;
    const now = Date.now();
    let entry = this.answers.get(key);
    if (!this.holds(entry, now)) {
      entry = { version: this.snapshot.version, validUntil: this.nextChange(now), byViewer: {} };
      this.answers.set(key, entry);
    }
    let made = entry.byViewer[viewer];
    if (!made) {
      const value = this.buildAnswer(types, query.groupName, language, viewer, now);
      made = { value, answer: new PreparedAnswer(JSON.stringify(ok(value))) };
      entry.byViewer[viewer] = made;
    }
    return { ...made, entry };
  }

  private buildAnswer(
    types: readonly ContentType[],
    group: string,
    language: Language,
    viewer: Viewer,
    now: number,
  ): AnnouncementAnswer {
    const snapshot = this.snapshot;
    const answer: AnnouncementAnswer = {};
    const read = viewer === 'trial';
    const notices = (kind: 'A' | 'PL') =>
      snapshot.notices
        .filter((row) => row.kind === kind && live(row, now))
        .map((row) => this.notice(row, language, read));
    for (const type of types) {
      switch (type) {
        case 'A':
          answer.announcement = notices('A');
          break;
        case 'PL':
          answer.player = notices('PL');
          break;
        case 'B':
          answer.banners = snapshot.banners
            .filter((row) => row.groupName === group && live(row, now))
            .map((row) => this.banner(row, groupLanguage(group, language)));
          break;
        case 'PU':
          answer.popup = snapshot.popups
            .filter((row) => row.execution === (viewer === 'guest' ? 'B' : 'A') && live(row, now))
            .map((row) => this.popup(row, language));
          break;
        case 'PR':
        case 'Promotion':
          answer.promotion = this.livePromotions(now).map((row) =>
            this.promotion(row, language, now),
          );
          if (type === 'Promotion') answer.promotionCategories = this.categories(language);
          break;
        case 'H':
          answer.hot = this.livePromotions(now)
            .filter((row) => row.hot)
            .map((row) => this.promotion(row, language, now));
          break;
        default: {
          const never: never = type;
          throw new Error(`unknown content type ${String(never)}`);
        }
      }
    }
    return answer;
  }

  /** When the next item starts or ends: cached answers are remade then. */
  private nextChange(now: number): number {
    let next = Number.POSITIVE_INFINITY;
    const consider = (date: Date | null) => {
      const time = date?.getTime();
      if (time !== undefined && time > now && time < next) next = time;
    };
    const { notices, banners, popups, promotions, bonuses } = this.snapshot;
    for (const row of [...notices, ...banners, ...popups, ...promotions]) {
      consider(row.startAt);
      consider(row.endAt);
    }
    // A promotion's bonus shows only while its campaign can be had.
    for (const bonus of bonuses.values()) {
      consider(bonus.startsAt);
      consider(bonus.endsAt);
    }
    return next;
  }

  private readIds(memberId: bigint) {
    return this.reads
      .getOrLoad(String(memberId), () => contentRepository.readNoticeIds(this.db, memberId))
      .then((ids) => ids ?? []);
  }

  // ── Mappers: what leaves the server ──────────────────────────────────────────────────────

  private notice(row: NoticeRow, language: Language, read: boolean): Announcement {
    return {
      id: row.id,
      title: title(row, language),
      content: body(row, language),
      startDate: iso(row.startAt),
      read,
    };
  }

  private bannerPicture(row: BannerRow, language: Language): Picture {
    return { kind: 'banner', id: row.id, language, theme: row.theme };
  }

  private banner(row: BannerRow, language: Language): Banner {
    const own = language === 'EN' ? row.imageUrlEn : row.imageUrlBn;
    return {
      id: row.id,
      url: own ?? pictureUrl(this.bannerPicture(row, language)),
      groupName: row.groupName,
      title: title(row, language),
      link: row.link,
      caption: own ? null : { headline: title(row, language), tagline: SITE_NAME[language] },
    };
  }

  private popup(row: PopupRow, language: Language): Popup {
    return {
      id: row.id,
      execution: row.execution === 'A' ? 'A' : 'B',
      title: title(row, language),
      content: body(row, language),
      imageUrl: row.imageUrl,
      link: row.link,
      startDate: iso(row.startAt),
    };
  }

  private promotionPicture(row: PromotionRow, language: Language): Picture {
    return { kind: 'promotion', id: row.id, language, theme: row.theme };
  }

  /** The bonus a promotion names and how to get it, while its campaign can be had. */
  private promotionBonus(row: PromotionRow, language: Language, now: number) {
    const bonus =
      row.bonusCampaignId === null ? undefined : this.snapshot.bonuses.get(row.bonusCampaignId);
    if (!bonus || bonus.closed) return null;
    if (bonus.startsAt && bonus.startsAt.getTime() > now) return null;
    if (bonus.endsAt && bonus.endsAt.getTime() <= now) return null;
    return { campaignId: bonus.campaignId, kind: bonus.kind, howTo: bonus.howTo[language] };
  }

  private promotion(row: PromotionRow, language: Language, now = Date.now()): Promotion {
    const drawn = row.images.length === 0;
    const images = drawn
      ? [{ sequence: 1, url: pictureUrl(this.promotionPicture(row, language)) }]
      : [...row.images].sort((a, b) => a.sequence - b.sequence);
    const category = this.snapshot.categories.find((c) => row.categoryIds.includes(c.id));
    const tagline = category ? (language === 'EN' ? category.nameEn : category.nameBn) : '';
    return {
      id: row.id,
      title: title(row, language),
      content: body(row, language),
      startDate: iso(row.startAt),
      endDate: row.noExpiry || !row.endAt ? null : iso(row.endAt),
      noExpiry: row.noExpiry ? 1 : 0,
      promoAnnouncementCategoryIds: row.categoryIds,
      announcementImages: images,
      caption: drawn ? { headline: title(row, language), tagline } : null,
      applicable: row.applicable,
      hot: row.hot,
      bonus: this.promotionBonus(row, language, now),
    };
  }

  private categories(language: Language): PromotionCategory[] {
    return this.snapshot.categories.map((row: CategoryRow) => ({
      id: row.id,
      name: language === 'EN' ? row.nameEn : row.nameBn,
    }));
  }

  /**
   * Promotions in their window; one that names a bonus campaign only while that bonus can be had
   * (a paused, used-up or ended campaign's promotion would promise money nobody gets).
   */
  private livePromotions(now: number) {
    return this.snapshot.promotions.filter(
      (row) =>
        liveUntil(row, now) &&
        (row.bonusCampaignId === null || this.promotionBonus(row, 'EN', now) !== null),
    );
  }

  // ── Promotions ───────────────────────────────────────────────────────────────────────────

  private promotionAnswer(key: string, make: (now: number) => unknown): PreparedAnswer {
    const now = Date.now();
    const cached = this.promotionAnswers.get(key);
    if (this.holds(cached, now)) return cached.answer;
    const answer = new PreparedAnswer(JSON.stringify(ok(make(now))));
    this.promotionAnswers.set(key, {
      version: this.snapshot.version,
      validUntil: this.nextChange(now),
      answer,
    });
    return answer;
  }

  /** Categories and the live promotions, of one category when asked (the same for everyone). */
  promotionList(language: Language, categoryId: number | undefined): PreparedAnswer {
    return this.promotionAnswer(`list|${language}|${categoryId ?? ''}`, (now) => ({
      categories: this.categories(language),
      list: this.livePromotions(now)
        .filter((row) => categoryId === undefined || row.categoryIds.includes(categoryId))
        .map((row) => this.promotion(row, language, now)),
    }));
  }

  promotionDetail(language: Language, id: number): PreparedAnswer {
    const row = this.livePromotions(Date.now()).find((promotion) => promotion.id === id);
    if (!row) throw notFound();
    return this.promotionAnswer(`detail|${language}|${id}`, (now) =>
      this.promotion(row, language, now),
    );
  }

  /**
   * A member applies for a promotion that takes applications, once; the operator decides.
   * Trial accounts never get here (the route's guard answers 403).
   */
  async apply(memberId: bigint, promotionId: number, remark: string) {
    const row = await contentRepository.promotion(this.db, promotionId);
    if (!row || row.hidden || row.startAt.getTime() > Date.now()) throw notFound();
    if (!row.applicable || !liveUntil(row, Date.now())) {
      throw new AppError('promotion.notApplicable');
    }
    const cleanRemark = stripControls(remark).trim();
    const created = await contentRepository.insertApplication(
      this.db,
      memberId,
      promotionId,
      cleanRemark,
    );
    if (!created) throw new AppError('promotion.alreadyApplied');
    return toApplication(created);
  }

  async myApplications(memberId: bigint): Promise<PromotionApplication[]> {
    const rows = await contentRepository.memberApplications(this.db, memberId);
    return rows.map(toApplication);
  }

  // ── Read marks ──────────────────────────────────────────────────────────────────────────

  async markRead(memberId: bigint, noticeId: number, read: boolean) {
    const notice = await contentRepository.publishedNotice(this.db, noticeId);
    if (!notice) throw notFound();
    if (read) await contentRepository.markRead(this.db, memberId, noticeId);
    else await contentRepository.markUnread(this.db, memberId, noticeId);
    await this.reads.invalidate(String(memberId));
    return { announcementId: noticeId, read };
  }

  // ── Pictures ────────────────────────────────────────────────────────────────────────────

  /**
   * The SVG a picture address names. `current` is false for an address of an older drawing:
   * the newest picture is sent, but not for a year.
   */
  picture(kind: ImageKind, file: string): { svg: string; current: boolean } | undefined {
    const match = PICTURE_FILE.exec(file);
    if (!match) return undefined;
    const id = Number(match[1]);
    const language: Language = match[2] === 'en' ? 'EN' : 'BN';
    let picture: Picture | undefined;
    if (kind === 'banner') {
      const row = this.snapshot.banners.find((banner) => banner.id === id);
      if (row) picture = this.bannerPicture(row, language);
    } else {
      const row = this.snapshot.promotions.find((promotion) => promotion.id === id);
      if (row) picture = this.promotionPicture(row, language);
    }
    if (!picture) return undefined;
    return { svg: drawPicture(picture), current: pictureRevision(picture) === match[3] };
  }
}

/** Postgres refuses NUL in text; other control characters have no place in a remark or title. */
export function stripControls(text: string, keepNewlines = false): string {
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    const control = code < 0x20 || code === 0x7f;
    return control && !(keepNewlines && (char === '\n' || char === '\t')) ? ' ' : char;
  }).join('');
}

function toApplication(row: {
  id: number;
  promotionId: number;
  remark: string;
  status: string;
  createdAt: Date;
}): PromotionApplication {
  return {
    id: row.id,
    promotionId: row.promotionId,
    remark: row.remark,
    status: applicationStatus(row.status),
    createdAt: iso(row.createdAt),
  };
}
