/** The member's one change of username (a mobile sign-up's generated name, usually). */
import { ChangeUsernameResultSchema } from '@khela/contract/accounts';
import { IDEMPOTENCY_HEADER } from '@khela/contract/idempotency';
import { api } from '../../../lib/api-client';

/** `key` is made once per name the player submits and sent again on a retry of it. */
export function changeUsername(username: string, key: string) {
  return api.put('/wps/member/username', {
    body: { username },
    headers: { [IDEMPOTENCY_HEADER]: key },
    parse: ChangeUsernameResultSchema,
  });
}
