/**
 * Step-up on a new device (flag LOGINIPVERF3). The accounts module asks `decide` on its one
 * session-issuing path (every login kind passes there) before a session starts:
 *
 * - a device the member trusted passes, whatever its network (a phone on mobile data changes
 *   addresses all day);
 * - an untrusted device on a network where one of the member's trusted devices was last seen
 *   passes too, without becoming trusted: a login is asked only when its device AND its network
 *   are new (the issue's rule). A device the member removed is never let in by its network;
 * - otherwise a one-time code goes to the member's mobile (SMS), else e-mail, and the login is
 *   answered 403 login.stepUpRequired with a ticket. `confirm` with the code hands the login back
 *   to accounts, which starts the session; the device is then trusted and the inbox tells the
 *   member. A member with neither a mobile nor an e-mail cannot be sent a code: the login goes
 *   through, the device is trusted and the inbox message asks them to bind one.
 *
 * The device is the id the client sends in `X-Device-Id`; without one, `ua:` and a hash of the
 * user agent, which many phones share, so such a device passes only by its network. The code is
 * the verification store's (hashed, bound to the ticket, MAX tries, single use), good for
 * STEP_UP.codeMinutes like its ticket. With the flag off nothing is asked and nothing recorded.
 */
import type { Language } from '@khela/contract/language';
import {
  STEP_UP,
  STEP_UP_FLAG,
  type StepUpChallenge,
  type TrustedDeviceList,
} from '@khela/contract/step-up';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { CacheStore } from '../../providers/cache/cache-store';
import { loginDevice, sentDeviceId } from '../accounts/login-device';
import { memberWrites } from '../accounts/member-writes';
import type { InboxService } from '../inbox/inbox.service';
import { loginCodeMail, smsCodeText } from '../outbox/message-templates';
import type { OutboxService } from '../outbox/outbox.service';
import type { SettingsService } from '../settings/settings.service';
import type { VerificationService } from '../verification/verification.service';
import { deviceOf, maskEmail, maskMobile } from './masking';
import { maskNetwork, networkOf } from './network';
import { trustedDevicesRepository as repo } from './trusted-devices.repository';

const CODE_TTL_MS = STEP_UP.codeMinutes * 60_000;
const RESEND_MS = STEP_UP.resendSeconds * 1000;
/** Codes sent for one member in an hour, whatever the tickets (a stolen password cannot flood). */
const SENDS_PER_MEMBER_PER_HOUR = 10;

export interface StepUpMeta {
  ip: string;
  userAgent?: string;
  /** The `X-Device-Id` header as sent (checked here). */
  deviceId?: string;
  language: Language;
}

/** The member as the login found them. */
export interface StepUpMember {
  id: bigint;
  username: string;
  countryDialingCode: string | null;
  mobileNum: string | null;
  email: string | null;
}

/**
 * What `decide` found: `off` (flag off), `known` (trusted device or known network; `trustedId`
 * is the device's row to mark seen), `unchecked` (new, but no contact to send a code to).
 */
export type StepUpDecision =
  | { kind: 'off' }
  | { kind: 'known'; trustedId?: string }
  | { kind: 'unchecked' }
  | { kind: 'confirmed' };

interface Contact {
  channel: 'sms' | 'email';
  to: string;
  destination: string;
}

/** A login waiting for its code, kept under the ticket's hash. */
interface Ticket {
  memberId: string;
  device: string;
  channel: 'sms' | 'email';
  to: string;
  destination: string;
  /** Every bound contact (mobile first), so the member may switch. */
  contacts: Contact[];
  username: string;
  language: Language;
  sends: number;
  resendAt: number;
  expiresAt: number;
  /** What accounts needs to finish the login (JSON). */
  resume: unknown;
}

export interface StepUpDeps {
  db: Database;
  cache: CacheStore;
  settings: Pick<SettingsService, 'flag'>;
  verification: Pick<VerificationService, 'issueCode' | 'checkCode' | 'discardCode'>;
  outbox: Pick<OutboxService, 'send'>;
  inbox: Pick<InboxService, 'notify'>;
}

/** The device a request comes from, as the trusted devices know it. */
export function deviceKeyOf(meta: Pick<StepUpMeta, 'deviceId' | 'userAgent'>): string {
  return loginDevice(meta.deviceId, meta.userAgent) ?? 'ua:none';
}

const ticketKey = (ticket: string) => `stepup:t:${hashToken(ticket)}`;
const codeScope = (ticket: string) => `stepup:${hashToken(ticket)}`;

function deviceLabel(userAgent: string | undefined): Record<string, string> {
  const { browser, os } = deviceOf(userAgent ?? null);
  if (!browser && !os) return { deviceEn: 'unknown device', deviceBn: 'অজানা ডিভাইস' };
  const label = [browser, os].filter(Boolean).join(', ');
  return { device: label };
}

export class StepUpService {
  constructor(private readonly deps: StepUpDeps) {}

  get enabled() {
    return this.deps.settings.flag(STEP_UP_FLAG);
  }

