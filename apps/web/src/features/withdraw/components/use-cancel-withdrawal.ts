/** Cancelling a pending withdrawal: a toast, fresh withdraw data, and the caller's refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notify';
import { cancelWithdrawal, withdrawQueryKey } from '../api/withdrawals';

export function useCancelWithdrawal(onMoneyMoved: () => unknown) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: async () => {
      showToast(t('withdraw.cancelled'), 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawQueryKey }),
        onMoneyMoved(),
      ]);
    },
    // A stale screen (already decided): show the fresh state.
    onError: () => queryClient.invalidateQueries({ queryKey: withdrawQueryKey }),
  });
}
