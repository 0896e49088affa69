/**
 * The back office's members desk: search, a member's page and its lists, and the operator's
 * actions on a member (notes, tags, status, ending sessions, a password reset). It owns only
 * notes and tags; everything else is read through its owners' read APIs (accounts, ledger,
 * cashier, withdrawals, game wallet, games) and changed through their services. Every change is
 * written to the audit trail inside the transaction that makes it.
 */
import type {
  MemberLedgerQuery,
  MemberListQuery,
  MemberSearchQuery,
  MemberStatus,
} from '@khela/contract/backoffice/members';
import type { Language } from '@khela/contract/language';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { AccountsService } from '../accounts/accounts.service';
import { memberDeskReads, type MemberRowFacts } from '../accounts/member-desk-reads';
import { memberReads, type MemberFacts } from '../accounts/member-reads';
import type { SessionsService } from '../accounts/sessions.service';
import type { AuditContext, AuditService } from '../audit/audit.service';
import type { StepUpService } from '../security/step-up.service';
import { depositReads } from '../cashier/deposit-reads';
import { gameRoundReads } from '../game-wallet/game-round-reads';
import { gameReads } from '../games/game-reads';
import { ledgerReads } from '../ledger/ledger-reads';
import type { VipService } from '../vip/vip.service';
import { withdrawalReads } from '../withdrawals/withdrawal-reads';
import { membersDeskRepository as repo } from './members-desk.repository';

export interface MembersDeskDeps {
  db: Database;
  audit: AuditService;
  accounts: AccountsService;
  sessions: SessionsService;
  vip: VipService;
  stepUp: Pick<StepUpService, 'opsList' | 'opsRemove'>;
}

const iso = (date: Date | string | null) =>
  date === null ? null : (typeof date === 'string' ? new Date(date) : date).toISOString();
/** The widest span: lists without `from`/`to` cover everything. */
const EARLIEST = new Date(0);
const LATEST = new Date('9999-01-01T00:00:00Z');
const cursorOf = (before: string | undefined) =>
  before === undefined ? undefined : BigInt(before);
/** The cursor for the next page: the last item's id when the page was full. */
const nextBefore = (rows: { id: bigint }[], limit: number) =>
  rows.length === limit ? rows[rows.length - 1]!.id.toString() : null;

const mobileOf = (row: { countryDialingCode: string | null; mobileNum: string | null }) =>
  row.mobileNum ? `${row.countryDialingCode ?? ''} ${row.mobileNum}`.trim() : null;

function hit(row: MemberRowFacts, balances: Map<bigint, bigint>) {
  return {
    id: row.id.toString(),
    username: row.username,
    mobile: mobileOf(row),
    email: row.email,
    status: row.status,
    balanceMinor: Number(balances.get(row.id) ?? 0n),
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
  };
}

export class MembersDeskService {
  constructor(private readonly deps: MembersDeskDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** The member by username, whatever its state (operators see disabled ones too); else 404. */
  private async member(username: string): Promise<MemberFacts> {
    const member = await memberReads.byUsername(this.db, username);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    return member;
  }

  async search(query: MemberSearchQuery) {
    const rows = await memberDeskReads.search(this.db, query.by, query.q, query.limit);
    const balances = await ledgerReads.cashBalances(
      this.db,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => hit(row, balances)) };
  }

  async summary(username: string) {
    const facts = await memberDeskReads.pageFacts(this.db, username);
    if (!facts) throw new AppError('member.notFoundOrDisabled');
    const [balances, tags, notes, deposits, withdrawals, linked, vip] = await Promise.all([
      ledgerReads.cashBalances(this.db, [facts.id]),
      repo.tags(this.db, facts.id),
      repo.noteCount(this.db, facts.id),
      depositReads.countOf(this.db, facts.id),
      withdrawalReads.countOf(this.db, facts.id),
      memberDeskReads.linkedCount(this.db, facts.id),
      this.deps.vip.standing(facts.id),
    ]);
    return {
      ...hit(facts, balances),
      nickname: facts.nickname,
      type: facts.type,
      vipLevel: vip.current?.id ?? null,
      inviteCode: facts.inviteCode,
      upline: facts.uplineUsername ? { username: facts.uplineUsername } : null,
      downlineCount: facts.downlineCount,
      registration: {
        at: facts.createdAt.toISOString(),
        ip: facts.registerIp,
        domain: facts.registerDomain,
        method: facts.registerMethod,
      },
      tags,
      counts: {
        deposits,
        withdrawals,
        activeSessions: facts.activeSessions,
        notes,
        linked,
      },
    };
  }

