/**
 * The operators: add one (its one-time password and TOTP secret are shown once, here), change a
 * role, lock or unlock, reset (new one-time password and secret). operators.manage for changes.
 */
import { type Operator, type OperatorCredentials } from '@khela/contract/backoffice/operators';
import { OPERATOR_ROLES, type OperatorRole } from '@khela/contract/operators';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { errorMessage } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useCan, useSession } from '../../../lib/session';
import { createOperator, operatorsQueryOptions, resetOperator, updateOperator } from '../api';

export function Operators() {
  const { t } = useTranslation();
  const { when } = useFormat();
  const mayManage = useCan()('operators.manage');
  const { operator: self } = useSession();
  const queryClient = useQueryClient();
  const operators = useQuery(operatorsQueryOptions());
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [credentials, setCredentials] = useState<OperatorCredentials | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['operators'] });
  const create = useMutation({
    mutationFn: () => createOperator({ username: username.trim().toLowerCase(), role }),
    onSuccess: (answer) => {
      setCredentials(answer);
      setUsername('');
      void refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: string; role?: OperatorRole; locked?: boolean }) =>
      updateOperator(id, body),
    onSuccess: () => void refresh(),
  });
  const reset = useMutation({
    mutationFn: (id: string) => resetOperator(id),
    onSuccess: (answer) => {
      setCredentials(answer);
      void refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim()) create.mutate();
  };
  const roles: readonly OperatorRole[] =
    self.role === 'owner' ? OPERATOR_ROLES : OPERATOR_ROLES.filter((name) => name !== 'owner');

  const columns: Column<Operator>[] = [
    {
      id: 'username',
      header: t('login.username'),
      cell: (row) => row.username,
      sortValue: (row) => row.username,
    },
    {
      id: 'role',
      header: t('operators.role'),
      cell: (row) =>
        mayManage && row.id !== self.id ? (
          <select
            aria-label={t('operators.roleOf', { name: row.username })}
            value={row.role}
            onChange={(event) =>
              update.mutate({ id: row.id, role: event.target.value as OperatorRole })
            }
          >
            {(roles.includes(row.role) ? roles : [row.role, ...roles]).map((name) => (
              <option key={name} value={name}>
                {t(`roles.${name}`)}
              </option>
            ))}
          </select>
        ) : (
          t(`roles.${row.role}`)
        ),
    },
    {
      id: 'state',
      header: t('lists.state'),
      cell: (row) =>
        row.locked
          ? t('operators.locked')
          : row.lockedOutUntil
            ? t('operators.lockedOut', { until: when(row.lockedOutUntil) })
            : row.mustChangePassword
              ? t('operators.firstLogin')
              : t('operators.active'),
    },
    { id: 'last', header: t('members.lastLogin'), cell: (row) => when(row.lastLoginAt) },
    ...(mayManage
      ? [
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (row: Operator) =>
              row.id === self.id ? null : (
                <div className="row">
                  <button
                    type="button"
                    onClick={() =>
                      update.mutate({ id: row.id, locked: !(row.locked || row.lockedOutUntil) })
                    }
                  >
                    {row.locked || row.lockedOutUntil
                      ? t('operators.unlock', { name: row.username })
                      : t('operators.lock', { name: row.username })}
                  </button>
                  <button type="button" onClick={() => reset.mutate(row.id)}>
                    {t('operators.reset', { name: row.username })}
                  </button>
                </div>
              ),
          },
        ]
      : []),
  ];

  const failure = create.error ?? update.error ?? reset.error;
  return (
    <section>
      <h1>{t('nav.operators')}</h1>
      {mayManage && (
        <form className="toolbar" onSubmit={submit} aria-labelledby="add-operator">
          <h2 id="add-operator" className="visually-hidden">
            {t('operators.add')}
          </h2>
          <label className="field">
            <span>{t('login.username')}</span>
            <input value={username} onChange={(event) => setUsername(event.target.value)} />
          </label>
          <label className="field">
            <span>{t('operators.role')}</span>
            <select value={role} onChange={(event) => setRole(event.target.value as OperatorRole)}>
              {roles.map((name) => (
                <option key={name} value={name}>
                  {t(`roles.${name}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('operators.add')}
          </button>
        </form>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {errorMessage(failure)}
        </p>
      )}
      {credentials && (
        <section role="alert" className="panel" aria-labelledby="credentials-title">
          <h2 id="credentials-title">
            {t('operators.credentialsTitle', { name: credentials.username })}
          </h2>
          <p>{t('operators.credentialsOnce')}</p>
          <dl className="facts">
            <div>
              <dt>{t('operators.oneTimePassword')}</dt>
              <dd>
                <code>{credentials.password}</code>
              </dd>
            </div>
            <div>
              <dt>{t('operators.totpSecret')}</dt>
              <dd>
                <code>{credentials.totpSecret}</code>
              </dd>
            </div>
            <div>
              <dt>{t('operators.totpUri')}</dt>
              <dd>
                <code className="wrap-anywhere">{credentials.otpauthUri}</code>
              </dd>
            </div>
          </dl>
          <button type="button" onClick={() => setCredentials(null)}>
            {t('operators.credentialsDone')}
          </button>
        </section>
      )}
      <LoadState isPending={operators.isPending} error={operators.error}>
        <DataTable
          caption={t('nav.operators')}
          columns={columns}
          rows={operators.data ?? []}
          rowKey={(row) => row.id}
        />
      </LoadState>
    </section>
  );
}
