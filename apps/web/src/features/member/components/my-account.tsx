/**
 * /m/myAccount/index: the member's profile as the member info call gives it (account, nickname,
 * id, registration date, upline, type, VIP level, last login), with links to change it; the
 * screen may add its own sections under the profile.
 */
import { formatDate } from '@khela/contract/date';
import type { MemberInfo } from '@khela/contract/accounts';
import { isAgent } from '@khela/contract/members';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useLanguage } from '../../../lib/i18n';
import styles from './member.module.css';

export function MyAccount({
  info,
  children,
}: {
  info: MemberInfo | undefined;
  /** What the screen adds under the profile (the username change). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!info) return <Spinner label={t('common.loading')} block />;
  const date = (iso: string | null) =>
    iso ? formatDate(iso, 'dateTime', language) : t('myAccount.notSet');
  const rows: Array<[string, string]> = [
    [t('myAccount.account'), info.account],
    [t('myAccount.nickname'), info.nickname ?? t('myAccount.notSet')],
    [t('myAccount.memberId'), info.id],
    [
      t('myAccount.type'),
      isAgent(info.type) ? t('myAccount.typeAgent') : t('myAccount.typeMember'),
    ],
    [t('myAccount.rank'), info.clubLabel?.labelName ?? 'VIP0'],
    [t('myAccount.upline'), info.toUpline ?? t('myAccount.notSet')],
    [t('myAccount.registered'), date(info.regDate)],
    [t('myAccount.lastLogin'), date(info.lastLoginAt)],
  ];
  return (
    <div className={styles.page}>
      <section className={styles.panel}>
        <dl className={styles.fields}>
          {rows.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {children}
      <ul className={styles.linkList}>
        <li>
          <Link to="/m/changePsw" className={styles.row}>
            {t('myAccount.changePassword')}
          </Link>
        </li>
        <li>
          <Link to="/m/securityCenter" className={styles.row}>
            {t('myAccount.security')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
