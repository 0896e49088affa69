import type { Channel, Deposit } from '@khela/contract/cashier';
import { errorMessage } from '@khela/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { bonusRoutes, buildBonusTerms, buildOffer, noBonuses } from '../../../testing/bonus';
import { failure, ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';
import { payPage } from '../utils/pay-page';

const CHANNEL: Channel = {
  code: 'BKASH',
  name: 'bKash',
  currency: 'BDT',
  deposit: { enabled: true, minMinor: 20_000, maxMinor: 2_500_000, presetsMinor: [100_000] },
  withdraw: { enabled: true, minMinor: 50_000, maxMinor: 2_500_000 },
  accountPattern: '^01[3-9][0-9]{8}$',
  playMoney: false,
};

const deposit: Deposit = {
  id: '7',
  channelCode: 'BKASH',
  channelName: 'bKash',
  amountMinor: 100_000,
  currency: 'BDT',
  status: 'pending',
  providerRef: 'SBX0123456789ABCDEF01',
  createdAt: '2026-03-02T10:00:00.000Z',
  settledAt: null,
  expiresAt: '2026-03-02T10:30:00.000Z',
};

const OFFERS = [
  buildOffer(),
  buildOffer({
    campaignId: '14',
    name: 'Secret code bonus',
    needsCode: true,
    terms: buildBonusTerms({ kind: 'promo_code' }),
  }),
  buildOffer({
    campaignId: '12',
    name: 'Reload 30%',
    terms: buildBonusTerms({
      kind: 'reload',
      percentBp: 3000,
      capMinor: 300_000,
      minDepositMinor: 100_000,
      wageringMultiplier: 10,
      wageringBase: 'bonus_deposit',
      maxStakeMinor: null,
      validHours: 72,
      text: 'Reload terms, in full.',
    }),
  }),
];

function open(api: MockRoutes = {}) {
  return renderApp('/m/voucherCenter', {
    api: {
      ...accountsRoutes(),
      '/wps/wallet/channels': ok({ list: [CHANNEL] }),
      ...bonusRoutes(noBonuses(), { deposit: OFFERS }),
      ...api,
    },
    session: memberSession(),
  });
}

describe('deposit screen: bonus choice', () => {
  let opened: string[];
  let bodies: unknown[];
  const depositsRoute = () => ({
    '/wps/wallet/deposits': (_url: URL, init: RequestInit | undefined) => {
      bodies.push(JSON.parse(init?.body as string));
      return ok({ deposit, payUrl: 'http://127.0.0.1:4318/sandbox-pay/X' });
    },
  });
  beforeEach(async () => {
    await changeLanguage('EN');
    opened = [];
    bodies = [];
    vi.spyOn(payPage, 'open').mockImplementation((url) => void opened.push(url));
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers the deposit bonuses with key terms, "No bonus" chosen unless the player picks one', async () => {
    const { api } = open(depositsRoute());
    const group = await screen.findByRole('group', { name: 'Bonus' });
    expect(api.calls('/wps/bonus/offers')[0]?.searchParams.get('context')).toBe('deposit');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value') ?? 'none')).toEqual([
      'none',
      '11',
      '12',
    ]);
    expect(within(group).getByRole('radio', { name: 'No bonus' })).toBeChecked();
    // A campaign a code unlocks is not listed: the player types its code.
    expect(within(group).queryByRole('radio', { name: 'Secret code bonus' })).toBeNull();

    const reload = within(group).getByRole('radio', { name: 'Reload 30%' });
    expect(reload).not.toBeChecked();
    expect(reload).toHaveAccessibleDescription(
      [
        '30% of your deposit',
        'Up to ৳3,000.00',
        'Minimum deposit ৳1,000.00',
        'Wager 10× the bonus and deposit',
        'Valid 3 days from the start',
      ].join(' '),
    );
  });

  it('opens the full terms of an offer and, without a choice, asks for no bonus', async () => {
    const { user } = open(depositsRoute());
    const group = await screen.findByRole('group', { name: 'Bonus' });
    await user.click(within(group).getByRole('button', { name: 'Full terms: Reload 30%' }));
    expect(within(group).getByRole('region', { name: 'Full terms: Reload 30%' })).toHaveTextContent(
      'Reload terms, in full.',
    );

    // Paid without a choice: no bonus is asked for.
    await user.click(screen.getByRole('button', { name: '1,000' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(bodies).toEqual([{ channelCode: 'BKASH', amountMinor: 100_000 }]);
  });

  it('sends the chosen bonus and a typed promo code with the deposit', async () => {
    const { user } = open(depositsRoute());
    await user.click(await screen.findByRole('radio', { name: '70% first deposit bonus' }));
    expect(screen.getByRole('radio', { name: 'No bonus' })).not.toBeChecked();
    await user.click(screen.getByLabelText('Promo code (optional)'));
    await user.paste('eid2026');
    await user.click(screen.getByRole('button', { name: '1,000' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(bodies).toEqual([
      { channelCode: 'BKASH', amountMinor: 100_000, bonusCampaignId: '11', promoCode: 'EID2026' },
    ]);
  });

  it('shows a refused bonus beside the choice and opens no pay page', async () => {
    const { user } = open({
      '/wps/wallet/deposits': (_url, init) => {
        bodies.push(JSON.parse(init?.body as string));
        return failure(400, 'bonus.depositTooSmall', errorMessage('bonus.depositTooSmall', 'EN'));
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Reload 30%' }));
    await user.click(screen.getByLabelText('Amount (৳)'));
    await user.paste('500');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Bonus' })).toHaveAccessibleDescription(
        "The deposit is below this bonus's minimum deposit",
      ),
    );
    expect(opened).toEqual([]);
    expect(bodies).toEqual([{ channelCode: 'BKASH', amountMinor: 50_000, bonusCampaignId: '12' }]);
    // Choosing again clears it.
    await user.click(screen.getByRole('radio', { name: 'No bonus' }));
    expect(screen.getByRole('group', { name: 'Bonus' })).not.toHaveAccessibleDescription();
  });

  it('checks a promo code before asking the server', async () => {
    const { user } = open(depositsRoute());
    const code = await screen.findByLabelText('Promo code (optional)');
    await user.click(code);
    await user.paste('no');
    await user.click(screen.getByRole('button', { name: '1,000' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(code).toHaveAccessibleDescription('Enter a code of 3 to 24 letters and digits');
    expect(bodies).toEqual([]);
  });

  it('goes on with "No bonus" and the code field when the offers cannot be read', async () => {
    const { user } = open({
      ...depositsRoute(),
      '/wps/bonus/offers': failure(500, 'system.unknown', 'Something went wrong'),
    });
    expect(await screen.findByLabelText('Promo code (optional)')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Bonus' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '1,000' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(bodies).toEqual([{ channelCode: 'BKASH', amountMinor: 100_000 }]);
  });
});
