import type { WithdrawOptions } from '@khela/contract/withdrawals';
import { errorMessage } from '@khela/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { failure, ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const OPTIONS: WithdrawOptions = {
  balanceMinor: 300_000,
  currency: 'BDT',
  paymentPasswordSet: false,
  channels: [
    { code: 'BKASH', name: 'bKash', enabled: true, minMinor: 50_000, maxMinor: 2_500_000 },
  ],
  payees: [
    {
      id: '11',
      channelCode: 'BKASH',
      channelName: 'bKash',
      accountName: 'Rahim Uddin',
      accountNumber: '•••• 5678',
      last4: '5678',
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
  pending: [],
};

interface Post {
  key: string | null;
  body: { forfeitBonus?: boolean };
}

/** The server of docs/bonuses.md: without forfeitBonus it asks, with it it takes the request. */
function withBonus(posts: Post[]): MockRoutes {
  return {
    '/wps/wallet/withdraw-options': ok(OPTIONS),
    '/wps/wallet/withdrawals': (url, init) => {
      const body = JSON.parse(init?.body as string) as Post['body'];
      posts.push({ key: new Headers(init?.headers).get('idempotency-key'), body });
      if (!body.forfeitBonus) {
        const language = url.searchParams.get('language') === 'BN' ? 'BN' : 'EN';
        return failure(
          409,
          'bonus.forfeitRequired',
          errorMessage('bonus.forfeitRequired', language),
          {
            bonusMinor: 120_000,
          },
        );
      }
      return ok({
        withdrawal: {
          id: '601',
          status: 'pending',
          amountMinor: 250_000,
          currency: 'BDT',
          channelCode: 'BKASH',
          channelName: 'bKash',
          accountName: 'Rahim Uddin',
          accountNumber: '•••• 5678',
          createdAt: '2026-03-02T10:00:00.000Z',
          decidedAt: null,
          note: null,
        },
        balanceMinor: 50_000,
        replayed: false,
      });
    },
  };
}

function open(api: MockRoutes) {
  return renderApp('/m/withdraw', {
    api: { ...accountsRoutes(), '/wps/member/wallet': ok({ sumBalance: 4200 }), ...api },
    session: memberSession(),
  });
}

async function requestWithdrawal(user: ReturnType<typeof open>['user'], submit = 'Withdraw') {
  const amount = await screen.findByRole('textbox', { name: /\(৳\)/ });
  await user.click(amount);
  await user.paste('2500');
  await user.click(screen.getByRole('button', { name: submit }));
}

describe('withdrawal while a bonus is active', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('asks to confirm the forfeit and, confirmed, sends the request again with forfeitBonus', async () => {
    const posts: Post[] = [];
    const { user } = open(withBonus(posts));
    await requestWithdrawal(user);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw and forfeit your bonus?' });
    expect(dialog).toHaveTextContent(
      'You have an active bonus. Withdrawing now forfeits its remaining bonus balance of ৳1,200.00. Your cash is withdrawn as usual.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Forfeit and withdraw' }));
    expect(
      await screen.findByText('Withdrawal requested. It is pending until it is paid.'),
    ).toBeVisible();
    expect(posts.map((post) => post.body)).toEqual([
      { payeeId: '11', amountMinor: 250_000 },
      { payeeId: '11', amountMinor: 250_000, forfeitBonus: true },
    ]);
    // Two requests, two keys: the confirmed one is not a replay of the refused one.
    expect(posts[0]?.key).not.toBe(posts[1]?.key);
  });

  it('changes nothing when the player keeps the bonus', async () => {
    const posts: Post[] = [];
    const { user } = open(withBonus(posts));
    await requestWithdrawal(user);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw and forfeit your bonus?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the bonus' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Amount (৳)' })).toHaveValue('2500');
    expect(screen.queryByRole('region', { name: 'Pending withdrawals' })).toBeNull();
  });

  it('asks in Bengali', async () => {
    await changeLanguage('BN');
    const posts: Post[] = [];
    const { user } = open(withBonus(posts));
    await requestWithdrawal(user, 'উত্তোলন করুন');
    const dialog = await screen.findByRole('dialog', { name: 'উত্তোলন করে বোনাস ছেড়ে দেবেন?' });
    expect(dialog).toHaveTextContent('৳১,২০০.০০');
    expect(within(dialog).getByRole('button', { name: 'ছেড়ে দিয়ে উত্তোলন করুন' })).toBeVisible();
  });
});
