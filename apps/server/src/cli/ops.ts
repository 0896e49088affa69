/**
 * `npm run ops -- <command>`: a thin client of the operator API of a running server.
 * Server: OPS_URL, else http://127.0.0.1:$PORT (3000). Token: OPS_TOKEN, else DATA_DIR/ops-token.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatAmount, parseAmount as parseTyped } from '@khela/contract/amount';
import type { Operator, OperatorCredentials } from '@khela/contract/backoffice/operators';
import type { PaymentFinding } from '@khela/contract/cashier';
import { OPS_PREFIX, type OutboxMessage, type OutboxStats } from '@khela/contract/ops';
import { loadConfig } from '../config';
import { BONUS_USAGE, BonusUsageError, bonusCommand } from './ops-bonus';
import { opsTokenPath } from '../modules/ops/ops-token';

const USAGE = `Usage: npm run ops -- <command>

  outbox [--to NUMBER_OR_EMAIL] [--status queued|sent|failed] [--json]
                                             SMS and e-mail with their delivery, newest first
  outbox retry MESSAGE_ID                     send a failed message again (not a code that ran out)
  flag list                                  white-label flags
  flag set NAME on|off                       turn a flag on or off
  setting get NAME                           show a setting (all settings without NAME)
  setting set NAME VALUE                     change a setting (VALUE is JSON or a plain string)
  maintenance on|off                         maintenance mode
  region-restriction on|off                  region restriction
  member set USERNAME [--type N] [--status active|disabled]
                                             make an agent (type 1), disable an account
  affiliate-domain set DOMAIN CODE           pre-fill CODE on registrations from DOMAIN
  chat list [--status open|closed|all]       live chat conversations, unread first
  chat show ID|USERNAME                      a conversation's messages (marks them read)
  chat reply ID|USERNAME "TEXT"              answer a member (opens a conversation if none)
  chat close ID|USERNAME                     close a conversation
  promotion applications [PROMOTION_ID] [--status pending|approved|rejected] [--json]
                                             promotion applications, newest first
  promotion decide APPLICATION_ID approved|rejected
                                             approve or reject an application
  inbox send USERNAME|--all "TITLE" "BODY"   an inbox message to one member or to every member
  feedback list [--status open|answered|all] [--json]
                                             players' feedback, newest first
  feedback show ID                           one feedback (images: GET /ops/api/feedback/ID/images/N)
  feedback answer ID "TEXT"                  answer it; the player is told in the inbox
  withdrawal list [--status pending|processing|paid|failed|rejected|cancelled|all] [--json]
                                             withdrawal requests (pending: oldest first),
                                             with each payout's gateway, reference and state
  withdrawal approve ID                      pay it: through the channel's payout gateway
                                             (processing until it answers), else by hand
  withdrawal reject ID "REASON"              reject it; the amount returns to the balance
  adjust USERNAME AMOUNT "REASON" [--key KEY]
                                             credit (or, negative, debit) a balance, e.g. 500.00;
                                             above adjustmentApprovalThreshold it waits for a
                                             second, named operator's approval in the console
  adjustment list [--status waiting|approved|rejected] [--json]
                                             adjustments, newest first (waiting: the queue)
  adjustment reject ID "REASON"              turn a waiting adjustment down; nothing moves
  agent contract list [--status pending|approved|rejected] [--json]
                                             agents' contract payment requests, newest first
  agent contract approve ID                  pay it to the agent's balance (once, audited)
  agent contract reject ID "REASON"          turn it down; the agent sees the reason
${BONUS_USAGE}
  channel list [--json]                      payment channels, their limits and presets
  channel set CODE [--enabled on|off] [--deposit-min N] [--deposit-max N] [--presets N,N,…]
                   [--withdraw-enabled on|off] [--withdraw-min N] [--withdraw-max N]
                   [--provider sandbox|bkash|sslcommerz]
                                             change a channel (amounts in taka, e.g. 200 or 99.50;
                                             --provider: the payment gateway its deposits use)
  payment findings [--limit N] [--json]      gateway answers that credited nothing, and what the
                                             reconciliation pass found (credited late, expired)
  operator add NAME --role ROLE [--json]    a back office operator (ROLE: owner, admin, finance,
                                             support, content, viewer); prints the one-time
                                             password and the TOTP secret, shown once
  operator list [--json]                     back office operators, their roles and locks
  vendor list [--json]                       game vendors: who may call the wallet, their game pages
  vendor add CODE "NAME" LAUNCH_URL [--secret S] [--protocol seamless-v1] [--enabled off]
                                             add a game vendor; prints its secret (shown once)
  vendor set CODE [--name "NAME"] [--launch-url URL] [--protocol P]
                                             change a game vendor
  vendor enable|disable CODE                 let a vendor's calls and games in, or shut them out
  vendor rotate-secret CODE [--secret S]     a new secret (printed once); the old one stops at once

Environment: OPS_URL (default http://127.0.0.1:$PORT), OPS_TOKEN (default DATA_DIR/ops-token)`;

class UsageError extends Error {}

interface ChatSummary {
  id: string;
  status: string;
  username: string;
  unreadForOperator: number;
  unreadForPlayer: number;
  messageCount: number;
  lastMessageAt: string;
  lastMessage: { author: string; body: string } | null;
}
interface ChatConversation {
  conversation: ChatSummary;
  messages: Array<{ author: string; body: string; createdAt: string }>;
}

interface WithdrawalLine {
  id: string;
  status: string;
  username: string;
  amountMinor: number;
  currency: string;
  channelCode: string;
  accountName: string;
  accountNumber: string;
  createdAt: string;
  note: string | null;
  payout: {
    provider: string;
    ref: string | null;
    state: string;
    reason: string | null;
    attempts: number;
  } | null;
}

function withdrawalLine(w: WithdrawalLine) {
  const amount = money(w.amountMinor);
  const note = w.note ? `  (${w.note})` : '';
  const payout = w.payout
    ? `  payout ${w.payout.provider} ${w.payout.ref ?? '-'} ${w.payout.state} after ${w.payout.attempts} call(s)${w.payout.reason ? `: ${w.payout.reason}` : ''}`
    : '';
  return `#${w.id.padEnd(6)} ${w.status.padEnd(10)} ${w.username.padEnd(16)} ${w.currency} ${amount.padStart(12)}  ${w.channelCode} ${w.accountNumber} ${w.accountName}  ${w.createdAt}${note}${payout}`;
}

/** Amounts as the operator types them back: "-" for a debit, not the screens' "−". */
const money = (minor: number) => formatAmount(minor, { minus: '-' });

