/** /m/myAccount/index: the member's profile from the member info call. */
import { isGuest } from '@khela/contract/members';
import { useQuery } from '@tanstack/react-query';
import { memberInfoQueryOptions } from '../../features/account/api/member';
import { GuestNote } from '../../features/member/components/guest-note';
import { MyAccount } from '../../features/member/components/my-account';
import { useMemberSession, type SessionInfo } from '../../lib/session-store';

function Profile({ session }: { session: SessionInfo }) {
  const info = useQuery(memberInfoQueryOptions(session.token));
  return <MyAccount info={info.data} />;
}

export function Component() {
  const session = useMemberSession();
  if (isGuest(session.type)) return <GuestNote />;
  return <Profile session={session} />;
}
