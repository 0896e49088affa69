/**
 * The spec's "VIP renewal" call (POST /wps/member/vip/renewal): when the member's balance moves
 * (a deposit credited, a bet settled), the header asks for the level again, so its badge follows
 * the ledger without a new login. A step up is told in the spec's long toast (8 s).
 */
import type { MemberInfo } from '@khela/contract/accounts';
import { TOAST_MS } from '@khela/contract/constants';
import { isGuest } from '@khela/contract/members';
import { VipRenewalSchema, type VipRenewal } from '@khela/contract/vip';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { showToast } from '../../../lib/notify';
import type { SessionInfo } from '../../../lib/session-store';
import { memberInfoQueryOptions } from './member';

export function renewVip(knownLabelId: number | null): Promise<VipRenewal> {
  return api.post('/wps/member/vip/renewal', {
    body: { knownLabelId },
    parse: VipRenewalSchema,
  });
}

/**
 * Renews the level each time `sumBalance` changes after the first figure (the first comes with
 * a member info that already holds the level), and writes the answer into member info.
 */
export function useVipRenewal(
  session: SessionInfo,
  info: MemberInfo | undefined,
  sumBalance: number | undefined,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const seen = useRef<number | undefined>(undefined);
  const knownLabelId = info?.clubLabel?.labelId ?? null;
  const ready = info !== undefined && !isGuest(session.type);

  useEffect(() => {
    if (!ready || sumBalance === undefined) return;
    const before = seen.current;
    seen.current = sumBalance;
    if (before === undefined || before === sumBalance) return;
    let current = true;
    renewVip(knownLabelId)
      .then((renewal) => {
        if (!current || !renewal.changed) return;
        queryClient.setQueryData(
          memberInfoQueryOptions(session.token).queryKey,
          (old: MemberInfo | undefined) => old && { ...old, clubLabel: renewal.clubLabel },
        );
        if (renewal.upgraded && renewal.clubLabel) {
          showToast(
            t('account.vipUp', { level: renewal.clubLabel.labelName }),
            'success',
            TOAST_MS.long,
          );
        }
      })
      // The badge keeps the level it showed; the next balance change asks again.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [ready, sumBalance, knownLabelId, queryClient, session.token, t]);
}