/** "500", "500.5", "-12.25" in major units → minor units, without floating point. */
function parseAmount(raw: string | undefined): number {
  const parsed = parseTyped(raw ?? '', { allowNegative: true });
  if (!parsed.ok)
    throw new UsageError('AMOUNT is a number with up to 2 decimals, e.g. 500 or -12.50');
  return parsed.minor;
}

/** "-500", "-12.50": parseArgs would read these as the short option -5. */
const NEGATIVE_NUMBER = /^-\d/;

/**
 * parseArgs, except that a negative number is a positional (`adjust rahim01 -500 "…"`): they are
 * set aside before parsing and put back in their places among the positionals.
 */
function parseCommandLine(argv: string[]) {
  const kept = argv.flatMap((arg, index) => (NEGATIVE_NUMBER.test(arg) ? [] : [{ arg, index }]));
  const { values, tokens } = parseArgs({
    args: kept.map(({ arg }) => arg),
    allowPositionals: true,
    tokens: true,
    options: {
      to: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
      type: { type: 'string' },
      status: { type: 'string' },
      all: { type: 'boolean' },
      key: { type: 'string' },
      enabled: { type: 'string' },
      'deposit-min': { type: 'string' },
      'deposit-max': { type: 'string' },
      presets: { type: 'string' },
      'withdraw-enabled': { type: 'string' },
      'withdraw-max': { type: 'string' },
      'withdraw-min': { type: 'string' },
      provider: { type: 'string' },
      limit: { type: 'string' },
      name: { type: 'string' },
      'launch-url': { type: 'string' },
      protocol: { type: 'string' },
      secret: { type: 'string' },
      role: { type: 'string' },
      campaign: { type: 'string' },
      amount: { type: 'string' },
      file: { type: 'string' },
    },
  });
  const positionals = [
    ...tokens.flatMap((token) =>
      token.kind === 'positional' ? [{ arg: token.value, index: kept[token.index]!.index }] : [],
    ),
    ...argv.flatMap((arg, index) => (NEGATIVE_NUMBER.test(arg) ? [{ arg, index }] : [])),
  ]
    .sort((a, b) => a.index - b.index)
    .map(({ arg }) => arg);
  return { values, positionals };
}

