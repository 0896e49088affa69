/**
 * A member's page: who they are and their balance, then one tab per list (ledger, deposits,
 * withdrawals, rounds, logins, linked accounts, sessions, trusted devices, notes and tags), and
 * the actions the operator's role allows.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { useFormat } from '../../../lib/format';
import { memberQueryOptions } from '../api';
import { MemberActions } from './member-actions';
import { MemberDevices } from './member-devices';
import { MemberListTab } from './member-lists';
import { MemberNotes } from './member-notes';

export const MEMBER_TABS = [
  'summary',
  'ledger',
  'deposits',
  'withdrawals',
  'rounds',
  'logins',
  'linked',
  'sessions',
  'devices',
  'notes',
] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

export function MemberPage({ username, tab }: { username: string; tab: MemberTab }) {
  const { t } = useTranslation();
  const { money, when, count } = useFormat();
  const member = useQuery(memberQueryOptions(username));
  const base = `/members/${encodeURIComponent(username)}`;

  return (
    <section>
      <h1>{t('member.title', { name: username })}</h1>
      <LoadState isPending={member.isPending} error={member.error}>
        {member.data && (
          <>
            <dl className="facts">
              <div>
                <dt>{t('members.balance')}</dt>
                <dd>{money(member.data.balanceMinor)}</dd>
              </div>
              <div>
                <dt>{t('members.status')}</dt>
                <dd>{member.data.status}</dd>
              </div>
              <div>
                <dt>{t('members.mobile')}</dt>
                <dd>{member.data.mobile ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('members.email')}</dt>
                <dd>{member.data.email ?? '—'}</dd>
              </div>
            </dl>
            <MemberActions member={member.data} />
            <nav aria-label={t('member.sections')} className="tabs">
              {MEMBER_TABS.map((name) => (
                <NavLink
                  key={name}
                  to={name === 'summary' ? base : `${base}/${name}`}
                  end
                  aria-current={name === tab ? 'page' : undefined}
                >
                  {t(`member.tabs.${name}`)}
                </NavLink>
              ))}
            </nav>
            <div className="tab-panel">
              {tab === 'summary' ? (
                <dl className="facts">
                  <div>
                    <dt>{t('members.id')}</dt>
                    <dd>{member.data.id}</dd>
                  </div>
                  <div>
                    <dt>{t('member.nickname')}</dt>
                    <dd>{member.data.nickname ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('member.upline')}</dt>
                    <dd>{member.data.upline?.username ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('member.downline')}</dt>
                    <dd>{count(member.data.downlineCount)}</dd>
                  </div>
                  <div>
                    <dt>{t('member.inviteCode')}</dt>
                    <dd>{member.data.inviteCode}</dd>
                  </div>
                  <div>
                    <dt>{t('member.registered')}</dt>
                    <dd>
                      {when(member.data.registration.at)} · {member.data.registration.ip ?? '—'}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('members.lastLogin')}</dt>
                    <dd>{when(member.data.lastLoginAt)}</dd>
                  </div>
                  <div>
                    <dt>{t('member.tags')}</dt>
                    <dd>{member.data.tags.join(', ') || '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('member.activeSessions')}</dt>
                    <dd>{count(member.data.counts.activeSessions)}</dd>
                  </div>
                  <div>
                    <dt>{t('member.tabs.linked')}</dt>
                    <dd>{count(member.data.counts.linked)}</dd>
                  </div>
                </dl>
              ) : tab === 'devices' ? (
                <MemberDevices username={username} />
              ) : tab === 'notes' ? (
                <MemberNotes username={username} tags={member.data.tags} />
              ) : (
                <MemberListTab username={username} list={tab} />
              )}
            </div>
          </>
        )}
      </LoadState>
    </section>
  );
}
