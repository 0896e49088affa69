import type { MyBonuses } from '@khela/contract/bonus';
import { errorMessage } from '@khela/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { bonusRoutes, buildBonusTerms, buildMemberBonus, buildOffer } from '../../../testing/bonus';
import { failure, ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const HOUR = 3_600_000;
/** 2 days, 5 hours and a half from now. */
const inTwoDays = () => new Date(Date.now() + 53.5 * HOUR).toISOString();

const mine = () => ({
  active: buildMemberBonus({ expiresAt: inTwoDays() }),
  queued: [
    buildMemberBonus({
      id: '502',
      name: 'Weekend reload',
      kind: 'reload',
      status: 'queued',
      amountMinor: 30_000,
      balanceMinor: 0,
      wageredMinor: 0,
      activatedAt: null,
      expiresAt: null,
    }),
    buildMemberBonus({
      id: '503',
      name: 'Promo WELCOME',
      kind: 'promo_code',
      status: 'queued',
      amountMinor: 10_000,
      balanceMinor: 0,
      wageredMinor: 0,
      activatedAt: null,
      expiresAt: null,
      terms: buildBonusTerms({ kind: 'promo_code', percentBp: null, amountMinor: 10_000 }),
    }),
  ],
  past: [
    buildMemberBonus({
      id: '401',
      name: 'Spring reload',
      status: 'converted',
      settledMinor: 45_000,
    }),
    buildMemberBonus({
      id: '402',
      name: 'Cricket bonus',
      status: 'forfeited',
      settledMinor: 8_000,
    }),
    buildMemberBonus({ id: '403', name: 'Eid bonus', status: 'expired', settledMinor: 2_500 }),
    buildMemberBonus({
      id: '404',
      name: 'Second first deposit',
      status: 'refused',
      reason: 'This bonus can be taken once per person, and it has been taken',
    }),
    buildMemberBonus({ id: '405', name: 'Lost it all', status: 'forfeited', settledMinor: 0 }),
  ],
});

const OFFERS = [
  buildOffer({
    campaignId: '12',
    name: 'Reload 30%',
    terms: buildBonusTerms({ kind: 'reload', percentBp: 3000 }),
  }),
  buildOffer({
    campaignId: '13',
    name: 'Apply for the Eid gift',
    terms: buildBonusTerms({ kind: 'application', percentBp: null, amountMinor: 50_000 }),
  }),
];

function open(api: MockRoutes = {}) {
  return renderApp('/m/bonus', {
    api: {
      ...accountsRoutes(),
      '/wps/member/wallet': ok({ sumBalance: 1700, cashBalance: 500, bonusBalance: 1200 }),
      ...bonusRoutes(mine(), { all: OFFERS }),
      ...api,
    },
    session: memberSession(),
  });
}

describe('bonus page', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('shows the active bonus with its wagering progress in numbers, time left, balance and terms', async () => {
    const { user } = open();
    const bar = await screen.findByRole('progressbar', { name: 'Wagering progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '3500');
    expect(bar).toHaveAttribute('aria-valuemax', '14000');
    expect(bar).toHaveAttribute('aria-valuetext', '৳3,500.00 of ৳14,000.00 wagered');
    const active = screen.getByRole('region', { name: 'Active bonus: 70% first deposit bonus' });
    expect(within(active).getByText('৳3,500.00 of ৳14,000.00 wagered')).toBeVisible();
    expect(within(active).getByText('Bonus balance').nextSibling).toHaveTextContent('৳1,200.00');
    expect(within(active).getByText('Time left').nextSibling).toHaveTextContent(/^2 d 5 h/);

    const terms = within(active).getByRole('list', { name: 'Key terms' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '70% of your deposit',
      'Up to ৳7,000.00',
      'Minimum deposit ৳500.00',
      'Wager 20× the bonus',
      'Largest bet while wagering ৳500.00',
      'Valid 7 days from the start',
    ]);
    const toggle = within(active).getByRole('button', { name: 'Full terms' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(active).getByRole('region', { name: 'Full terms' })).toHaveTextContent(
      'Slots count in full toward wagering.',
    );
  });

  it('lists the queue in the order the bonuses start and past bonuses with their outcome', async () => {
    open();
    const queue = await screen.findByRole('list', { name: 'Waiting to start' });
    const queued = [...queue.children].map((li) => li.querySelector('strong')?.textContent);
    expect(queued).toEqual(['Weekend reload', 'Promo WELCOME']);
    expect(queue.tagName).toBe('OL');
    const past = screen.getByRole('list', { name: 'Past bonuses' });
    const items = [...past.children];
    expect(items[0]).toHaveTextContent('৳450.00 became cash');
    expect(items[1]).toHaveTextContent('Forfeited: ৳80.00 of bonus removed');
    expect(items[2]).toHaveTextContent('Expired: ৳25.00 of bonus removed');
    expect(items[3]).toHaveTextContent(
      'Not given: This bonus can be taken once per person, and it has been taken',
    );
    expect(items[4]).toHaveTextContent('Used up: the bonus balance was played to zero');
  });

  it('asks before forfeiting, says only the bonus balance is lost, and cancelling changes nothing', async () => {
    const forfeits: string[] = [];
    let answered: MyBonuses = mine();
    const { user, api } = open({
      '/wps/bonus/501/forfeit': (url) => {
        forfeits.push(url.pathname);
        answered = { ...answered, active: null };
        return ok(
          buildMemberBonus({ status: 'forfeited', balanceMinor: 0, settledMinor: 120_000 }),
        );
      },
      '/wps/bonus/mine': () => ok(answered),
    });
    await user.click(await screen.findByRole('button', { name: 'Forfeit bonus' }));
    let dialog = screen.getByRole('dialog', { name: 'Forfeit this bonus?' });
    expect(dialog).toHaveTextContent(
      'You lose the bonus balance of ৳1,200.00 and your wagering progress on “70% first deposit bonus”. Your cash balance is not touched.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep the bonus' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(forfeits).toEqual([]);
    expect(screen.getByRole('progressbar', { name: 'Wagering progress' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Forfeit bonus' }));
    dialog = screen.getByRole('dialog', { name: 'Forfeit this bonus?' });
    const walletCalls = api.calls('/wps/member/wallet').length;
    await user.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect(await screen.findByText('You have no active bonus.')).toBeVisible();
    expect(forfeits).toEqual(['/wps/bonus/501/forfeit']);
    // The header's balance is asked for again.
    await waitFor(() =>
      expect(api.calls('/wps/member/wallet').length).toBeGreaterThan(walletCalls),
    );
  });

  const promoApi = (bodies: unknown[]): MockRoutes => ({
    '/wps/bonus/promo': (url, init) => {
      const body = JSON.parse(init?.body as string) as { code: string };
      bodies.push(body);
      if (body.code === 'USED1') {
        const language = url.searchParams.get('language') === 'BN' ? 'BN' : 'EN';
        return failure(409, 'bonus.promoUsed', errorMessage('bonus.promoUsed', language));
      }
      return ok({
        bonus: buildMemberBonus({ id: '600', name: 'Promo WELCOME', status: 'queued' }),
      });
    },
  });

  it('redeems a promo code as typed, upper-cased, after checking its form', async () => {
    const bodies: unknown[] = [];
    const { user } = open(promoApi(bodies));
    const input = await screen.findByLabelText('Promo code');
    await user.type(input, 'x!');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(input).toHaveAccessibleDescription('Enter a code of 3 to 24 letters and digits');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    await user.clear(input);
    await user.type(input, 'welcome');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Bonus added: Promo WELCOME')).toBeVisible();
    expect(bodies).toEqual([{ code: 'WELCOME' }]);
    expect(input).toHaveValue('');
  });

  it("shows a code's refusal in the player's language", async () => {
    await changeLanguage('BN');
    const bodies: unknown[] = [];
    const { user } = open(promoApi(bodies));
    const input = await screen.findByLabelText('প্রোমো কোড');
    await user.type(input, 'used1');
    await user.click(screen.getByRole('button', { name: 'ব্যবহার করুন' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('আপনি এই প্রোমো কোডটি আগেই ব্যবহার করেছেন'),
    );
    expect(bodies).toEqual([{ code: 'USED1' }]);
  });

  it('lists the offers the player can take with how to get each', async () => {
    open();
    const offers = await screen.findByRole('list', { name: 'Bonuses you can take' });
    const [reload, application] = [...offers.children] as HTMLElement[];
    expect(reload).toHaveTextContent('Reload 30%');
    expect(reload).toHaveTextContent('30% of your deposit');
    expect(reload).toHaveTextContent('Choose it on the deposit screen before you pay a deposit.');
    expect(within(reload!).getByRole('link', { name: 'Go to deposit' })).toHaveAttribute(
      'href',
      '/m/voucherCenter',
    );
    expect(application).toHaveTextContent('Bonus of ৳500.00');
    expect(application).toHaveTextContent(
      'Apply on its promotion page; it is given when your application is approved.',
    );
    expect(within(application!).queryByRole('link', { name: 'Go to deposit' })).toBeNull();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toContain(
      'Bonuses you can take',
    );
  });

  it('says a day or an hour in the singular', async () => {
    open({
      ...bonusRoutes(mine(), {
        all: [
          buildOffer({
            campaignId: '21',
            name: 'Day pass',
            terms: buildBonusTerms({ kind: 'reload', validHours: 24 }),
          }),
          buildOffer({
            campaignId: '22',
            name: 'Happy hour',
            terms: buildBonusTerms({ kind: 'reload', validHours: 1 }),
          }),
        ],
      }),
    });
    const offers = await screen.findByRole('list', { name: 'Bonuses you can take' });
    const [day, hour] = [...offers.children] as HTMLElement[];
    expect(day).toHaveTextContent('Valid 1 day from the start');
    expect(hour).toHaveTextContent('Valid 1 hour from the start');
  });

  it('reads in Bengali with Bengali digits', async () => {
    await changeLanguage('BN');
    open();
    const bar = await screen.findByRole('progressbar', { name: 'বাজির অগ্রগতি' });
    expect(bar).toHaveAttribute('aria-valuetext', '৳১৪,০০০.০০ এর মধ্যে ৳৩,৫০০.০০ বাজি ধরা হয়েছে');
    expect(
      screen.getByRole('heading', { name: 'চলমান বোনাস: 70% first deposit bonus' }),
    ).toBeVisible();
    expect(screen.getByText('বোনাস ব্যালেন্স').nextSibling).toHaveTextContent('৳১,২০০.০০');
    expect(screen.getByText('বাকি সময়').nextSibling).toHaveTextContent(/^২ দিন ৫ ঘণ্টা/);
    expect(screen.getByRole('button', { name: 'বোনাস ছেড়ে দিন' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'শুরুর অপেক্ষায়' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'আগের বোনাস' })).toBeVisible();
    expect(screen.getByText('৳৪৫০.০০ নগদে পরিণত হয়েছে')).toBeVisible();
    expect(screen.getAllByText('বোনাসের ২০ গুণ বাজি ধরতে হবে').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'বোনাস', level: 1 })).toBeVisible();
  });
});