interface OpsChannel {
  code: string;
  nameEn: string;
  currency: string;
  depositEnabled: boolean;
  depositMinMinor: number;
  depositMaxMinor: number;
  presetsMinor: number[];
  withdrawEnabled: boolean;
  withdrawMinMinor: number;
  withdrawMaxMinor: number;
  provider: string;
  providerAvailable: boolean;
}

function channelLine(c: OpsChannel) {
  const range = (on: boolean, min: number, max: number) =>
    `${on ? 'on ' : 'off'} ${money(min)}-${money(max)}`;
  const gateway = `${c.provider}${c.providerAvailable ? '' : ' (not configured)'}`;
  return `${c.code.padEnd(8)} ${c.nameEn.padEnd(14)} ${c.currency}  deposit ${range(c.depositEnabled, c.depositMinMinor, c.depositMaxMinor)} via ${gateway} presets ${c.presetsMinor.map((p) => money(p)).join(',')}  withdraw ${range(c.withdrawEnabled, c.withdrawMinMinor, c.withdrawMaxMinor)}`;
}

function findingLine(f: PaymentFinding) {
  const deposit = f.depositId ? `deposit #${f.depositId}` : 'no deposit';
  return `${f.createdAt}  ${f.provider.padEnd(10)} ${f.kind.padEnd(18)} ${deposit}  ref ${f.ref ?? '-'}  ours ${f.ourRef ?? '-'}  ${JSON.stringify({ ...f.detail, raw: undefined })}`;
}

function queueLine(stats: OutboxStats) {
  const oldest =
    stats.oldestQueuedSeconds === null ? '' : ` (oldest ${stats.oldestQueuedSeconds} s)`;
  return `Queue: ${stats.queued} queued${oldest}, ${stats.sentLastHour} sent in the last hour, ${stats.failedLastDay} failed in the last day`;
}

/** Where a message stands: sent by whom, waiting for which attempt, or given up. */
function deliveryText(m: OutboxMessage) {
  const tries = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;
  switch (m.state) {
    case 'sent':
      return `sent via ${m.provider ?? '?'}${m.providerMessageId ? ` (${m.providerMessageId})` : ''}${m.attempts > 1 ? ` after ${tries(m.attempts)}` : ''}`;
    case 'queued':
      return `queued: attempt ${m.attempts + 1} at ${m.nextAttemptAt ?? 'once due'}`;
    case 'failed':
      return `FAILED after ${tries(m.attempts)}`;
  }
}

interface OpsGameVendor {
  code: string;
  name: string;
  walletProtocol: string;
  launchUrl: string | null;
  enabled: boolean;
  secret?: string;
}

function vendorLine(v: OpsGameVendor) {
  return `${v.code.padEnd(12)} ${(v.enabled ? 'enabled' : 'disabled').padEnd(8)} ${v.walletProtocol.padEnd(12)} ${v.name.padEnd(28)} ${v.launchUrl ?? '(our own pages)'}`;
}

function chatSummaryLine(c: ChatSummary) {
  const unread = c.unreadForOperator > 0 ? `${c.unreadForOperator} unread` : 'read';
  const last = c.lastMessage ? `${c.lastMessage.author}: ${c.lastMessage.body}` : '';
  const preview = last.length > 60 ? `${last.slice(0, 57)}...` : last;
  return `#${c.id.padEnd(6)} ${c.status.padEnd(6)} ${c.username.padEnd(16)} ${unread.padEnd(9)} ${c.lastMessageAt}  ${preview.replace(/\s+/g, ' ')}`;
}

async function operatorToken(dataDir: string) {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  try {
    return (await readFile(opsTokenPath(dataDir), 'utf8')).trim();
  } catch {
    throw new Error(`No OPS_TOKEN and no ${opsTokenPath(dataDir)}: has the server started once?`);
  }
}

function onOff(word: string | undefined) {
  if (word === 'on') return true;
  if (word === 'off') return false;
  throw new UsageError('expected on or off');
}

