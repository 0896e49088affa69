/**
 * The member centre (/m/mine, /m/member/home). Header buttons to settings, the inbox (unread dot
 * and count, 99+) and my account; the balance with show/hide and refresh; shortcuts to deposit,
 * withdraw, invite friends and the security centre; the VIP bar; the list entries per their
 * flags. Two templates (spec: new when mobileTemplate mem_cen or dep_func is 1): the new one puts
 * the balance on a card with a grid of shortcuts and groups the entries under headings as icon
 * tiles; the classic one is a single list with chevrons under a plain balance row.
 */
import { unreadBadge } from '@khela/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/icons';
import type { EntrySection, MemberEntry } from './member-entries';
import styles from './member.module.css';
import { useLanguage } from '../../../lib/i18n';

export interface MemberCentreProps {
  template: 'new' | 'classic';
  name: string;
  rank: string;
  /** Formatted with its currency symbol, or asterisks while hidden or refreshing. */
  balance: string;
  /** The bonus part of the balance, formatted, while there is one and the balance shows. */
  bonusBalance?: string | null;
  balanceHidden: boolean;
  onToggleBalance: () => void;
  onRefreshBalance: () => void;
  /** Unread inbox messages; the inbox button shows only with the inbox on. */
  inboxEnabled: boolean;
  unreadCount: number;
  onInvite: () => void;
  securityEnabled: boolean;
  entries: MemberEntry[];
  /** The VIP bar, when the member has VIP. */
  vip: ReactNode;
  /** The member's head icon with its chooser (the route passes the head-icon feature's). */
  avatar?: ReactNode;
}

const SECTIONS: EntrySection[] = ['records', 'rewards', 'services'];
const SECTION_TITLE = {
  records: 'mine.sectionRecords',
  rewards: 'mine.sectionRewards',
  services: 'mine.sectionServices',
} as const;

function Shortcut({
  to,
  onClick,
  icon,
  label,
}: {
  to?: string;
  onClick?: () => void;
  icon: IconName;
  label: string;
}) {
  const body = (
    <>
      <span className={styles.shortcutIcon}>
        <Icon name={icon} />
      </span>
      <span>{label}</span>
    </>
  );
  return to ? (
    <Link to={to} className={styles.shortcut}>
      {body}
    </Link>
  ) : (
    <button type="button" className={styles.shortcut} onClick={onClick} aria-haspopup="dialog">
      {body}
    </button>
  );
}

export function MemberCentre(props: MemberCentreProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const {
    template,
    name,
    rank,
    balance,
    bonusBalance,
    balanceHidden,
    onToggleBalance,
    onRefreshBalance,
    inboxEnabled,
    unreadCount,
    onInvite,
    securityEnabled,
    entries,
    vip,
    avatar,
  } = props;
  const isNew = template === 'new';
  const badge = unreadBadge(unreadCount, language);

  const header = (
    <div className={styles.headerButtons}>
      <Link to="/m/set" className={styles.headerButton} aria-label={t('mine.settings')}>
        <Icon name="globe" />
      </Link>
      {inboxEnabled && (
        <Link
          to="/m/webEmail"
          className={styles.headerButton}
          aria-label={unreadCount > 0 ? t('mine.inboxUnread', { badge }) : t('mine.inbox')}
        >
          <Icon name="bell" />
          {unreadCount > 0 && (
            <span className={styles.badge} aria-hidden="true" data-testid="inbox-badge">
              {badge}
            </span>
          )}
        </Link>
      )}
      <Link
        to="/m/myAccount/index"
        className={styles.headerButton}
        aria-label={t('mine.myAccount')}
      >
        <Icon name="user" />
      </Link>
    </div>
  );

  const balanceRow = (
    <div className={styles.balanceRow}>
      <p className={styles.balance}>
        <span className={styles.balanceLabel}>{t('mine.balance')}</span>
        <span className={styles.balanceValue} data-testid="member-balance">
          {balance}
        </span>
        {bonusBalance && (
          <Link to="/m/bonus" className={styles.bonusPart} data-testid="member-bonus-balance">
            {t('mine.bonusPart', { amount: bonusBalance })}
          </Link>
        )}
      </p>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('mine.hideBalance')}
        aria-pressed={balanceHidden}
        onClick={onToggleBalance}
      >
        <Icon name={balanceHidden ? 'eyeOff' : 'eye'} size={20} />
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('mine.refreshBalance')}
        onClick={onRefreshBalance}
      >
        <Icon name="refresh" size={20} />
      </button>
    </div>
  );

  const shortcuts = (
    <nav
      aria-label={t('mine.shortcuts')}
      className={isNew ? styles.shortcutGrid : styles.shortcutRow}
    >
      <Shortcut to="/m/voucherCenter" icon="wallet" label={t('mine.deposit')} />
      <Shortcut to="/m/withdraw" icon="withdraw" label={t('mine.withdraw')} />
      <Shortcut onClick={onInvite} icon="invite" label={t('mine.invite')} />
      {securityEnabled && (
        <Shortcut to="/m/securityCenter" icon="shield" label={t('mine.security')} />
      )}
    </nav>
  );

  const entryLink = (entry: MemberEntry) => (
    <li key={entry.key}>
      <Link to={entry.path} className={isNew ? styles.tile : styles.row}>
        <span className={styles.entryIcon}>
          <Icon name={entry.icon} size={isNew ? 26 : 22} />
          {entry.key === 'inbox' && unreadCount > 0 && (
            <span className={styles.dot} aria-hidden="true" />
          )}
        </span>
        <span className={styles.entryLabel}>{t(`mine.${entry.key}`)}</span>
        {!isNew && (
          <span className={styles.chevron} aria-hidden="true">
            <Icon name="back" size={18} />
          </span>
        )}
      </Link>
    </li>
  );

  return (
    <div className={styles.page} data-template={template}>
      <section className={isNew ? styles.card : styles.plain} aria-labelledby="member-name">
        <div className={styles.identity}>
          {avatar ?? (
            <span className={styles.avatar} aria-hidden="true">
              <Icon name="user" size={28} />
            </span>
          )}
          <p className={styles.who}>
            <span id="member-name" className={styles.name}>
              {name}
            </span>
            <span className={styles.rankBadge}>
              <span className="visually-hidden">{t('mine.rank')}: </span>
              {rank}
            </span>
          </p>
          {header}
        </div>
        {balanceRow}
        {isNew && shortcuts}
      </section>
      {!isNew && shortcuts}
      {vip}
      <nav aria-label={t('mine.entries')}>
        {isNew ? (
          SECTIONS.map((section) => {
            const inSection = entries.filter((entry) => entry.section === section);
            if (inSection.length === 0) return null;
            return (
              <section
                key={section}
                className={styles.section}
                aria-labelledby={`section-${section}`}
              >
                <h2 id={`section-${section}`} className={styles.sectionTitle}>
                  {t(SECTION_TITLE[section])}
                </h2>
                <ul className={styles.tiles}>{inSection.map(entryLink)}</ul>
              </section>
            );
          })
        ) : (
          <ul className={styles.rows}>{entries.map(entryLink)}</ul>
        )}
      </nav>
    </div>
  );
}
