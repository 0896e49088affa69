/**
 * Game records (/m/gameRecord): the member's game rounds in a period (stake, win, balance before
 * and after). While the member bet-report flag (TRANSBETREPMEM3) is off, or the server says so,
 * the spec's contact_service message shows instead (also as a 2 s info toast).
 */
import { formatDate } from '@khela/contract/format';
import { TOAST_MS } from '@khela/contract/constants';
import { RECORDS, defaultRange, type GameRound } from '@khela/contract/records';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker, type DayRange } from '../../../components/date-range-picker';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notify';
import { gameRecordsQueryOptions } from '../api/records';
import { useCursorPages, useLearnNextCursor } from '../hooks/use-cursor-pages';
import { money } from './format';
import { RecordPages } from './record-pages';
import formStyles from '../../../components/form.module.css';
import styles from './records.module.css';
import { useLanguage } from '../../../lib/i18n';

export function GameRecords({
  token,
  currencySymbol,
  enabled,
}: {
  token: string;
  currencySymbol: string;
  /** The member bet-report flag. */
  enabled: boolean;
}) {
  return enabled ? (
    <GameRoundList token={token} currencySymbol={currencySymbol} />
  ) : (
    <ContactService />
  );
}

function ContactService() {
  const { t } = useTranslation();
  const message = t('records.contactService');
  useEffect(() => {
    showToast(message, 'info', TOAST_MS.contactService);
  }, [message]);
  return (
    <div className={formStyles.screen}>
      <p className={styles.empty}>{message}</p>
    </div>
  );
}

function GameRoundList({ token, currencySymbol }: { token: string; currencySymbol: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const pages = useCursorPages(`${range.from}|${range.to}`);
  const query = useQuery({
    ...gameRecordsQueryOptions(token, {
      ...range,
      ...(pages.cursor ? { cursor: pages.cursor } : {}),
    }),
    // contact_service is shown on the page; other failures get the usual toast.
    meta: { silent: true },
  });
  useLearnNextCursor(pages, query);
  const { error } = query;
  const refused = error instanceof ApiError && error.errorCode === 'contact_service';
  useEffect(() => {
    if (error instanceof ApiError) {
      showToast(
        error.message,
        refused ? 'info' : 'error',
        refused ? TOAST_MS.contactService : undefined,
      );
    }
  }, [error, refused]);

  if (refused) {
    return (
      <div className={formStyles.screen}>
        <p className={styles.empty}>{t('records.contactService')}</p>
      </div>
    );
  }
  return (
    <div className={formStyles.screen}>
      <DateRangePicker value={range} onChange={setRange} maxDays={RECORDS.maxSpanDays} />
      <RecordPages
        query={query}
        pages={pages}
        empty={t('records.gamesEmpty')}
        listLabel={t('records.games')}
      >
        {(round) => <RoundRow key={round.id} round={round} symbol={currencySymbol} />}
      </RecordPages>
    </div>
  );
}

function RoundRow({ round, symbol }: { round: GameRound; symbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className={styles.row}>
      <div className={styles.line}>
        <span className={styles.type}>{round.gameName}</span>
        <span className={styles.muted}>
          {[
            round.vendor,
            round.playMoney ? t('records.playMoney') : null,
            round.status === 'open' ? t('records.roundOpen') : null,
            round.status === 'refunded' ? t('records.roundRefunded') : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div className={styles.line}>
        <span>{t('records.stake', { amount: money(round.stakeMinor, symbol, language) })}</span>
        <span className={round.winMinor > 0 ? styles.credit : undefined}>
          {t('records.winAmount', { amount: money(round.winMinor, symbol, language) })}
        </span>
      </div>
      <div className={styles.line}>
        <time className={styles.muted} dateTime={round.time}>
          {formatDate(round.time, 'dateTimeSeconds', language)}
        </time>
        <span className={styles.muted}>
          {t('records.balanceBeforeAfter', {
            before: money(round.balanceBeforeMinor, symbol, language),
            after: money(round.balanceAfterMinor, symbol, language),
          })}
        </span>
      </div>
    </li>
  );
}
