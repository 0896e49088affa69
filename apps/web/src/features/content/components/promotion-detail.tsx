/**
 * One promotion (/m/activityDetail?id=N, also /m/activity?id=N): cover, title, dates, the HTML
 * terms, how to get its bonus when it names one (with a way to the deposit screen for deposit
 * bonuses), and the application form where the promotion takes applications.
 */
import { EmptyState } from '../../../components/load-state';
import { promotionCover, type Promotion } from '@khela/contract/content';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { imageUrl } from '../../../lib/image-url';
import { ApplyForm } from './apply-form';
import { HtmlContent } from './html-content';
import { CaptionedArt } from './captioned-art';
import { PromotionDates } from './promotion-dates';
import styles from './content.module.css';
import '../../../locales/content';

export function PromotionDetail({ promotion }: { promotion: Promotion | undefined }) {
  const { t } = useTranslation();
  if (!promotion) {
    return (
      <article className={styles.article}>
        <EmptyState>{t('content.promotionNotFound')}</EmptyState>
        <Link to={paths.activity} className={styles.textLink}>
          {t('content.allPromotions')}
        </Link>
      </article>
    );
  }
  const cover = promotionCover(promotion);
  return (
    <article className={styles.article}>
      {cover && (
        <CaptionedArt caption={promotion.caption} headingLevel={2} className={styles.articleArt}>
          <img
            className={styles.cover}
            src={imageUrl(cover)}
            alt=""
            width={750}
            height={300}
            fetchPriority="high"
          />
        </CaptionedArt>
      )}
      {/* Over a drawn cover the caption is the title; under the operator's own picture, here. */}
      {!(cover && promotion.caption) && <h2 className={styles.articleTitle}>{promotion.title}</h2>}
      <PromotionDates promotion={promotion} />
      <HtmlContent html={promotion.content} />
      {promotion.bonus && <HowToGetBonus bonus={promotion.bonus} />}
      {promotion.applicable && <ApplyForm promotionId={promotion.id} />}
      <Link to={paths.activity} className={styles.textLink}>
        {t('content.allPromotions')}
      </Link>
    </article>
  );
}

const DEPOSIT_KINDS: ReadonlySet<string> = new Set(['first_deposit', 'reload']);

/** The bonus the promotion gives: how to get it, in the request's language. */
function HowToGetBonus({ bonus }: { bonus: NonNullable<Promotion['bonus']> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={styles.howTo} aria-labelledby={`${id}-how`}>
      <h3 id={`${id}-how`} className={styles.howToTitle}>
        {t('bonus.howToTitle')}
      </h3>
      <p>{bonus.howTo}</p>
      {DEPOSIT_KINDS.has(bonus.kind) && (
        <Link to={paths.deposit} className={styles.howToAction}>
          {t('bonus.goDeposit')}
        </Link>
      )}
    </section>
  );
}
