/** A thin bar at the top while the next screen's code is loading. */
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import styles from './route-progress.module.css';

export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div role="progressbar" aria-label={t('common.loadingPage')} className={styles.bar} />;
}
