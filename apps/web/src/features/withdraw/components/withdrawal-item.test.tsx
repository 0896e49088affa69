import type { Withdrawal } from '@khela/contract/withdrawals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { WithdrawalItem } from './withdrawal-item';

const held: Withdrawal = {
  id: '777',
  status: 'waiting_kyc',
  amountMinor: 8_000_000,
  currency: 'BDT',
  channelCode: 'BKASH',
  channelName: 'bKash',
  accountName: 'Rahim Uddin',
  accountNumber: '•••• 5678',
  createdAt: '2026-03-02T10:00:00.000Z',
  decidedAt: null,
  note: null,
};

describe('a withdrawal waiting for the identity check', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('says what it waits for and may be cancelled', async () => {
    const onCancel = vi.fn();
    render(
      <ul>
        <WithdrawalItem withdrawal={held} onCancel={onCancel} />
      </ul>,
    );
    expect(screen.getByText('Waiting for identity check')).toBeInTheDocument();
    expect(
      screen.getByText(/Send your ID and a selfie in the security centre/),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Cancel/ }));
    expect(onCancel).toHaveBeenCalledWith('777');
  });

  it('reads in Bengali', async () => {
    await changeLanguage('BN');
    render(
      <ul>
        <WithdrawalItem withdrawal={held} />
      </ul>,
    );
    expect(screen.getByText('পরিচয় যাচাইয়ের অপেক্ষায়')).toBeInTheDocument();
  });
});
