/**
 * The devices a member trusted at a new-device login (step-up). Removing one (members.write)
 * makes its next login from a new network ask for the one-time code again; its sessions stay.
 */
import type { MemberTrustedDevice as TrustedDevice } from '@khela/contract/backoffice/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useFormat } from '../../../lib/format';
import { Can } from '../../../lib/session';
import { memberTrustedDevicesQueryOptions, removeTrustedDevice } from '../api';

export function MemberDevices({ username }: { username: string }) {
  const { t } = useTranslation();
  const { when } = useFormat();
  const queryClient = useQueryClient();
  const devices = useQuery(memberTrustedDevicesQueryOptions(username));
  const [removing, setRemoving] = useState<TrustedDevice | null>(null);
  const [done, setDone] = useState('');
  const nameOf = (row: TrustedDevice) =>
    [row.device.browser, row.device.os].filter(Boolean).join(', ') || t('devices.unknown');
  const remove = useMutation({
    mutationFn: (device: TrustedDevice) => removeTrustedDevice(username, device.id),
    onSuccess: (_answer, device) => {
      setDone(t('devices.removed', { device: nameOf(device) }));
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: ['members', username, 'trusted-devices'] });
    },
  });
  const columns: Column<TrustedDevice>[] = [
    { id: 'device', header: t('lists.device'), cell: nameOf },
    { id: 'network', header: t('devices.network'), cell: (row) => row.network ?? '—' },
    { id: 'first', header: t('devices.firstSeen'), cell: (row) => when(row.firstSeenAt) },
    { id: 'last', header: t('lists.lastSeen'), cell: (row) => when(row.lastSeenAt) },
    { id: 'agent', header: t('lists.userAgent'), cell: (row) => row.userAgent ?? '—' },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: (row) => (
        <Can permission="members.write">
          <button
            type="button"
            className="danger"
            aria-label={t('devices.removeOf', { device: nameOf(row), network: row.network ?? '—' })}
            onClick={() => setRemoving(row)}
          >
            {t('devices.remove')}
          </button>
        </Can>
      ),
    },
  ];
  return (
    <>
      <p role="status" className="status-line">
        {done}
      </p>
      <LoadState isPending={devices.isPending} error={devices.error}>
        <DataTable
          caption={t('member.tabs.devices')}
          columns={columns}
          rows={devices.data?.items ?? []}
          rowKey={(row) => row.id}
        />
      </LoadState>
      {removing && (
        <ReasonDialog
          title={t('devices.removeTitle', { device: nameOf(removing) })}
          confirmLabel={t('devices.remove')}
          noReason
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(removing)}
          onCancel={() => {
            remove.reset();
            setRemoving(null);
          }}
        >
          <p>{t('devices.removeHint')}</p>
        </ReasonDialog>
      )}
    </>
  );
}
