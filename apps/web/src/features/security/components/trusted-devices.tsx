/**
 * The devices the member trusted at a new-device login (step-up, LOGINIPVERF3), a section of the
 * security centre: each with its browser and system, first and last seen, the network it was last
 * seen on (masked) and "This device"; Remove makes its next login ask for a code again.
 */
import { formatDate } from '@khela/contract/date';
import type { TrustedDevice } from '@khela/contract/step-up';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../strings';
import { QueryState } from '../../../components/load-state';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import {
  removeTrustedDevice,
  trustedDevicesQueryKey,
  trustedDevicesQueryOptions,
} from '../api/security';
import { deviceName } from '../utils/device-name';
import formStyles from '../../../components/form.module.css';
import styles from './security.module.css';

export function TrustedDevices({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const devices = useQuery(trustedDevicesQueryOptions(token));
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('security.trustedTitle')}
      </h2>
      <p className={formStyles.muted}>{t('security.trustedIntro')}</p>
      {devices.isPending || devices.isError ? (
        <QueryState query={devices} loading={<Spinner label={t('common.loading')} />} />
      ) : devices.data.list.length === 0 ? (
        <p className={formStyles.muted}>{t('security.trustedNone')}</p>
      ) : (
        <ul className={formStyles.list} aria-label={t('security.trustedTitle')}>
          {devices.data.list.map((device) => (
            <TrustedDeviceItem key={device.id} device={device} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TrustedDeviceItem({ device }: { device: TrustedDevice }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: () => removeTrustedDevice(device.id),
  });
  const name = deviceName(device.device, t);

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      showToast(t('security.removed'), 'success');
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      // Already removed elsewhere: the list is refreshed below.
      if (caught.status !== 404) showToast(caught.message, 'error');
    }
    await queryClient.invalidateQueries({ queryKey: trustedDevicesQueryKey });
  };

  return (
    <li className={formStyles.item}>
      <div className={formStyles.itemMain}>
        <span className={styles.strong}>{name}</span>
        {device.current && <span className={styles.badge}>{t('security.thisDevice')}</span>}
        <span className={formStyles.muted}>
          {t('security.lastSeen', { time: formatDate(device.lastSeenAt, 'dateTime', language) })} ·{' '}
          {device.network
            ? t('security.network', { network: device.network })
            : t('security.networkUnknown')}
        </span>
        <span className={formStyles.muted}>
          {t('security.firstSeen', { time: formatDate(device.firstSeenAt, 'dateTime', language) })}
        </span>
      </div>
      <button
        type="button"
        className={formStyles.small}
        aria-label={
          device.current ? t('security.removeThis') : t('security.removeLabel', { device: name })
        }
        disabled={remove.isPending}
        onClick={() => void onRemove()}
      >
        {t('security.remove')}
      </button>
    </li>
  );
}
