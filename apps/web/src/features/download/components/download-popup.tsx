/** The download popup (download bar, side menu): the app links and the install guides. */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { useSessionStore } from '../../../lib/session-store';
import { findLink, useDownloadLinks } from '../api/get-download-links';
import { AppGuides } from './app-guides';
import { DownloadLinks } from './download-links';
import styles from './download-popup.module.css';

export function DownloadPopup() {
  const { t } = useTranslation();
  const open = useSessionStore((state) => state.panel === 'download');
  const closePanel = useSessionStore((state) => state.closePanel);
  const links = useDownloadLinks();

  return (
    <Dialog open={open} onClose={closePanel} title={t('download.popupTitle')} variant="sheet">
      <div className={styles.content}>
        <DownloadLinks links={links.data} />
        <AppGuides
          hasProfile={findLink(links.data, 'MOBILECONFIG') !== undefined}
          hasAndroidPackage={findLink(links.data, 'Android') !== undefined}
        />
      </div>
    </Dialog>
  );
}
