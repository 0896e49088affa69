/**
 * A game open full-screen over the site: the vendor's page in a frame filling the phone's screen
 * and a labelled Close button. A modal dialog named after the game; Escape closes it too, and
 * focus goes back to where the player was.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useScrollLock } from '../../../hooks/use-scroll-lock';
import styles from './game-frame.module.css';
import '../../../locales/games';

interface GameFrameProps {
  url: string;
  gameName: string;
  onClose: () => void;
}

export function GameFrame({ url, gameName, onClose }: GameFrameProps) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = useEffectEvent(() => onClose());
  useScrollLock(true);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return createPortal(
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={gameName}>
      <div className={styles.bar}>
        <span className={styles.title}>{gameName}</span>
        <button
          ref={closeRef}
          type="button"
          className={styles.close}
          aria-label={t('games.closeGame')}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <iframe
        className={styles.frame}
        src={url}
        title={t('games.gameFrame', { game: gameName })}
        allow="autoplay; fullscreen"
        referrerPolicy="no-referrer"
      />
    </div>,
    document.body,
  );
}
