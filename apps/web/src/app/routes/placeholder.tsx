/**
 * Screens that later work builds (login, wallet, games…) show their title in the header and an
 * honest "not available yet" note until then. A flag-gated screen whose flag is off goes home.
 */
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { paths } from '../../config/paths';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { useCurrentRoute } from '../current-route';
import styles from './screens.module.css';

export function Component() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const status = useSystemStatus();
  if (route?.flag && status.data && !flagOn(status.data, route.flag)) {
    return <Navigate to={paths.home} replace />;
  }
  return (
    <section className={styles.placeholder}>
      <span className={styles.placeholderIcon}>
        <Icon name="bell" size={36} />
      </span>
      <p>{t('placeholder.note')}</p>
    </section>
  );
}
