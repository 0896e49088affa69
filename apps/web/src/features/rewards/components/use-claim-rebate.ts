/**
 * Claiming a day's rebate: one Idempotency-Key per day's claim, kept only while its answer is
 * lost (a retry then reuses it, so nothing is paid twice); the rebate and reward centre data and
 * the header balance refresh after a claim.
 */
import { formatAmount } from '@khela/contract/amount';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notify';
import { claimRebate, rewardsQueryKey } from '../api/rewards';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/i18n';

export function useClaimRebate(onMoneyMoved: () => unknown) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: ({ periodStart, key }: { periodStart: string; key: string }) =>
      claimRebate(periodStart, key),
  });

  const claim = async (periodStart: string) => {
    const key = keys.keyFor(periodStart);
    try {
      const answer = await mutation.mutateAsync({ periodStart, key });
      keys.settle(periodStart);
      showToast(
        t('rewards.claimed', { amount: formatAmount(answer.claim.amountMinor, { language }) }),
        'success',
      );
    } catch (error) {
      keys.settle(periodStart, error);
      if (!(error instanceof ApiError)) throw error;
      showToast(error.message, 'error');
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: rewardsQueryKey }),
      onMoneyMoved(),
    ]);
  };

  return { claim, pending: mutation.isPending ? mutation.variables?.periodStart : undefined };
}