  /**
   * Whether this login may start its session. Throws 403 login.stepUpRequired (with the
   * challenge in `data`) after sending the code; `resume` comes back from `confirm`.
   */
  async decide(member: StepUpMember, meta: StepUpMeta, resume: unknown): Promise<StepUpDecision> {
    if (!this.enabled) return { kind: 'off' };
    const device = deviceKeyOf(meta);
    const network = networkOf(meta.ip);
    const row = await repo.byDevice(this.deps.db, member.id, device);
    const live = row && row.removedAt === null ? row : undefined;
    if (live && sentDeviceId(meta.deviceId) !== null) return { kind: 'known', trustedId: live.id };
    // A removed device is asked again even on a network another trusted device uses.
    if (!row?.removedAt && network && (await repo.networkKnown(this.deps.db, member.id, network))) {
      return live ? { kind: 'known', trustedId: live.id } : { kind: 'known' };
    }
    const contacts = this.contactsOf(member);
    const contact = contacts[0];
    if (!contact) return { kind: 'unchecked' };

    const sent = await this.deps.cache.incr(`stepup:n:${member.id}`, 3_600_000);
    if (sent > SENDS_PER_MEMBER_PER_HOUR) {
      throw new AppError('rate.limited', { retryAfterSeconds: 3600 });
    }
    const ticket = newToken();
    const now = Date.now();
    const stored: Ticket = {
      memberId: member.id.toString(),
      device,
      ...contact,
      contacts,
      username: member.username,
      language: meta.language,
      sends: 1,
      resendAt: now + RESEND_MS,
      expiresAt: now + CODE_TTL_MS,
      resume,
    };
    await this.sendCode(ticket, stored);
    await this.deps.cache.set(ticketKey(ticket), JSON.stringify(stored), CODE_TTL_MS);
    throw new AppError('login.stepUpRequired', { ...this.challenge(ticket, stored) });
  }

  /**
   * A new code for a ticket after the cooldown; the ticket's time does not grow. `channel` other
   * than the ticket's: the member chose their other contact; sent at once (no cooldown), and
   * the old code is discarded.
   */
  async resend(
    ticket: string,
    meta: StepUpMeta,
    channel?: 'sms' | 'email',
  ): Promise<StepUpChallenge> {
    const stored = await this.ticket(ticket, meta);
    const now = Date.now();
    const switchTo =
      channel && channel !== stored.channel
        ? (stored.contacts ?? []).find((contact) => contact.channel === channel)
        : undefined;
    if (channel && channel !== stored.channel && !switchTo) {
      throw new AppError('login.stepUpNoChannel');
    }
    if (!switchTo && stored.resendAt > now) {
      throw new AppError('rate.limited', {
        retryAfterSeconds: Math.ceil((stored.resendAt - now) / 1000),
      });
    }
    if (stored.sends >= STEP_UP.maxSends) throw new AppError('login.stepUpExpired');
    const sent = await this.deps.cache.incr(`stepup:n:${stored.memberId}`, 3_600_000);
    if (sent > SENDS_PER_MEMBER_PER_HOUR) {
      throw new AppError('rate.limited', { retryAfterSeconds: 3600 });
    }
    const next: Ticket = {
      ...stored,
      ...(switchTo ?? {}),
      sends: stored.sends + 1,
      resendAt: now + RESEND_MS,
    };
    await this.sendCode(ticket, next);
    await this.deps.cache.set(ticketKey(ticket), JSON.stringify(next), stored.expiresAt - now);
    return this.challenge(ticket, next);
  }

  /**
   * Checks the code of a ticket from the device it was made for. Wrong: 400
   * verification.codeError with `data.triesLeft` (0: the code is burnt, resend); an unknown,
   * used or run-out ticket: 400 login.stepUpExpired. Right: the ticket is used up and the login
   * it holds is handed back.
   */
  async confirm(ticket: string, code: string, meta: StepUpMeta) {
    const stored = await this.ticket(ticket, meta);
    const check = await this.deps.verification.checkCode(codeScope(ticket), code, true);
    if (!check.ok) {
      throw new AppError('verification.codeError', {
        field: 'code',
        triesLeft: check.triesLeft,
        canResend: stored.sends < STEP_UP.maxSends,
      });
    }
    // Used once: a second confirm with the same ticket, even at the same moment, finds nothing.
    if ((await this.deps.cache.take(ticketKey(ticket))) === null) {
      throw new AppError('login.stepUpExpired');
    }
    return { memberId: BigInt(stored.memberId), resume: stored.resume };
  }

