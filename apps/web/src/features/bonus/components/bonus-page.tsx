/**
 * The player's bonus page (/m/bonus): the active bonus with its wagering progress (wagered /
 * required), time left, bonus balance, terms and Forfeit (confirmed in a dialog that says what is
 * lost: the bonus balance, never cash); the queue in the order the bonuses will start; past
 * bonuses with their outcome; a promo code form; and the offers the player can take, with how to
 * get each. docs/bonuses.md has the rules.
 */
import type { BonusOffer, MemberBonus } from '@khela/contract/bonus';
import { formatDate, formatMoney, formatNumber } from '@khela/contract/format';
import { PromoCodeSchema } from '@khela/contract/bonus';
import type { RoutePath } from '@khela/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { QueryState } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import {
  bonusOffersQueryOptions,
  bonusQueryKey,
  forfeitBonus,
  myBonusesQueryOptions,
  redeemPromo,
} from '../api/bonus';
import formStyles from '../../../components/form.module.css';
import { FullTerms, KeyTerms } from './bonus-terms';
import styles from './bonus.module.css';

const DEPOSIT: RoutePath = '/m/voucherCenter';

export interface BonusPageProps {
  token: string;
  /** Called after the balance changed (a forfeit, a redeemed code): the header refreshes. */
  onMoneyMoved: () => unknown;
}

export function BonusPage({ token, onMoneyMoved }: BonusPageProps) {
  const language = useLanguage();
  const mine = useQuery(myBonusesQueryOptions(token, language));
  return (
    <div className={formStyles.screen}>
      {mine.isPending || mine.isError ? (
        <QueryState query={mine} />
      ) : (
        <>
          <ActiveBonus bonus={mine.data.active} token={token} onMoneyMoved={onMoneyMoved} />
          <QueuedBonuses list={mine.data.queued} />
          <PromoForm token={token} onMoneyMoved={onMoneyMoved} />
          <Offers token={token} />
          <PastBonuses list={mine.data.past} />
        </>
      )}
    </div>
  );
}

/** "2 d 5 h", "3 h 20 min", "12 min" until `expiresAt`; null once it has passed. */
export function useTimeLeft(expiresAt: string | null): string | null {
  const { t } = useTranslation();
  const language = useLanguage();
  // The clock read once a minute: the page shows minutes at the finest.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!expiresAt) return null;
  const minutes = Math.floor((new Date(expiresAt).getTime() - now) / 60_000);
  if (!(minutes > 0)) return null;
  const n = (value: number) => formatNumber(value, language);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return t('bonus.leftDays', { days: n(days), hours: n(hours) });
  if (hours > 0) return t('bonus.leftHours', { hours: n(hours), minutes: n(minutes % 60) });
  return t('bonus.leftMinutes', { minutes: n(minutes) });
}