  async ledger(username: string, q: MemberLedgerQuery) {
    const member = await this.member(username);
    const rows = await ledgerReads.cashEntryPage(this.db, {
      memberId: member.id,
      from: q.from ? new Date(q.from) : EARLIEST,
      to: q.to ? new Date(q.to) : LATEST,
      beforeId: cursorOf(q.before),
      type: q.kind,
      limit: q.limit,
    });
    return {
      items: rows.map((row) => ({
        id: row.id.toString(),
        transactionId: row.transactionId.toString(),
        ledgerKind: row.kind,
        kind: ledgerReads.typeOf(row.kind),
        amountMinor: Number(row.amountMinor),
        balanceAfterMinor: row.balanceAfterMinor === null ? null : Number(row.balanceAfterMinor),
        reference: row.reference,
        at: row.createdAt.toISOString(),
      })),
      nextBefore: nextBefore(rows, q.limit),
    };
  }

  private listQuery(memberId: bigint, q: MemberListQuery) {
    return {
      memberId,
      beforeId: cursorOf(q.before),
      ...(q.from && { from: new Date(q.from) }),
      ...(q.to && { to: new Date(q.to) }),
      ...(q.status && { status: q.status }),
      limit: q.limit,
    };
  }

  async deposits(username: string, q: MemberListQuery) {
    const member = await this.member(username);
    const rows = await depositReads.memberPage(this.db, this.listQuery(member.id, q));
    return {
      items: rows.map((row) => ({
        id: row.id.toString(),
        channelCode: row.channelCode,
        provider: row.provider,
        amountMinor: Number(row.amountMinor),
        status: row.status,
        providerRef: row.providerRef,
        createdAt: row.createdAt.toISOString(),
        completedAt: iso(row.settledAt),
      })),
      nextBefore: nextBefore(rows, q.limit),
    };
  }

  async withdrawals(username: string, q: MemberListQuery) {
    const member = await this.member(username);
    const rows = await withdrawalReads.memberPage(this.db, this.listQuery(member.id, q));
    return {
      items: rows.map((row) => ({
        id: row.id.toString(),
        channelCode: row.channelCode,
        amountMinor: Number(row.amountMinor),
        status: row.status,
        accountNumber: row.accountNumber,
        accountName: row.accountName,
        reason: row.decisionNote,
        createdAt: row.createdAt.toISOString(),
        decidedAt: iso(row.decidedAt),
      })),
      nextBefore: nextBefore(rows, q.limit),
    };
  }

  async rounds(
    username: string,
    q: { before?: string; from?: string; to?: string; limit: number },
  ) {
    const member = await this.member(username);
    const rows = await gameRoundReads.memberRounds(this.db, {
      memberId: member.id,
      from: q.from ? new Date(q.from) : EARLIEST,
      to: q.to ? new Date(q.to) : LATEST,
      beforeId: cursorOf(q.before),
      limit: q.limit,
    });
    const names = await gameReads.namesByIds(
      this.db,
      rows.map((row) => row.gameId),
    );
    return {
      items: rows.map((row) => {
        const name = names.get(row.gameId);
        return {
          id: row.id.toString(),
          vendor: name?.vendorEn ?? row.providerCode,
          gameName: name?.gameEn ?? null,
          roundRef: row.roundRef,
          accountKind: row.accountKind,
          betMinor: Number(row.stakeMinor),
          winMinor: Number(row.winMinor),
          status: row.status,
          at: row.openedAt.toISOString(),
        };
      }),
      nextBefore: nextBefore(rows, q.limit),
    };
  }

  async logins(username: string, q: { before?: string; limit: number }) {
    const member = await this.member(username);
    const rows = await memberDeskReads.loginPage(this.db, member.id, cursorOf(q.before), q.limit);
    return {
      items: rows.map((row) => ({
        kind: row.kind,
        ip: row.ip,
        userAgent: row.userAgent,
        deviceId: row.deviceId,
        at: row.createdAt.toISOString(),
      })),
      nextBefore: nextBefore(rows, q.limit),
    };
  }