  /**
   * After the session of a login started: a known device is marked seen; a device that passed
   * the code (or could not be asked) is trusted and the member is told in the inbox.
   */
  async loggedIn(db: DbOrTx, memberId: bigint, meta: StepUpMeta, decision: StepUpDecision) {
    const network = networkOf(meta.ip);
    const userAgent = meta.userAgent?.slice(0, 256) ?? null;
    switch (decision.kind) {
      case 'off':
        return;
      case 'known':
        if (decision.trustedId) await repo.seen(db, decision.trustedId, network, userAgent);
        return;
      case 'confirmed':
      case 'unchecked': {
        await repo.trust(db, { memberId, deviceId: deviceKeyOf(meta), network, userAgent });
        await this.deps.inbox.notify(
          db,
          memberId,
          decision.kind === 'confirmed' ? 'security.newDevice' : 'security.newDeviceUnchecked',
          { ...deviceLabel(meta.userAgent), network: maskNetwork(network) ?? '•' },
        );
        await memberWrites.audit(db, {
          memberId,
          event: 'login.newDevice',
          outcome: 'ok',
          ip: meta.ip,
          userAgent: meta.userAgent,
          detail: { checked: decision.kind === 'confirmed' },
        });
        return;
      }
    }
  }

  /** The device that registered an account is its first trusted one (flag on, id sent). */
  async registered(db: DbOrTx, memberId: bigint, meta: StepUpMeta) {
    const device = sentDeviceId(meta.deviceId);
    if (!this.enabled || !device) return;
    await repo.trust(db, {
      memberId,
      deviceId: device,
      network: networkOf(meta.ip),
      userAgent: meta.userAgent?.slice(0, 256) ?? null,
    });
  }

  async list(memberId: bigint, meta: StepUpMeta): Promise<TrustedDeviceList> {
    const rows = await repo.list(this.deps.db, memberId);
    const current = deviceKeyOf(meta);
    return {
      list: rows.map((row) => ({
        id: row.id,
        device: deviceOf(row.userAgent),
        firstSeenAt: row.firstSeenAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        network: maskNetwork(row.network),
        current: row.deviceId === current,
      })),
    };
  }

  /** Removes a trusted device: its next login is asked for a code again. Another's: 404. */
  async remove(memberId: bigint, id: string, meta: StepUpMeta) {
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.remove(tx, memberId, id))) throw notFound();
      await memberWrites.audit(tx, {
        memberId,
        event: 'trustedDevice.remove',
        outcome: 'ok',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { id },
      });
    });
    return { removed: true as const };
  }

  /** The member's trusted devices for an operator: the stored network, the whole User-Agent. */
  async opsList(memberId: bigint) {
    const rows = await repo.list(this.deps.db, memberId);
    return rows.map((row) => ({
      id: row.id,
      device: deviceOf(row.userAgent),
      userAgent: row.userAgent,
      network: row.network,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    }));
  }

  /**
   * An operator removes one of the member's trusted devices: its next login from a new network
   * is asked for a code again. `record` writes the operator's audit row in the same transaction.
   * Another member's, a removed or an unknown device: 404.
   */
  async opsRemove(memberId: bigint, id: string, record: (tx: DbOrTx) => Promise<void>) {
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.remove(tx, memberId, id))) throw notFound();
      await record(tx);
    });
    return { removed: true as const };
  }

  /** The member's bound contacts, mobile first (the default channel). */
  private contactsOf(member: StepUpMember): Contact[] {
    const contacts: Contact[] = [];
    if (member.mobileNum && member.countryDialingCode) {
      contacts.push({
        channel: 'sms',
        to: `${member.countryDialingCode}${member.mobileNum}`,
        destination: maskMobile(member.countryDialingCode, member.mobileNum)!,
      });
    }
    if (member.email) {
      contacts.push({ channel: 'email', to: member.email, destination: maskEmail(member.email)! });
    }
    return contacts;
  }

  private async ticket(ticket: string, meta: StepUpMeta): Promise<Ticket> {
    const raw = await this.deps.cache.get(ticketKey(ticket));
    const stored = raw ? (JSON.parse(raw) as Ticket) : null;
    // A ticket works only on the device whose login made it.
    if (!stored || stored.expiresAt <= Date.now() || stored.device !== deviceKeyOf(meta)) {
      throw new AppError('login.stepUpExpired');
    }
    return stored;
  }

  private async sendCode(ticket: string, stored: Ticket) {
    const code = await this.deps.verification.issueCode(
      codeScope(ticket),
      stored.expiresAt - Date.now(),
      STEP_UP.codeLength,
    );
    const minutes = Math.max(1, Math.round((stored.expiresAt - Date.now()) / 60_000));
    const expiresAt = new Date(stored.expiresAt);
    if (stored.channel === 'sms') {
      await this.deps.outbox.send({
        channel: 'sms',
        to: stored.to,
        text: smsCodeText(stored.language, code, minutes),
        expiresAt,
      });
      return;
    }
    const mail = loginCodeMail(stored.language, { username: stored.username, code, minutes });
    await this.deps.outbox.send({ channel: 'email', to: stored.to, ...mail, expiresAt });
  }

  private challenge(ticket: string, stored: Ticket): StepUpChallenge {
    return {
      ticket,
      channel: stored.channel,
      destination: stored.destination,
      resendAt: stored.resendAt,
      expiresAt: stored.expiresAt,
      alternative: alternativeOf(stored),
    };
  }
}

function alternativeOf(stored: Ticket): StepUpChallenge['alternative'] {
  const other = (stored.contacts ?? []).find((contact) => contact.channel !== stored.channel);
  return other ? { channel: other.channel, destination: other.destination } : null;
}