/** Wagered of required as a bar; the numbers are in its name and shown beside it. */
export function WageringProgress({ bonus }: { bonus: MemberBonus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const required = Math.max(bonus.requiredMinor, 0);
  const wagered = Math.min(Math.max(bonus.wageredMinor, 0), required);
  const percent = required === 0 ? 100 : Math.floor((wagered * 100) / required);
  const text = t('bonus.progressText', {
    wagered: formatMoney(wagered, language),
    required: formatMoney(required, language),
  });
  return (
    <div className={styles.progress}>
      <span id={`${id}-label`} className={formStyles.label}>
        {t('bonus.progress')}
      </span>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={required / 100}
        aria-valuenow={wagered / 100}
        aria-valuetext={text}
        className={styles.track}
      >
        <span className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <span className={formStyles.muted}>{text}</span>
    </div>
  );
}

function ActiveBonus({
  bonus,
  token,
  onMoneyMoved,
}: {
  bonus: MemberBonus | null;
  token: string;
  onMoneyMoved: () => unknown;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const timeLeft = useTimeLeft(bonus?.expiresAt ?? null);
  const forfeit = useMutation({
    meta: { silent: true },
    mutationFn: (bonusId: string) => forfeitBonus(bonusId),
  });

  if (!bonus) {
    return (
      <section className={formStyles.card} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={formStyles.title}>
          {t('bonus.active')}
        </h2>
        <p className={formStyles.muted}>{t('bonus.noActive')}</p>
      </section>
    );
  }

  const confirm = async () => {
    try {
      await forfeit.mutateAsync(bonus.id);
      showToast(t('bonus.forfeited'), 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      showToast(error.message, 'error');
    } finally {
      setConfirming(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...bonusQueryKey, token] }),
        onMoneyMoved(),
      ]);
    }
  };

  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('bonus.active')}: {bonus.name}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('bonus.balance')}</dt>
          <dd>{formatMoney(bonus.balanceMinor, language)}</dd>
        </div>
        <div>
          <dt>{t('bonus.amount')}</dt>
          <dd>{formatMoney(bonus.amountMinor, language)}</dd>
        </div>
        {bonus.expiresAt && (
          <div>
            <dt>{t('bonus.timeLeft')}</dt>
            <dd>
              {timeLeft ?? '—'}
              <span className={styles.sub}>
                {t('bonus.endsAt', { date: formatDate(bonus.expiresAt, 'dateTime', language) })}
              </span>
            </dd>
          </div>
        )}
      </dl>
      <WageringProgress bonus={bonus} />
      <KeyTerms terms={bonus.terms} />
      <FullTerms text={bonus.terms.text} />
      <button type="button" className={formStyles.secondary} onClick={() => setConfirming(true)}>
        {t('bonus.forfeit')}
      </button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('bonus.forfeitTitle')}
      >
        <p className={styles.dialogText}>
          {t('bonus.forfeitBody', {
            amount: formatMoney(bonus.balanceMinor, language),
            name: bonus.name,
          })}
        </p>
        <div className={styles.dialogActions}>
          <button
            type="button"
            className={formStyles.secondary}
            onClick={() => setConfirming(false)}
          >
            {t('bonus.keep')}
          </button>
          <button
            type="button"
            className={formStyles.primary}
            disabled={forfeit.isPending}
            onClick={() => void confirm()}
          >
            {t('bonus.forfeitConfirm')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function QueuedBonuses({ list }: { list: MemberBonus[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  if (list.length === 0) return null;
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('bonus.queued')}
      </h2>
      <p className={formStyles.muted}>{t('bonus.queuedNote')}</p>
      <ol className={formStyles.list} aria-labelledby={`${id}-title`}>
        {list.map((bonus) => (
          <li key={bonus.id} className={formStyles.stackedItem}>
            <span className={formStyles.between}>
              <strong>{bonus.name}</strong>
              <span>{formatMoney(bonus.amountMinor, language)}</span>
            </span>
            <KeyTerms terms={bonus.terms} label={`${t('bonus.keyTerms')}: ${bonus.name}`} />
            <FullTerms text={bonus.terms.text} name={bonus.name} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What became of a past bonus, in a line. */
function Outcome({ bonus }: { bonus: MemberBonus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const amount = formatMoney(bonus.settledMinor ?? 0, language);
  const text =
    bonus.status === 'converted'
      ? t('bonus.outcome_converted', { amount })
      : bonus.status === 'forfeited'
        ? // Nothing left to remove: played to zero (the wagering pass) or given up at ৳0.
          bonus.settledMinor === 0
          ? t('bonus.outcome_spent')
          : t('bonus.outcome_forfeited', { amount })
        : bonus.status === 'expired'
          ? t('bonus.outcome_expired', { amount })
          : bonus.status === 'refused'
            ? t('bonus.outcome_refused', { reason: bonus.reason ?? '' })
            : t(`bonus.outcome_${bonus.status}`);
  return (
    <span className={styles.outcome} data-status={bonus.status}>
      {text}
    </span>
  );
}

function PastBonuses({ list }: { list: MemberBonus[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('bonus.past')}
      </h2>
      {list.length === 0 ? (
        <p className={formStyles.muted}>{t('bonus.noPast')}</p>
      ) : (
        <ul className={formStyles.list} aria-labelledby={`${id}-title`}>
          {list.map((bonus) => (
            <li key={bonus.id} className={formStyles.stackedItem}>
              <span className={formStyles.between}>
                <strong>{bonus.name}</strong>
                <span>{formatMoney(bonus.amountMinor, language)}</span>
              </span>
              <Outcome bonus={bonus} />
              <span className={formStyles.muted}>
                {formatDate(bonus.endedAt ?? bonus.createdAt, 'dateTime', language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PromoForm({ token, onMoneyMoved }: { token: string; onMoneyMoved: () => unknown }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redeem = useMutation({ meta: { silent: true }, mutationFn: redeemPromo });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (redeem.isPending) return;
    const parsed = PromoCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(t('bonus.promoInvalid'));
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    setError(null);
    try {
      const answer = await redeem.mutateAsync(parsed.data);
      setCode('');
      showToast(t('bonus.promoDone', { name: answer.bonus.name }), 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...bonusQueryKey, token] }),
        onMoneyMoved(),
      ]);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      // The server answers in the request's language, which is the page's.
      setError(failure.message);
    }
  };

  return (
    <form
      className={`${formStyles.card} ${formStyles.form}`}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
    >
      <div className={formStyles.field}>
        <label htmlFor={`${id}-code`} className={formStyles.label}>
          {t('bonus.promo')}
        </label>
        <div className={formStyles.control}>
          <input
            id={`${id}-code`}
            className={formStyles.input}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-note`}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className={formStyles.small} disabled={redeem.isPending}>
            {redeem.isPending ? t('bonus.promoSubmitting') : t('bonus.promoSubmit')}
          </button>
        </div>
        {error ? (
          <p id={`${id}-note`} className={formStyles.error} role="alert">
            {error}
          </p>
        ) : (
          <p id={`${id}-note`} className={formStyles.muted}>
            {t('bonus.promoHint')}
          </p>
        )}
      </div>
    </form>
  );
}

const DEPOSIT_KINDS = new Set(['first_deposit', 'reload']);

function Offers({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const offers = useQuery(bonusOffersQueryOptions(token, 'all', language));
  if (!offers.data) return null;
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('bonus.offers')}
      </h2>
      {offers.data.list.length === 0 ? (
        <p className={formStyles.muted}>{t('bonus.noOffers')}</p>
      ) : (
        <ul className={formStyles.list} aria-labelledby={`${id}-title`}>
          {offers.data.list.map((offer) => (
            <OfferItem key={offer.campaignId} offer={offer} language={language} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OfferItem({ offer, language }: { offer: BonusOffer; language: 'EN' | 'BN' }) {
  const { t } = useTranslation();
  return (
    <li className={formStyles.stackedItem}>
      <strong>{offer.name}</strong>
      <KeyTerms terms={offer.terms} label={`${t('bonus.keyTerms')}: ${offer.name}`} />
      <p className={styles.howTo}>{t(`bonus.howTo_${offer.terms.kind}`)}</p>
      {offer.endsAt && (
        <span className={formStyles.muted}>
          {t('bonus.until', { date: formatDate(offer.endsAt, 'dateTime', language) })}
        </span>
      )}
      <FullTerms text={offer.terms.text} name={offer.name} />
      {DEPOSIT_KINDS.has(offer.terms.kind) && (
        <Link className={formStyles.secondary} to={DEPOSIT}>
          {t('bonus.goDeposit')}
        </Link>
      )}
    </li>
  );
}
