/** One help item on its own page (/m/helpDetail?i=N), plain text with its line breaks. */
import { EmptyState } from '../../../components/load-state';
import type { HelpItem } from '@khela/contract/system';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import styles from './help.module.css';

export function HelpArticle({ item }: { item: HelpItem | undefined }) {
  const { t } = useTranslation();
  return (
    <article className={styles.article}>
      {item ? (
        <>
          <h2 className={styles.articleTitle}>{item.title}</h2>
          <p className={styles.content}>{item.content}</p>
        </>
      ) : (
        <EmptyState>{t('help.notFound')}</EmptyState>
      )}
      <Link to={paths.help} className={styles.allTopics}>
        {t('help.allTopics')}
      </Link>
    </article>
  );
}
