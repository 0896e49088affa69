/**
 * /m/mine and /m/member/home: the member centre. A visitor goes to login; a guest (trial
 * account) gets the spec's prompt, cancel or register now; a member gets the centre in the
 * template the system status picks, entries per their flags, the VIP bar with VIPBENEFIT3.
 */
import { isGuest } from '@khela/contract/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatBalance,
  memberInfoQueryOptions,
  walletQueryOptions,
} from '../../features/account/api/member';
import { refreshWallet } from '../../features/account/api/wallet-refresh';
import { useInboxUnreadCount } from '../../features/inbox/api/inbox';
import { HeadIconPicker } from '../../features/head-icon/components/head-icon-picker';
import { GuestNote } from '../../features/member/components/guest-note';
import { MemberCentre } from '../../features/member/components/member-centre';
import { isNewTemplate, visibleEntries } from '../../features/member/components/member-entries';
import { VipProgress } from '../../features/member/components/vip-progress';
import {
  currencySymbol,
  flagOn,
  useSystemStatus,
} from '../../features/system/api/get-system-status';
import { useMemberSession, useSessionStore, type SessionInfo } from '../../lib/session-store';
import { useLanguage } from '../../lib/i18n';

const MASKED = '****';

function MemberHome({ session }: { session: SessionInfo }) {
  const language = useLanguage();
  const queryClient = useQueryClient();
  const status = useSystemStatus();
  const hideBalance = useSessionStore((state) => state.hideBalance);
  const toggleHideBalance = useSessionStore((state) => state.toggleHideBalance);
  const openPanel = useSessionStore((state) => state.openPanel);
  const info = useQuery(memberInfoQueryOptions(session.token));
  const wallet = useQuery(walletQueryOptions(session.token));
  const on = (flag: Parameters<typeof flagOn>[1]) => flagOn(status.data, flag);
  const unread = useInboxUnreadCount(on('MAILCEN'));
  const symbol = currencySymbol(status.data);

  const balance =
    hideBalance || wallet.isFetching || !wallet.data
      ? MASKED
      : `${symbol}${formatBalance(wallet.data.sumBalance, language)}`;
  const bonusBalance = wallet.data?.bonusBalance ?? 0;
  const bonusPart =
    bonusBalance > 0 && balance !== MASKED
      ? `${symbol}${formatBalance(bonusBalance, language)}`
      : null;
  return (
    <MemberCentre
      template={isNewTemplate(status.data?.info.mobileTemplate) ? 'new' : 'classic'}
      name={info.data ? (info.data.nickname ?? info.data.account) : session.userName}
      rank={info.data?.clubLabel?.labelName ?? 'VIP0'}
      balance={balance}
      bonusBalance={bonusPart}
      balanceHidden={hideBalance}
      onToggleBalance={toggleHideBalance}
      onRefreshBalance={() => void refreshWallet(queryClient, session.token).catch(() => {})}
      inboxEnabled={on('MAILCEN')}
      unreadCount={unread}
      onInvite={() => openPanel('referral')}
      securityEnabled={on('SECPRIV')}
      entries={visibleEntries(on, session.type)}
      vip={on('VIPBENEFIT3') ? <VipProgress token={session.token} /> : null}
      avatar={<HeadIconPicker token={session.token} />}
    />
  );
}

export function Component() {
  const session = useMemberSession();
  if (isGuest(session.type)) return <GuestNote />;
  return <MemberHome session={session} />;
}