  async linked(username: string) {
    const member = await this.member(username);
    const rows = await memberDeskReads.linked(this.db, member.id, 100);
    return {
      items: rows.map((row) => ({
        username: row.username,
        status: row.status,
        via: row.via.map((shared) => ({
          kind: shared.kind,
          value: shared.value,
          logins: Number(shared.logins),
          lastSeenAt: iso(shared.lastSeenAt)!,
        })),
        lastSeenAt: iso(row.last_seen)!,
      })),
    };
  }

  async sessions(username: string) {
    const member = await this.member(username);
    const rows = await this.deps.sessions.liveOf(this.db, member.id, new Date());
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        ip: row.ip,
        userAgent: row.userAgent,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      })),
    };
  }

  /** The devices the member trusted at a new-device login, the most recently seen first. */
  async trustedDevices(username: string) {
    const member = await this.member(username);
    return { items: await this.deps.stepUp.opsList(member.id) };
  }

  // ── Actions ─────────────────────────────────────────────────────────────────────────────

  async notes(username: string) {
    const member = await this.member(username);
    const rows = await repo.notes(this.db, member.id);
    return {
      items: rows.map((row) => ({
        id: row.id.toString(),
        text: row.text,
        author: row.authorName,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  async addNote(context: AuditContext, username: string, text: string) {
    const member = await this.member(username);
    const { actor } = context;
    const row = await this.db.transaction(async (tx) => {
      const note = await repo.insertNote(tx, {
        memberId: member.id,
        text,
        operatorId: actor.kind === 'operator' ? BigInt(actor.id) : null,
        authorName: actor.kind === 'operator' ? actor.username : 'automation',
      });
      await this.deps.audit.record(tx, context, {
        action: 'member.note',
        targetType: 'member',
        targetId: member.username,
        after: { noteId: note.id.toString(), text },
      });
      return note;
    });
    return {
      id: row.id.toString(),
      text: row.text,
      author: row.authorName,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Replaces the member's tags (trimmed, duplicates dropped, in the given order). */
  async setTags(context: AuditContext, username: string, tags: string[]) {
    const member = await this.member(username);
    const wanted = [...new Set(tags.map((tag) => tag.trim()))];
    await this.db.transaction(async (tx) => {
      const before = await repo.tags(tx, member.id, true);
      await repo.replaceTags(tx, member.id, wanted);
      await this.deps.audit.record(tx, context, {
        action: 'member.tags',
        targetType: 'member',
        targetId: member.username,
        before: { tags: before },
        after: { tags: wanted },
      });
    });
    return { tags: await repo.tags(this.db, member.id) };
  }

  /** A status change needs a reason; disabling ends every session. */
  async setStatus(
    context: AuditContext,
    username: string,
    body: { status: MemberStatus; reason?: string | undefined },
  ) {
    const reason = body.reason?.trim();
    if (!reason) throw new AppError('member.reasonRequired', { field: 'reason' });
    const member = await this.member(username);
    const { sessionsEnded } = await this.deps.accounts.opsSetStatus(
      member.id,
      body.status,
      (tx, before) =>
        this.deps.audit.record(tx, context, {
          action: 'member.status',
          targetType: 'member',
          targetId: member.username,
          before,
          after: { status: body.status },
          reason,
        }),
    );
    return { username: member.username, status: body.status, sessionsEnded };
  }

  async endSessions(context: AuditContext, username: string) {
    const member = await this.member(username);
    const ended = await this.deps.accounts.opsEndSessions(member.id, (tx, count) =>
      this.deps.audit.record(tx, context, {
        action: 'member.sessions.end',
        targetType: 'member',
        targetId: member.username,
        after: { sessionsEnded: count },
      }),
    );
    return { ended };
  }

  /** Removes a trusted device: the member's next login from a new network asks for a code. */
  async removeTrustedDevice(context: AuditContext, username: string, id: string) {
    const member = await this.member(username);
    return this.deps.stepUp.opsRemove(member.id, id, (tx) =>
      this.deps.audit.record(tx, context, {
        action: 'member.trustedDevice.remove',
        targetType: 'member',
        targetId: member.username,
        before: { trustedDevice: id },
      }),
    );
  }

  async passwordReset(
    context: AuditContext,
    username: string,
    channel: 'sms' | 'email' | undefined,
    language: Language,
  ) {
    const member = await this.member(username);
    return this.deps.accounts.opsSendPasswordReset(member.id, channel, language, (tx, sent) =>
      this.deps.audit.record(tx, context, {
        action: 'member.password.reset',
        targetType: 'member',
        targetId: member.username,
        after: sent,
      }),
    );
  }
}