/** Settings take JSON (true, 10, ["a"], {"EN":"…"}); anything that is not JSON is a string. */
function settingValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function main(argv: string[]) {
  const { values, positionals } = parseCommandLine(argv);
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }

  const config = loadConfig();
  const base = (process.env.OPS_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
  const token = await operatorToken(config.dataDir);

  async function call(method: string, path: string, body?: unknown) {
    let res: Response;
    try {
      res = await fetch(`${base}${OPS_PREFIX}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-language': 'en',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
    } catch {
      throw new Error(`Cannot reach the server at ${base}: is it running?`);
    }
    const json = (await res.json()) as {
      success: boolean;
      value?: unknown;
      message?: string;
      data?: unknown;
    };
    if (!json.success) {
      const detail = json.data ? ` ${JSON.stringify(json.data)}` : '';
      throw new Error(`${res.status}: ${json.message}${detail}`);
    }
    return json.value;
  }

  const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));

  switch (command) {
    case 'outbox': {
      if (rest[0] === 'retry') {
        if (!rest[1]) throw new UsageError('outbox retry MESSAGE_ID');
        const message = (await call(
          'POST',
          `/outbox/${encodeURIComponent(rest[1])}/retry`,
        )) as OutboxMessage;
        if (values.json) return print(message);
        return console.log(`${message.id}  ${deliveryText(message)}`);
      }
      if (rest.length > 0) throw new UsageError('outbox [--to …] [--status …] | outbox retry ID');
      const query = new URLSearchParams({
        ...(values.to ? { to: values.to } : {}),
        ...(values.status ? { state: values.status } : {}),
      });
      const messages = (await call('GET', `/outbox?${query.toString()}`)) as OutboxMessage[];
      if (values.json) return print(messages);
      console.log(queueLine((await call('GET', '/outbox/stats')) as OutboxStats));
      if (messages.length === 0) return console.log('No messages.');
      for (const m of messages) {
        console.log(
          `\n${m.createdAt}  ${m.channel.toUpperCase()}  to ${m.to}  ${deliveryText(m)}  [${m.id}]`,
        );
        if (m.lastError) console.log(`  ! ${m.lastError}`);
        if (m.subject) console.log(`  ${m.subject}`);
        console.log(`  ${m.body.replace(/\n/g, '\n  ')}`);
      }
      return;
    }
    case 'flag': {
      const [action, name, state] = rest;
      if (action === 'list') {
        const flags = (await call('GET', '/flags')) as Array<{
          name: string;
          enabled: boolean;
          about: string;
        }>;
        if (values.json) return print(flags);
        for (const f of flags)
          console.log(`${f.enabled ? 'on ' : 'off'}  ${f.name.padEnd(22)} ${f.about}`);
        return;
      }
      if (action === 'set' && name) {
        print(await call('PUT', `/flags/${encodeURIComponent(name)}`, { enabled: onOff(state) }));
        return;
      }
      throw new UsageError('flag list | flag set NAME on|off');
    }
    case 'setting': {
      const [action, name, ...valueParts] = rest;
      if (action === 'get') {
        print(await call('GET', name ? `/settings/${encodeURIComponent(name)}` : '/settings'));
        return;
      }
      if (action === 'set' && name && valueParts.length > 0) {
        const value = settingValue(valueParts.join(' '));
        print(await call('PUT', `/settings/${encodeURIComponent(name)}`, { value }));
        return;
      }
      throw new UsageError('setting get [NAME] | setting set NAME VALUE');
    }
    case 'maintenance':
      print(await call('PUT', '/settings/maintenance', { value: onOff(rest[0]) }));
      return;
    case 'region-restriction':
      print(await call('PUT', '/settings/regionRestriction', { value: onOff(rest[0]) }));
      return;
    case 'member': {
      const [action, username] = rest;
      if (action !== 'set' || !username)
        throw new UsageError('member set USERNAME [--type N] [--status S]');
      const change: Record<string, unknown> = {};
      if (values.type !== undefined) change.type = Number(values.type);
      if (values.status !== undefined) change.status = values.status;
      print(await call('PUT', `/members/${encodeURIComponent(username)}`, change));
      return;
    }
    case 'affiliate-domain': {
      const [action, domain, code] = rest;
      if (action !== 'set' || !domain || !code)
        throw new UsageError('affiliate-domain set DOMAIN CODE');
      print(await call('PUT', '/affiliate-domains', { domain, code }));
      return;
    }
    case 'chat': {
      const [action, ref, ...textParts] = rest;
      const path = ref ? `/chat/conversations/${encodeURIComponent(ref)}` : '';
      let conversation: ChatConversation;
      if (action === 'list') {
        const query = new URLSearchParams(values.status ? { status: values.status } : {});
        const list = (await call(
          'GET',
          `/chat/conversations?${query.toString()}`,
        )) as ChatSummary[];
        if (values.json) return print(list);
        if (list.length === 0) return console.log('No conversations.');
        for (const c of list) console.log(chatSummaryLine(c));
        return;
      } else if (action === 'show' && ref) {
        conversation = (await call('PUT', `${path}/read`)) as ChatConversation;
      } else if (action === 'reply' && ref && textParts.length > 0) {
        conversation = (await call('POST', `${path}/messages`, {
          body: textParts.join(' '),
        })) as ChatConversation;
      } else if (action === 'close' && ref) {
        conversation = (await call('PUT', `${path}/close`)) as ChatConversation;
      } else {
        throw new UsageError('chat list | chat show REF | chat reply REF "TEXT" | chat close REF');
      }
      if (values.json) return print(conversation);
      console.log(chatSummaryLine(conversation.conversation));
      for (const m of conversation.messages) {
        const who = m.author === 'operator' ? 'operator' : conversation.conversation.username;
        console.log(
          `  ${m.createdAt}  ${who.padEnd(16)} ${m.body.replace(/\n/g, '\n' + ' '.repeat(45))}`,
        );
      }
      return;
    }
    case 'promotion': {
      const [action, ref, decision] = rest;
      if (action === 'applications') {
        const query = new URLSearchParams();
        if (ref) query.set('promotionId', ref);
        if (values.status) query.set('status', values.status);
        const list = (await call(
          'GET',
          `/content/promotion-applications?${query.toString()}`,
        )) as Array<{
          id: number;
          promotionId: number;
          promotionTitle: string;
          username: string;
          remark: string;
          status: string;
          createdAt: string;
        }>;
        if (values.json) return print(list);
        if (list.length === 0) return console.log('No applications.');
        for (const a of list) {
          console.log(
            `${a.createdAt}  #${a.id}  ${a.status.padEnd(8)}  ${a.username.padEnd(16)} ${a.promotionTitle} (promotion ${a.promotionId})`,
          );
          if (a.remark) console.log(`  ${a.remark}`);
        }
        return;
      }
      if (action === 'decide' && ref && (decision === 'approved' || decision === 'rejected')) {
        print(
          await call('PATCH', `/content/promotion-applications/${encodeURIComponent(ref)}`, {
            status: decision,
          }),
        );
        return;
      }
      throw new UsageError(
        'promotion applications [PROMOTION_ID] [--status S] | promotion decide ID approved|rejected',
      );
    }
    case 'withdrawal': {
      const [action, id, ...reasonParts] = rest;
      if (action === 'list') {
        const query = new URLSearchParams({ status: values.status ?? 'pending', limit: '200' });
        const list = (await call(
          'GET',
          `/wallet/withdrawals?${query.toString()}`,
        )) as WithdrawalLine[];
        if (values.json) return print(list);
        if (list.length === 0) return console.log('No withdrawals.');
        for (const w of list) console.log(withdrawalLine(w));
        return;
      }
      let decided: WithdrawalLine;
      if (action === 'approve' && id) {
        decided = (await call(
          'POST',
          `/wallet/withdrawals/${encodeURIComponent(id)}/approve`,
        )) as WithdrawalLine;
      } else if (action === 'reject' && id && reasonParts.length > 0) {
        decided = (await call('POST', `/wallet/withdrawals/${encodeURIComponent(id)}/reject`, {
          reason: reasonParts.join(' '),
        })) as WithdrawalLine;
      } else {
        throw new UsageError(
          'withdrawal list [--status S] | withdrawal approve ID | withdrawal reject ID "REASON"',
        );
      }
      if (values.json) return print(decided);
      console.log(withdrawalLine(decided));
      return;
    }
    case 'channel': {
      const [action, code] = rest;
      if (action === 'list') {
        const list = (await call('GET', '/wallet/channels')) as OpsChannel[];
        if (values.json) return print(list);
        for (const c of list) console.log(channelLine(c));
        return;
      }
      if (action === 'set' && code) {
        const change: Record<string, unknown> = {};
        if (values.enabled !== undefined) change.depositEnabled = onOff(values.enabled);
        if (values['deposit-min']) change.depositMinMinor = parseAmount(values['deposit-min']);
        if (values['deposit-max']) change.depositMaxMinor = parseAmount(values['deposit-max']);
        if (values.presets) change.presetsMinor = values.presets.split(',').map(parseAmount);
        if (values['withdraw-enabled'] !== undefined)
          change.withdrawEnabled = onOff(values['withdraw-enabled']);
        if (values['withdraw-min']) change.withdrawMinMinor = parseAmount(values['withdraw-min']);
        if (values['withdraw-max']) change.withdrawMaxMinor = parseAmount(values['withdraw-max']);
        if (values.provider) change.provider = values.provider.toLowerCase();
        if (Object.keys(change).length === 0)
          throw new UsageError('channel set CODE: nothing to change');
        const updated = (await call(
          'PATCH',
          `/wallet/channels/${encodeURIComponent(code.toUpperCase())}`,
          change,
        )) as OpsChannel;
        if (values.json) return print(updated);
        console.log(channelLine(updated));
        return;
      }
      throw new UsageError(
        'channel list | channel set CODE [--enabled on|off] [--deposit-min N] …',
      );
    }
    case 'payment': {
      const [action] = rest;
      if (action !== 'findings') throw new UsageError('payment findings [--limit N] [--json]');
      const limit = values.limit ? `?limit=${encodeURIComponent(values.limit)}` : '';
      const list = (await call('GET', `/wallet/payment-findings${limit}`)) as PaymentFinding[];
      if (values.json) return print(list);
      if (list.length === 0) console.log('No payment findings.');
      for (const f of list) console.log(findingLine(f));
      return;
    }
    case 'vendor': {
      const [action, rawCode, name, launchUrl] = rest;
      const code = rawCode?.toUpperCase();
      const path = `/game/vendors/${encodeURIComponent(code ?? '')}`;
      const show = (vendor: OpsGameVendor) => {
        if (values.json) return print(vendor);
        console.log(vendorLine(vendor));
        if (vendor.secret)
          console.log(`secret (give it to the vendor; not shown again): ${vendor.secret}`);
      };
      if (action === 'list') {
        const { list } = (await call('GET', '/game/vendors')) as { list: OpsGameVendor[] };
        if (values.json) return print(list);
        for (const vendor of list) console.log(vendorLine(vendor));
        return;
      }
      if (action === 'add' && code && name && launchUrl) {
        return show(
          (await call('POST', '/game/vendors', {
            code,
            name,
            launchUrl,
            ...(values.secret ? { secret: values.secret } : {}),
            ...(values.protocol ? { walletProtocol: values.protocol } : {}),
            ...(values.enabled ? { enabled: onOff(values.enabled) } : {}),
          })) as OpsGameVendor,
        );
      }
      if (action === 'set' && code) {
        const change = {
          ...(values.name ? { name: values.name } : {}),
          ...(values['launch-url'] ? { launchUrl: values['launch-url'] } : {}),
          ...(values.protocol ? { walletProtocol: values.protocol } : {}),
          ...(values.enabled ? { enabled: onOff(values.enabled) } : {}),
        };
        if (Object.keys(change).length === 0)
          throw new UsageError('vendor set CODE: nothing to change');
        return show((await call('PATCH', path, change)) as OpsGameVendor);
      }
      if ((action === 'enable' || action === 'disable') && code) {
        return show((await call('PATCH', path, { enabled: action === 'enable' })) as OpsGameVendor);
      }
      if (action === 'rotate-secret' && code) {
        const body = values.secret ? { secret: values.secret } : {};
        return show((await call('POST', `${path}/secret`, body)) as OpsGameVendor);
      }
      throw new UsageError(
        'vendor list | vendor add CODE "NAME" LAUNCH_URL | vendor set CODE … | vendor enable|disable CODE | vendor rotate-secret CODE',
      );
    }
    case 'adjust': {
      const [username, amount, ...reasonParts] = rest;
      if (!username || reasonParts.length === 0)
        throw new UsageError('adjust USERNAME AMOUNT "REASON" [--key KEY]');
      const result = (await call('POST', '/wallet/adjustments', {
        username,
        amountMinor: parseAmount(amount),
        reason: reasonParts.join(' '),
        key: values.key ?? randomUUID(),
      })) as
        | { state: 'approved'; username: string; balanceMinor: number; replayed: boolean }
        | { state: 'waiting'; id: string; username: string; thresholdMinor: number };
      if (values.json) return print(result);
      // Above the approval threshold the adjustment waits for a second, named operator.
      if (result.state === 'waiting') {
        console.log(
          `${result.username}: adjustment ${result.id} waits for a second operator's approval (above ${money(result.thresholdMinor)})`,
        );
        return;
      }
      console.log(
        `${result.username}: balance ${money(result.balanceMinor)}${result.replayed ? ' (already done with this key)' : ''}`,
      );
      return;
    }
    case 'bonus':
      return bonusCommand(rest, values, call);
    case 'agent': {
      const [object, action, id, ...reasonParts] = rest;
      interface ContractRequestLine {
        id: string;
        username: string;
        kind: string;
        status: string;
        periodStart: string;
        periodHour: number | null;
        amountMinor: number;
        decidedBy: string | null;
        reason: string | null;
      }
      const line = (r: ContractRequestLine) => {
        const period =
          r.periodHour === null ? r.periodStart : `${r.periodStart} ${r.periodHour}:00`;
        const decided = r.decidedBy ? `  decided by ${r.decidedBy}` : '';
        return `${r.id.padStart(6)}  ${r.status.padEnd(8)}  ${r.username.padEnd(16)}  ${r.kind.padEnd(8)}  ${period.padEnd(16)}  ${money(r.amountMinor).padStart(14)}${decided}${r.reason ? `  (${r.reason})` : ''}`;
      };
      const base = '/agents/contract-requests';
      if (object === 'contract' && action === 'list') {
        const status = values.status;
        const { items } = (await call(
          'GET',
          `${base}${status ? `?status=${encodeURIComponent(status)}` : ''}`,
        )) as { items: ContractRequestLine[] };
        if (values.json) return print(items);
        if (items.length === 0) console.log('No contract requests.');
        for (const item of items) console.log(line(item));
        return;
      }
      if (object === 'contract' && action === 'approve' && id) {
        const { request, replayed } = (await call('POST', `${base}/${id}/approve`, {})) as {
          request: ContractRequestLine;
          replayed: boolean;
        };
        if (values.json) return print({ request, replayed });
        console.log(`${line(request)}${replayed ? '  (already paid; nothing moved now)' : ''}`);
        return;
      }
      if (object === 'contract' && action === 'reject' && id && reasonParts.length > 0) {
        const { request } = (await call('POST', `${base}/${id}/reject`, {
          reason: reasonParts.join(' '),
        })) as { request: ContractRequestLine };
        if (values.json) return print(request);
        console.log(line(request));
        return;
      }
      throw new UsageError(
        'agent contract list [--status pending|approved|rejected] | agent contract approve ID | agent contract reject ID "REASON"',
      );
    }
    case 'adjustment': {
      const [action, id, ...reasonParts] = rest;
      interface AdjustmentLine {
        id: string;
        username: string;
        amountMinor: number;
        reason: string;
        state: string;
        requestedBy: string;
        decidedBy: string | null;
        requestedAt: string;
      }
      const line = (a: AdjustmentLine) =>
        `${a.id.padStart(6)}  ${a.state.padEnd(8)}  ${a.username.padEnd(16)}  ${money(a.amountMinor).padStart(14)}  by ${a.requestedBy}${a.decidedBy ? `, decided by ${a.decidedBy}` : ''}  ${a.reason}`;
      if (action === 'list') {
        const state = values.status;
        const page = (await call(
          'GET',
          `/wallet/adjustments${state ? `?state=${encodeURIComponent(state)}` : ''}`,
        )) as { items: AdjustmentLine[] };
        if (values.json) return print(page.items);
        if (page.items.length === 0) console.log('No adjustments.');
        for (const adjustment of page.items) console.log(line(adjustment));
        return;
      }
      if (action === 'reject' && id && reasonParts.length > 0) {
        const rejected = (await call('POST', `/wallet/adjustments/${id}/reject`, {
          reason: reasonParts.join(' '),
        })) as AdjustmentLine;
        if (values.json) return print(rejected);
        console.log(line(rejected));
        return;
      }
      throw new UsageError(
        'adjustment list [--status waiting|approved|rejected] | adjustment reject ID "REASON"',
      );
    }
    case 'inbox': {
      const [action, ...args] = rest;
      const [target, title, body] = values.all ? [undefined, ...args] : args;
      if (action !== 'send' || (!values.all && !target) || !title || !body) {
        throw new UsageError(
          'inbox send USERNAME "TITLE" "BODY" | inbox send --all "TITLE" "BODY"',
        );
      }
      const sent = (await call('POST', '/inbox', {
        ...(values.all ? { all: true } : { username: target }),
        title,
        body,
      })) as { sent: number };
      console.log(`Sent ${sent.sent} message${sent.sent === 1 ? '' : 's'}.`);
      return;
    }
    case 'feedback': {
      const [action, id, ...textParts] = rest;
      interface FeedbackLine {
        id: string;
        username: string;
        status: string;
        content: string;
        images: Array<{ index: number; type: string; bytes: number; name: string | null }>;
        answer: string | null;
        createdAt: string;
      }
      const show = (f: FeedbackLine, full: boolean) => {
        const text = full || f.content.length <= 70 ? f.content : `${f.content.slice(0, 67)}...`;
        const images = f.images.length ? `  [${f.images.length} image(s)]` : '';
        console.log(
          `#${f.id.padEnd(6)} ${f.status.padEnd(8)} ${f.username.padEnd(16)} ${f.createdAt}${images}`,
        );
        console.log(`  ${full ? text.replace(/\n/g, '\n  ') : text.replace(/\s+/g, ' ')}`);
        if (full) {
          for (const image of f.images) {
            console.log(
              `  image ${image.index}: ${image.type}, ${image.bytes} bytes${image.name ? `, ${image.name}` : ''}`,
            );
          }
          if (f.answer) console.log(`  answer: ${f.answer.replace(/\n/g, '\n  ')}`);
        }
      };
      if (action === 'list') {
        const query = new URLSearchParams({ status: values.status ?? 'all' });
        const list = (await call('GET', `/feedback?${query.toString()}`)) as FeedbackLine[];
        if (values.json) return print(list);
        if (list.length === 0) return console.log('No feedback.');
        for (const f of list) show(f, false);
        return;
      }
      if ((action === 'show' || action === 'answer') && id) {
        const path = `/feedback/${encodeURIComponent(id)}`;
        const text = textParts.join(' ');
        if (action === 'answer' && !text) throw new UsageError('feedback answer ID "TEXT"');
        const f = (
          action === 'show'
            ? await call('GET', path)
            : await call('POST', `${path}/answer`, { answer: text })
        ) as FeedbackLine;
        if (values.json) return print(f);
        show(f, true);
        return;
      }
      throw new UsageError(
        'feedback list [--status S] | feedback show ID | feedback answer ID "TEXT"',
      );
    }
    case 'operator': {
      const [action, name] = rest;
      if (action === 'add' && name && values.role) {
        const made = (await call('POST', '/operators', {
          username: name,
          role: values.role,
        })) as OperatorCredentials;
        if (values.json) {
          const { username, password, totpSecret } = made;
          return console.log(JSON.stringify({ username, password, totpSecret }));
        }
        console.log(`Operator ${made.username} (${values.role}) created. Shown once:`);
        console.log(`  one-time password  ${made.password}   (to be changed at first sign-in)`);
        console.log(`  TOTP secret        ${made.totpSecret}`);
        console.log(`  otpauth URI        ${made.otpauthUri}`);
        return;
      }
      if (action === 'list') {
        const list = (await call('GET', '/operators')) as Operator[];
        if (values.json) return print(list);
        for (const o of list) {
          const state = o.locked ? 'locked' : o.lockedOutUntil ? 'locked out' : 'active';
          console.log(`${o.username.padEnd(24)} ${o.role.padEnd(8)} ${state}`);
        }
        return;
      }
      throw new UsageError('operator add NAME --role ROLE [--json] | operator list');
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof BonusUsageError)
    console.error(`Usage: npm run ops -- ${error.message.trim()}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
