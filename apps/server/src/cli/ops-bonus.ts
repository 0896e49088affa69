/**
 * `npm run ops -- bonus …`: a member's bonuses (grant on a campaign's terms, list, forfeit, move
 * the end) and
 * bonus campaigns (list with uptake and cost, create from a JSON file, pause, resume), through
 * /ops/api. docs/bonuses.md "Campaigns for operators".
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { formatAmount } from '@khela/contract/amount';
import type { OpsCampaign, OpsCampaignList } from '@khela/contract/backoffice/bonuses';

export const BONUS_USAGE = `  bonus grant USERNAME --campaign ID [--amount MINOR] [--key KEY]
                                             a manual bonus on a campaign's terms (amount in
                                             minor units, else the campaign's); audited
  bonus list USERNAME [--json]               a member's bonuses, newest first
  bonus forfeit BONUS_ID ["REASON"]          remove a member's bonus (never cash)
  bonus expiry BONUS_ID DATETIME ["REASON"]  move an active bonus's end (ISO 8601 with its
                                             offset, e.g. 2026-12-01T00:00:00+06:00); a time
                                             already past expires it now
  bonus campaign list [--json]               bonus campaigns, newest first: state, terms, uptake, cost
  bonus campaign create --file FILE.json     a campaign from a JSON file (the body of
                                             POST /ops/api/bonuses/campaigns; docs/bonuses.md)
  bonus campaign pause|resume ID             stop offering and giving it / start again`;

export class BonusUsageError extends Error {}

type Call = (method: string, path: string, body?: unknown) => Promise<unknown>;

const money = (minor: number) => formatAmount(minor, { minus: '-' });

/** What the campaign gives, in a few words: "70% up to 7,000.00 (min 200.00)", "77.00". */
function gives(c: OpsCampaign) {
  if (c.percentBp !== null) {
    return `${c.percentBp / 100}% up to ${money(c.capMinor ?? 0)} (min ${money(c.minDepositMinor ?? 0)})`;
  }
  return c.amountMinor === null ? 'any amount' : money(c.amountMinor);
}

function campaignLines(c: OpsCampaign) {
  const code = c.promoCode ? ` code ${c.promoCode}` : '';
  const u = c.uptake;
  return [
    `#${c.id.padEnd(5)} ${c.state.padEnd(9)} ${c.kind.padEnd(13)} ${c.nameEn}${code}`,
    `       gives ${gives(c)}, wager ${c.wageringMultiplier}x ${c.wageringBase}, ${c.validHours} h` +
      `${c.maxStakeMinor === null ? '' : `, max stake ${money(c.maxStakeMinor)}`}` +
      `${c.totalCap === null ? '' : `, ${c.uses}/${c.totalCap} used`}`,
    `       given ${u.given} (${money(u.givenMinor)}): ${u.active} active, ${u.queued} queued, ` +
      `${u.converted} converted, ${u.forfeited} forfeited, ${u.expired} expired; ` +
      `cost ${money(u.costMinor)}, outstanding ${money(u.outstandingMinor)}`,
  ];
}

/** A member's bonus as the operator API lists it. */
interface BonusLine {
  id: string;
  name: string;
  kind: string;
  status: string;
  amountMinor: number;
  balanceMinor: number;
  wageredMinor: number;
  requiredMinor: number;
  settledMinor: number | null;
}

const bonusLine = (b: BonusLine) =>
  `${b.id.padStart(6)}  ${b.status.padEnd(9)} ${b.kind.padEnd(13)} ${money(b.amountMinor).padStart(10)}` +
  `  wagered ${money(b.wageredMinor)}/${money(b.requiredMinor)}` +
  `${b.status === 'active' ? `  balance ${money(b.balanceMinor)}` : ''}` +
  `${b.settledMinor !== null ? `  settled ${money(b.settledMinor)}` : ''}  ${b.name}`;

interface BonusOptions {
  json?: boolean | undefined;
  file?: string | undefined;
  campaign?: string | undefined;
  amount?: string | undefined;
  key?: string | undefined;
}

export async function bonusCommand(args: string[], options: BonusOptions, call: Call) {
  if (args[0] === 'campaign') return campaignCommand(args.slice(1), options, call);
  const [action, target, ...reasonParts] = args;
  const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));
  if (action === 'grant' && target && options.campaign) {
    if (options.amount !== undefined && !/^\d{1,12}$/.test(options.amount)) {
      throw new Error('--amount is in minor units (paisa), a whole number, e.g. 50000');
    }
    const { bonus } = (await call('POST', `/members/${encodeURIComponent(target)}/bonuses`, {
      campaignId: options.campaign,
      ...(options.amount !== undefined ? { amountMinor: Number(options.amount) } : {}),
      key: options.key ?? randomUUID(),
    })) as { bonus: BonusLine };
    if (options.json) return print(bonus);
    return console.log(`${target}: ${bonusLine(bonus)}`);
  }
  if (action === 'list' && target) {
    const { list } = (await call('GET', `/members/${encodeURIComponent(target)}/bonuses`)) as {
      list: BonusLine[];
    };
    if (options.json) return print(list);
    if (list.length === 0) console.log('No bonuses.');
    for (const bonus of list) console.log(bonusLine(bonus));
    return;
  }
  if (action === 'forfeit' && target) {
    const reason = reasonParts.join(' ');
    const { bonus } = (await call(
      'POST',
      `/bonuses/${encodeURIComponent(target)}/forfeit`,
      reason ? { reason } : {},
    )) as { bonus: BonusLine };
    return console.log(bonusLine(bonus));
  }
  if (action === 'expiry' && target && reasonParts[0]) {
    const [expiresAt, ...why] = reasonParts;
    const reason = why.join(' ');
    const { bonus } = (await call('PUT', `/bonuses/${encodeURIComponent(target)}/expiry`, {
      expiresAt,
      ...(reason ? { reason } : {}),
    })) as { bonus: BonusLine };
    return console.log(bonusLine(bonus));
  }
  throw new BonusUsageError(BONUS_USAGE);
}

async function campaignCommand(args: string[], options: BonusOptions, call: Call) {
  const [action, id] = args;
  const show = (campaign: OpsCampaign) =>
    options.json
      ? console.log(JSON.stringify(campaign, null, 2))
      : console.log(campaignLines(campaign).join('\n'));
  if (action === 'list') {
    const { list } = (await call('GET', '/bonuses/campaigns')) as OpsCampaignList;
    if (options.json) return console.log(JSON.stringify(list, null, 2));
    if (list.length === 0) return console.log('No campaigns.');
    for (const campaign of list) console.log(campaignLines(campaign).join('\n'));
    return;
  }
  if (action === 'create' && options.file) {
    let body: unknown;
    try {
      body = JSON.parse(await readFile(options.file, 'utf8'));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot read ${options.file} as JSON: ${reason}`);
    }
    return show((await call('POST', '/bonuses/campaigns', body)) as OpsCampaign);
  }
  if ((action === 'pause' || action === 'resume') && id && /^\d+$/.test(id)) {
    return show((await call('POST', `/bonuses/campaigns/${id}/${action}`)) as OpsCampaign);
  }
  throw new BonusUsageError(BONUS_USAGE);
}
