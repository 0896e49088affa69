/**
 * `npm run ops -- bonus campaign …`: bonus campaigns through /ops/api/bonuses (list with uptake
 * and cost, create from a JSON file, pause, resume). docs/bonuses.md "Campaigns for operators".
 */
import { readFile } from 'node:fs/promises';
import { formatAmount } from '@khela/contract/amount';
import type { OpsCampaign, OpsCampaignList } from '@khela/contract/backoffice/bonuses';

export const BONUS_USAGE = `  bonus campaign list [--json]               bonus campaigns, newest first: state, terms, uptake, cost
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

export async function bonusCommand(
  args: string[],
  options: { json?: boolean | undefined; file?: string | undefined },
  call: Call,
) {
  const [noun, action, id] = args;
  const show = (campaign: OpsCampaign) =>
    options.json
      ? console.log(JSON.stringify(campaign, null, 2))
      : console.log(campaignLines(campaign).join('\n'));
  if (noun !== 'campaign') throw new BonusUsageError(BONUS_USAGE);
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
