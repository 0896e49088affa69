import { MemberSearch } from '../../features/members/components/member-search';
import { Require } from '../require';

export default function MembersRoute() {
  return (
    <Require permission="members.read">
      <MemberSearch />
    </Require>
  );
}
