/**
 * The spec's pagination control: up to 10 page numbers around the current one, previous and next,
 * and nothing at all under 2 pages. The current page is marked `aria-current="page"`.
 */
import { PAGINATION } from '@khela/contract/constants';
import { formatNumber } from '@khela/contract/format';
import { useTranslation } from 'react-i18next';
import styles from './pagination.module.css';
import { useLanguage } from '../lib/i18n';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  visiblePages?: number;
  disabled?: boolean;
}

/** The page numbers shown: a window of `visible` pages holding `page`, as centred as it fits. */
export function pageWindow(page: number, totalPages: number, visible: number): number[] {
  const count = Math.min(visible, totalPages);
  const start = Math.max(1, Math.min(page - Math.floor(visible / 2), totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pagination({
  page,
  totalPages,
  onChange,
  visiblePages = PAGINATION.visiblePages,
  disabled = false,
}: PaginationProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (totalPages < PAGINATION.hideUnderPages) return null;
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= totalPages) onChange(target);
  };
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <button
        type="button"
        className={styles.step}
        aria-label={t('pagination.previous')}
        disabled={disabled || page <= 1}
        onClick={() => go(page - 1)}
      >
        ‹
      </button>
      <ul className={styles.pages}>
        {pageWindow(page, totalPages, visiblePages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={n === page ? styles.current : styles.page}
              aria-label={t('pagination.page', { page: n })}
              aria-current={n === page ? 'page' : undefined}
              disabled={disabled && n !== page}
              onClick={() => go(n)}
            >
              {formatNumber(n, language)}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.step}
        aria-label={t('pagination.next')}
        disabled={disabled || page >= totalPages}
        onClick={() => go(page + 1)}
      >
        ›
      </button>
    </nav>
  );
}
