/**
 * The header's account area. A member sees the rank badge (the level the server computes from
 * deposits and turnover, renewed when the balance moves; VIP0 when none), a trial account a
 * Trial badge in its place; then the display name (nickname, else account; a long one ends in an
 * ellipsis and is whole in its tooltip), the balance with 2 decimals (asterisks while hidden
 * or refreshing) with its bonus part beneath while there is one, a show/hide toggle, deposit and withdraw shortcuts and the account menu with
 * logout. A visitor gets the account menu only (Login and Register are the shell's).
 */
import { LOADING_MS, STORAGE_KEYS } from '@khela/contract/constants';
import { CLIENT_MESSAGES } from '@khela/contract/errors';
import { isGuest } from '@khela/contract/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { Icon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { showLoading } from '../../../lib/notify';
import { useSessionStore, type SessionInfo } from '../../../lib/session-store';
import { writeStorage } from '../../../lib/storage';
import {
  formatBalance,
  logout,
  memberInfoQueryOptions,
  memberQueryKey,
  walletQueryOptions,
} from '../api/member';
import { useVipRenewal } from '../api/vip-renewal';
import { refreshWallet } from '../api/wallet-refresh';
import { AccountMenu } from './account-menu';
import styles from './header-account.module.css';

export const MASKED_BALANCE = '****';

export function HeaderAccount({
  currencySymbol,
  avatar,
}: {
  currencySymbol: string;
  /** The member's head icon (the shell passes the head-icon feature's). */
  avatar?: ReactNode;
}) {
  const session = useSessionStore((state) => state.session);
  return session ? (
    <MemberAccount session={session} currencySymbol={currencySymbol} avatar={avatar} />
  ) : (
    <AccountMenu loggedIn={false} />
  );
}

function MemberAccount({
  session,
  currencySymbol,
  avatar,
}: {
  session: SessionInfo;
  currencySymbol: string;
  avatar?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hideBalance = useSessionStore((state) => state.hideBalance);
  const toggleHideBalance = useSessionStore((state) => state.toggleHideBalance);
  const clearSession = useSessionStore((state) => state.clearSession);
  const info = useQuery(memberInfoQueryOptions(session.token));
  const wallet = useQuery(walletQueryOptions(session.token));
  const [confirming, setConfirming] = useState(false);
  // The badge follows the ledger: a moved balance renews the level (the spec's VIP renewal).
  useVipRenewal(session, info.data, wallet.data?.sumBalance);

  const name = info.data ? (info.data.nickname ?? info.data.account) : session.userName;
  const rank = info.data?.clubLabel?.labelName ?? 'VIP0';
  const balance =
    hideBalance || wallet.isFetching || !wallet.data
      ? MASKED_BALANCE
      : `${currencySymbol}${formatBalance(wallet.data.sumBalance, language)}`;
  // The bonus part of the total, beneath it, while there is one (docs/bonuses.md).
  const bonusBalance = wallet.data?.bonusBalance ?? 0;
  const bonusPart =
    bonusBalance > 0 && balance !== MASKED_BALANCE
      ? t('account.bonusPart', {
          amount: `${currencySymbol}${formatBalance(bonusBalance, language)}`,
        })
      : null;

  // Reads past the server's balance cache: the button promises the current figure.
  const refreshBalance = () =>
    void refreshWallet(queryClient, session.token).catch(() => undefined);

  const logOut = async () => {
    setConfirming(false);
    const hide = showLoading(CLIENT_MESSAGES.pleaseWait[language], LOADING_MS.untilDone);
    try {
      await logout();
    } catch {
      // The token may already be gone; the player is logged out here either way.
    }
    clearSession();
    queryClient.removeQueries({ queryKey: memberQueryKey });
    writeStorage('local', STORAGE_KEYS.autoLogin, '0');
    hide();
    void navigate(paths.home, { replace: true });
  };

  return (
    <>
      <div className={styles.member}>
        <p className={styles.identity}>
          {avatar}
          {isGuest(session.type) ? (
            <span className={styles.trial}>{t('account.trial')}</span>
          ) : (
            <>
              <span className="visually-hidden">{t('account.rank')}: </span>
              <span className={styles.rank}>{rank}</span>
            </>
          )}
          <span className={styles.name} title={name}>
            {name}
          </span>
        </p>
        <p className={styles.balance}>
          <span className="visually-hidden">{t('account.balance')}: </span>
          <span data-testid="balance">{balance}</span>
          <button
            type="button"
            className={styles.eye}
            aria-label={t('account.hideBalance')}
            aria-pressed={hideBalance}
            onClick={toggleHideBalance}
          >
            <Icon name={hideBalance ? 'eyeOff' : 'eye'} size={18} />
          </button>
        </p>
        {bonusPart && (
          <p className={styles.bonusPart} data-testid="bonus-balance">
            {bonusPart}
          </p>
        )}
      </div>
      <Link to={paths.deposit} className={styles.iconButton} aria-label={t('account.deposit')}>
        <Icon name="wallet" />
      </Link>
      <Link to={paths.withdraw} className={styles.iconButton} aria-label={t('account.withdraw')}>
        <Icon name="withdraw" />
      </Link>
      <AccountMenu
        loggedIn
        balanceHidden={hideBalance}
        onRefreshBalance={refreshBalance}
        onToggleBalance={toggleHideBalance}
        onLogout={() => setConfirming(true)}
      />
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('account.logoutTitle')}
      >
        <p className={styles.dialogText}>{t('account.logoutBody')}</p>
        <div className={styles.dialogActions}>
          <button type="button" className={styles.secondary} onClick={() => setConfirming(false)}>
            {t('account.cancel')}
          </button>
          <button type="button" className={styles.primary} onClick={() => void logOut()}>
            {t('account.logout')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
