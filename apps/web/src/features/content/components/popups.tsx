/**
 * Content popups (spec §2): the server sends execution A popups to a session and B popups to a
 * visitor; each shows once per browser session, one at a time, as a dismissable dialog. None
 * opens over another panel (side menu, download, referral) or the open account menu (it waits
 * until they close), and none on a browser's first entry
 * (utils/first-entry.ts): that entry is for the games and the way to register.
 */
import type { ContentType } from '@khela/contract/content';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { imageUrl } from '../../../lib/image-url';
import { useSessionStore } from '../../../lib/session-store';
import { readJson, writeStorage } from '../../../lib/storage';
import { HOME_CONTENT_TYPES, popupsOf, useAnnouncements } from '../api/get-announcements';
import { enteredHomeBefore, markHomeEntered } from '../utils/first-entry';
import { ContentLink } from './content-link';
import { HtmlContent } from './html-content';
import styles from './content.module.css';
import '../../../locales/content';

export const POPUPS_SEEN_KEY = 'contentPopupsSeen';

function readSeen(): number[] {
  const value = readJson('session', POPUPS_SEEN_KEY);
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
}

export function Popups({ types = HOME_CONTENT_TYPES }: { types?: readonly ContentType[] }) {
  const { t } = useTranslation();
  const query = useAnnouncements(types);
  const panel = useSessionStore((state) => state.panel);
  const menuOpen = useSessionStore((state) => state.menuOpen);
  const [seen, setSeen] = useState(readSeen);
  // Decided once per entry: the mark written below counts from the next one.
  const [firstEntry] = useState(() => !enteredHomeBefore());
  useEffect(markHomeEntered, []);
  const popup = popupsOf(query.data).find((candidate) => !seen.includes(candidate.id));
  if (firstEntry || !popup || panel !== null || menuOpen) return null;

  const close = () => {
    const next = [...seen, popup.id];
    writeStorage('session', POPUPS_SEEN_KEY, JSON.stringify(next));
    setSeen(next);
  };

  return (
    <Dialog open onClose={close} title={popup.title} closeLabel={t('content.popupClose')}>
      <div className={styles.popup}>
        {popup.imageUrl && (
          <img className={styles.popupImage} src={imageUrl(popup.imageUrl)} alt="" />
        )}
        <HtmlContent html={popup.content} />
        {popup.link && (
          <ContentLink to={popup.link} className={styles.primaryButton} onClick={close}>
            {t('content.popupMore')}
          </ContentLink>
        )}
      </div>
    </Dialog>
  );
}
