/**
 * What other modules may know of bonus campaigns, each read taking the caller's `db` or
 * transaction handle. The promotions page (modules/content) asks which bonus a promotion names
 * and how a player gets it, in both languages, without reading the bonuses tables itself.
 */
import { inArray } from 'drizzle-orm';
import { formatAmount } from '@khela/contract/amount';
import type { BonusKind } from '@khela/contract/bonus';
import type { Language, Localized } from '@khela/contract/language';
import type { DbOrTx } from '../../db/client';
import { bonusCampaigns } from '../../db/schema/bonuses';

/** A campaign as a promotion shows it: how to get it, and when it can be had. */
export interface PromotionBonus {
  campaignId: string;
  kind: BonusKind;
  howTo: Localized;
  /** Claimable from / until; null: no bound. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** Paused by an operator, or given as often as its total cap allows: nobody can get it now. */
  closed: boolean;
}

const symbolOf = (currency: string) => (currency === 'BDT' ? '৳' : `${currency} `);

interface HowToFacts {
  kind: string;
  promoCode: string | null;
  amountMinor: bigint | null;
  minDepositMinor: bigint | null;
  currency: string;
}

/** How a player gets the bonus, in plain words (the engine's rules: docs/bonuses.md "Kinds"). */
export function howToGet(campaign: HowToFacts): Localized {
  const money = (minor: bigint, language: Language) =>
    formatAmount(minor, { symbol: symbolOf(campaign.currency), cents: 'whole', language });
  const atLeast = (language: Language) =>
    campaign.minDepositMinor === null
      ? ''
      : language === 'EN'
        ? ` (a deposit of at least ${money(campaign.minDepositMinor, 'EN')})`
        : ` (কমপক্ষে ${money(campaign.minDepositMinor, 'BN')} জমা)`;
  const code = campaign.promoCode ?? '';
  switch (campaign.kind as BonusKind) {
    case 'first_deposit':
      return {
        EN: `Choose this bonus on the deposit screen before you pay your first deposit${atLeast('EN')}.`,
        BN: `প্রথম জমার টাকা পাঠানোর আগে জমার পাতায় এই বোনাসটি বেছে নিন${atLeast('BN')}।`,
      };
    case 'reload':
      return {
        EN: `Choose this bonus on the deposit screen before you pay${atLeast('EN')}.`,
        BN: `টাকা পাঠানোর আগে জমার পাতায় এই বোনাসটি বেছে নিন${atLeast('BN')}।`,
      };
    case 'registration':
      return {
        EN: 'Register an account: the bonus is added as soon as you have registered.',
        BN: 'একটি অ্যাকাউন্ট নিবন্ধন করুন: নিবন্ধনের সাথে সাথেই বোনাস যোগ হবে।',
      };
    case 'promo_code':
      return campaign.amountMinor === null
        ? {
            EN: `Enter code ${code} on the deposit screen before you pay${atLeast('EN')}.`,
            BN: `টাকা পাঠানোর আগে জমার পাতায় ${code} কোডটি লিখুন${atLeast('BN')}।`,
          }
        : {
            EN: `Enter code ${code} on the bonus page. No deposit needed.`,
            BN: `বোনাস পাতায় ${code} কোডটি লিখুন। কোনো জমা লাগবে না।`,
          };
    case 'application':
      return {
        EN: 'Apply on this page; the bonus is paid when your application is approved.',
        BN: 'এই পাতায় আবেদন করুন; আবেদন অনুমোদিত হলে বোনাস দেওয়া হবে।',
      };
    case 'manual':
      return {
        EN: 'Our team gives this bonus to the players it chooses; it appears on your bonus page.',
        BN: 'আমাদের দল নির্বাচিত খেলোয়াড়দের এই বোনাস দেয়; এটি আপনার বোনাস পাতায় দেখা যাবে।',
      };
  }
}

export const campaignReads = {
  /** The campaigns these promotions name, by id (unknown ids are left out), in one query. */
  async promotionBonuses(
    db: DbOrTx,
    campaignIds: readonly bigint[],
  ): Promise<Map<bigint, PromotionBonus>> {
    const ids = [...new Set(campaignIds)];
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: bonusCampaigns.id,
        kind: bonusCampaigns.kind,
        promoCode: bonusCampaigns.promoCode,
        amountMinor: bonusCampaigns.amountMinor,
        minDepositMinor: bonusCampaigns.minDepositMinor,
        currency: bonusCampaigns.currency,
        startsAt: bonusCampaigns.startsAt,
        endsAt: bonusCampaigns.endsAt,
        pausedAt: bonusCampaigns.pausedAt,
        totalCap: bonusCampaigns.totalCap,
        uses: bonusCampaigns.uses,
      })
      .from(bonusCampaigns)
      .where(inArray(bonusCampaigns.id, ids));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          campaignId: row.id.toString(),
          kind: row.kind as BonusKind,
          howTo: howToGet(row),
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          closed: row.pausedAt !== null || (row.totalCap !== null && row.uses >= row.totalCap),
        },
      ]),
    );
  },
};
