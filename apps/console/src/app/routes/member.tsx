import { useParams } from 'react-router';
import {
  MEMBER_TABS,
  MemberPage,
  type MemberTab,
} from '../../features/members/components/member-page';
import { Require } from '../require';
import NotFoundRoute from './not-found';

export default function MemberRoute() {
  const { username = '', tab = 'summary' } = useParams();
  if (!(MEMBER_TABS as readonly string[]).includes(tab)) return <NotFoundRoute />;
  return (
    <Require permission="members.read">
      <MemberPage key={username} username={username} tab={tab as MemberTab} />
    </Require>
  );
}
