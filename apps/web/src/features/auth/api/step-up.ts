/** Step-up on a new device: the login's one-time code and its resend (LOGINIPVERF3). */
import { LoginResultSchema } from '@khela/contract/accounts';
import {
  StepUpChallengeSchema,
  type StepUpChallenge,
  type StepUpChannel,
} from '@khela/contract/step-up';
import { api, ApiError } from '../../../lib/api-client';

export function confirmStepUp(ticket: string, code: string) {
  return api.post('/wps/session/login/step-up', {
    body: { ticket, code },
    parse: LoginResultSchema,
  });
}

/** A new code; with `channel`, to the member's other contact instead (at once). */
export function resendStepUp(ticket: string, channel?: StepUpChannel) {
  return api.post('/wps/session/login/step-up/resend', {
    body: channel ? { ticket, channel } : { ticket },
    parse: StepUpChallengeSchema,
  });
}

/** The challenge of a login answered 403 login.stepUpRequired; null for any other failure. */
export function stepUpChallengeOf(error: unknown): StepUpChallenge | null {
  if (!(error instanceof ApiError) || error.errorCode !== 'login.stepUpRequired') return null;
  const parsed = StepUpChallengeSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}
