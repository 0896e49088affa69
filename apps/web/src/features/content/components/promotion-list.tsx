/**
 * The promotions screen (/m/activity): a category menu and the promotions as collapsible panels
 * with their cover. The cover and title open the promotion's page; the toggle shows its dates and
 * a preview in place. `?categoryId=` keeps the chosen category in the address.
 */
import { promotionCover, type Promotion, type PromotionCategory } from '@khela/contract/content';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { accordionStyles, Chevron } from '../../../components/accordion';
import { imageUrl } from '../../../lib/image-url';
import { parseId } from '../api/promotions';
import { textPreview } from '../utils/format';
import { EmptyState } from '../../../components/load-state';
import { CaptionedArt } from './captioned-art';
import { PromotionDates } from './promotion-dates';
import styles from './content.module.css';
import '../../../locales/content';

export const promotionPath = (id: number) => `/m/activityDetail?id=${id}`;

export function PromotionList({
  categories,
  promotions,
}: {
  categories: PromotionCategory[];
  promotions: Promotion[];
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryId = parseId(searchParams.get('categoryId'));
  const shown =
    categoryId === null
      ? promotions
      : promotions.filter((p) => p.promoAnnouncementCategoryIds.includes(categoryId));

  const choose = (id: number | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id === null) next.delete('categoryId');
        else next.set('categoryId', String(id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const menu: { id: number | null; name: string }[] = [
    { id: null, name: t('content.allCategories') },
    ...categories,
  ];
  return (
    <div className={styles.stack}>
      <nav aria-label={t('content.categories')} className={styles.categoryMenu}>
        {menu.map((category) => (
          <button
            key={category.id ?? 'all'}
            type="button"
            className={styles.category}
            aria-pressed={categoryId === category.id}
            onClick={() => choose(category.id)}
          >
            {category.name}
          </button>
        ))}
      </nav>
      {shown.length === 0 ? (
        <EmptyState>{t('content.noPromotions')}</EmptyState>
      ) : (
        <ul className={accordionStyles.list}>
          {shown.map((promotion, index) => (
            <PromotionPanel key={promotion.id} promotion={promotion} first={index === 0} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PromotionPanel({ promotion, first }: { promotion: Promotion; first: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const cover = promotionCover(promotion);
  return (
    <li className={accordionStyles.item}>
      <Link to={promotionPath(promotion.id)} className={styles.promotionLink}>
        {cover && (
          <CaptionedArt caption={promotion.caption}>
            <img
              className={styles.cover}
              src={imageUrl(cover)}
              alt=""
              width={750}
              height={300}
              loading={first ? 'eager' : 'lazy'}
              decoding="async"
            />
          </CaptionedArt>
        )}
        {/* Over a drawn cover the caption says it; under the operator's own picture, here. */}
        {!(cover && promotion.caption) && (
          <span className={styles.promotionTitle}>{promotion.title}</span>
        )}
      </Link>
      <button
        type="button"
        className={styles.panelToggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <PromotionDates promotion={promotion} />
        <span className="visually-hidden">
          {open
            ? t('content.showLess', { title: promotion.title })
            : t('content.showMore', { title: promotion.title })}
        </span>
        <Chevron open={open} />
      </button>
      <div id={panelId} hidden={!open} className={accordionStyles.panel}>
        <p className={styles.previewText}>{textPreview(promotion.content, 160)}</p>
        <Link to={promotionPath(promotion.id)} className={styles.textLink}>
          {t('content.viewDetails')}
        </Link>
      </div>
    </li>
  );
}
