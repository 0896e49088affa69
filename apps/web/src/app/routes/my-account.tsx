/**
 * /m/myAccount/index: the member's profile from the member info call, and the one change of
 * username (a mobile sign-up's generated name) while it is still to be used.
 */
import { isGuest } from '@khela/contract/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memberInfoQueryOptions, memberQueryKey } from '../../features/account/api/member';
import { ChangeUsernameForm } from '../../features/auth/components/change-username-form';
import { GuestNote } from '../../features/member/components/guest-note';
import { MyAccount } from '../../features/member/components/my-account';
import { useMemberSession, useSessionStore, type SessionInfo } from '../../lib/session-store';

function Profile({ session }: { session: SessionInfo }) {
  const info = useQuery(memberInfoQueryOptions(session.token));
  const queryClient = useQueryClient();
  const setSession = useSessionStore((state) => state.setSession);
  // The same session, under the new name: the header and the profile show it at once.
  const renamed = (userName: string) => {
    setSession({ ...session, userName });
    void queryClient.invalidateQueries({ queryKey: memberQueryKey });
  };
  return (
    <MyAccount info={info.data}>
      {info.data && (
        <ChangeUsernameForm
          userName={info.data.account}
          canChange={info.data.canChangeUsername}
          onChanged={renamed}
        />
      )}
    </MyAccount>
  );
}

export function Component() {
  const session = useMemberSession();
  if (isGuest(session.type)) return <GuestNote />;
  return <Profile session={session} />;
}
