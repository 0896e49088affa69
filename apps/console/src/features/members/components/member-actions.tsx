/**
 * What an operator may do to a member, each behind its permission: change the status (with a
 * reason), end every session, send a password reset, adjust the balance (with a reason; above the
 * threshold it waits for a second operator). The outcome is announced in a status line.
 */
import { parseAmount } from '@khela/contract/amount';
import type { MemberStatus, MemberSummary } from '@khela/contract/backoffice/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useFormat } from '../../../lib/format';
import { Can } from '../../../lib/session';
import { adjustBalance, endSessions, sendPasswordReset, setStatus } from '../api';

type Open = 'status' | 'sessions' | 'reset' | 'adjust' | null;

export function MemberActions({ member }: { member: MemberSummary }) {
  const { t } = useTranslation();
  const { money } = useFormat();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState('');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState(false);
  const [adjustKey, setAdjustKey] = useState(() => crypto.randomUUID());
  const nextStatus: MemberStatus = member.status === 'active' ? 'disabled' : 'active';
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['members', member.username] });
  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
    void refresh();
  };

  const status = useMutation({
    mutationFn: (reason: string) => setStatus(member.username, nextStatus, reason),
    onSuccess: (result) => finish(t('member.statusChanged', { status: result.status })),
  });
  const sessions = useMutation({
    mutationFn: () => endSessions(member.username),
    onSuccess: (result) => finish(t('member.sessionsEnded', { count: result.ended })),
  });
  const reset = useMutation({
    mutationFn: () => sendPasswordReset(member.username),
    onSuccess: (result) => finish(t('member.resetSent', { to: result.to })),
  });
  const adjust = useMutation({
    mutationFn: (input: { amountMinor: number; reason: string }) =>
      adjustBalance({ username: member.username, key: adjustKey, ...input }),
    onSuccess: (result) => {
      setAdjustKey(crypto.randomUUID());
      setAmount('');
      finish(
        result.state === 'waiting'
          ? t('member.adjustWaiting', { amount: money(result.amountMinor) })
          : t('member.adjusted', {
              amount: money(result.amountMinor),
              balance: money(result.balanceMinor),
            }),
      );
    },
  });

  return (
    <section aria-labelledby="member-actions">
      <h2 id="member-actions">{t('member.actions')}</h2>
      <div className="row wrap">
        <Can permission="members.write">
          <button type="button" onClick={() => setOpen('status')}>
            {nextStatus === 'disabled' ? t('member.disable') : t('member.enable')}
          </button>
          <button type="button" onClick={() => setOpen('sessions')}>
            {t('member.endSessions')}
          </button>
          <button type="button" onClick={() => setOpen('reset')}>
            {t('member.passwordReset')}
          </button>
        </Can>
        <Can permission="members.adjust">
          <button type="button" onClick={() => setOpen('adjust')}>
            {t('member.adjust')}
          </button>
        </Can>
      </div>
      <p role="status" className="status-line">
        {done}
      </p>
      {open === 'status' && (
        <ReasonDialog
          title={nextStatus === 'disabled' ? t('member.disable') : t('member.enable')}
          confirmLabel={t('common.confirm')}
          pending={status.isPending}
          error={status.error}
          onConfirm={(reason) => status.mutate(reason)}
          onCancel={() => setOpen(null)}
        />
      )}
      {open === 'sessions' && (
        <ReasonDialog
          title={t('member.endSessionsTitle', { name: member.username })}
          confirmLabel={t('member.endSessions')}
          optional
          pending={sessions.isPending}
          error={sessions.error}
          onConfirm={() => sessions.mutate()}
          onCancel={() => setOpen(null)}
        />
      )}
      {open === 'reset' && (
        <ReasonDialog
          title={t('member.passwordResetTitle', { name: member.username })}
          confirmLabel={t('member.passwordReset')}
          optional
          pending={reset.isPending}
          error={reset.error}
          onConfirm={() => reset.mutate()}
          onCancel={() => setOpen(null)}
        />
      )}
      {open === 'adjust' && (
        <ReasonDialog
          title={t('member.adjustTitle', { name: member.username })}
          confirmLabel={t('member.adjust')}
          pending={adjust.isPending}
          error={adjust.error}
          onConfirm={(reason) => {
            const parsed = parseAmount(amount, { allowNegative: true });
            if (!parsed.ok || parsed.minor === 0) {
              setAmountError(true);
              return;
            }
            setAmountError(false);
            adjust.mutate({ amountMinor: parsed.minor, reason });
          }}
          onCancel={() => setOpen(null)}
        >
          <Field
            label={t('member.amount')}
            hint={t('member.amountHint')}
            error={amountError && t('member.amountInvalid')}
          >
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            )}
          </Field>
        </ReasonDialog>
      )}
    </section>
  );
}
