/**
 * The deposit screen's bonus choice, made before paying: the deposit offers as a radio group with
 * "No bonus" first (and chosen unless the player picks an offer), each with its key terms and its
 * full terms behind a toggle, and an optional promo code. A refusal (a `bonus.*` answer to the
 * deposit) shows here, beside the choice. Draws only "No bonus" and the code field when the
 * offers cannot be read: the deposit goes on without a bonus.
 */
import type { BonusOffer } from '@khela/contract/bonus';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { bonusOffersQueryOptions } from '../api/bonus';
import formStyles from '../../../components/form.module.css';
import { FullTerms, KeyTerms } from './bonus-terms';
import styles from './bonus.module.css';

export interface BonusChoiceValue {
  /** The chosen offer's campaign, or null for no bonus. */
  campaignId: string | null;
  promoCode: string;
}

interface Props {
  token: string;
  value: BonusChoiceValue;
  onChange: (value: BonusChoiceValue) => void;
  /** Why the bonus was refused, or why the code is not right. */
  error: string | null;
}

export function BonusChoice({ token, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const offers = useQuery(bonusOffersQueryOptions(token, 'deposit', language));
  const list = (offers.data?.list ?? []).filter((offer) => !offer.needsCode);
  const chosen = list.some((offer) => offer.campaignId === value.campaignId)
    ? value.campaignId
    : null;

  return (
    <div className={formStyles.field}>
      {list.length > 0 && (
        <fieldset className={formStyles.field} aria-describedby={error ? `${id}-error` : undefined}>
          <legend className={formStyles.label}>{t('bonus.choice')}</legend>
          <div className={styles.choices}>
            <label className={formStyles.option}>
              <input
                type="radio"
                name={`${id}-bonus`}
                checked={chosen === null}
                onChange={() => onChange({ ...value, campaignId: null })}
              />
              <span>{t('bonus.none')}</span>
            </label>
            {list.map((offer) => (
              <OfferChoice
                key={offer.campaignId}
                offer={offer}
                name={`${id}-bonus`}
                checked={chosen === offer.campaignId}
                onPick={() => onChange({ ...value, campaignId: offer.campaignId })}
              />
            ))}
          </div>
        </fieldset>
      )}
      <div className={formStyles.field}>
        <label htmlFor={`${id}-code`} className={formStyles.label}>
          {t('bonus.depositPromo')}
        </label>
        <input
          id={`${id}-code`}
          className={formStyles.input}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          value={value.promoCode}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-code-note`}
          onChange={(event) => onChange({ ...value, promoCode: event.target.value })}
        />
        {!error && (
          <p id={`${id}-code-note`} className={formStyles.muted}>
            {t('bonus.depositPromoHint')}
          </p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className={formStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function OfferChoice({
  offer,
  name,
  checked,
  onPick,
}: {
  offer: BonusOffer;
  name: string;
  checked: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.choice}>
      <label className={styles.choiceHead}>
        <input
          type="radio"
          name={name}
          value={offer.campaignId}
          checked={checked}
          aria-describedby={`${id}-terms`}
          onChange={onPick}
        />
        <span>{offer.name}</span>
      </label>
      <div id={`${id}-terms`}>
        <KeyTerms terms={offer.terms} label={`${t('bonus.keyTerms')}: ${offer.name}`} />
      </div>
      <FullTerms text={offer.terms.text} name={offer.name} />
    </div>
  );
}
