/** A titled section of the game screens, with its "See all" link when there is more to see. */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GamesIcon } from './games-icons';
import styles from './games-layout.module.css';
import '../../../locales/games';

interface GameSectionProps {
  title: string;
  seeAll?: string;
  /** Beside the title (a shortcut, a count). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function GameSection({ title, seeAll, aside, children, className }: GameSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${styles.section} ${className ?? ''}`}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {aside}
        {seeAll && (
          <Link to={seeAll} className={styles.seeAll} aria-label={t('games.seeAllOf', { title })}>
            {t('games.seeAll')}
            <GamesIcon name="chevronRight" size={16} />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
