/**
 * The header's game navigation (spec §2): Home, then one item per game category except SPORTS,
 * each to its category page (ESPORTS, COCKFIGHT and BINGO have no route of their own and open
 * in the game centre). Home resets the game filter, as the logo does. Categories come from a
 * fixed table rather than the vendors call, so the shell needs no game data to draw it. It
 * mounts a frame after the header (MountLater), its bar in place meanwhile.
 */
import { isHomePath } from '@khela/contract/routes';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MountLater } from '../../../components/mount-later';
import { paths } from '../../../config/paths';
import { categoryName, categoryPath, HEADER_NAV_CATEGORIES } from '../../../lib/game-categories';
import { resetGameFilter } from '../../../lib/game-filter';
import { useLanguage } from '../../../lib/i18n';
import styles from './game-nav.module.css';

export function GameNav() {
  return (
    <MountLater fallback={<div className={styles.nav} />}>
      <GameNavItems />
    </MountLater>
  );
}

function GameNavItems() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const current = (active: boolean) => (active ? ('page' as const) : undefined);

  return (
    <nav aria-label={t('games.nav')} className={styles.nav}>
      <ul className={styles.list}>
        <li>
          <Link
            to={paths.home}
            className={styles.item}
            aria-current={current(isHomePath(pathname))}
            onClick={resetGameFilter}
          >
            {t('games.navHome')}
          </Link>
        </li>
        {HEADER_NAV_CATEGORIES.map((category) => {
          const to = categoryPath(category);
          return (
            <li key={category}>
              <Link
                to={to}
                className={styles.item}
                aria-current={current(to.includes('?') ? here === to : pathname === to)}
              >
                {categoryName(category, language)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
