/** Login, trial account and free play: the calls that start a session. */
import {
  FreePlaySessionSchema,
  LoginResultSchema,
  TrialUserSchema,
  type LoginBody,
  type LoginResult,
} from '@khela/contract/accounts';
import { api } from '../../../lib/api-client';
import { sealedRequest } from './sealed';

export function login(body: LoginBody): Promise<LoginResult> {
  return sealedRequest('post', '/wps/session/login', body, LoginResultSchema);
}

/** The agent portal's login (POST /wps/agent/login): non-agents get 403 login.nonAgent. */
export function agentLogin(body: LoginBody): Promise<LoginResult> {
  return sealedRequest('post', '/wps/agent/login', body, LoginResultSchema);
}

export function createTrialUser() {
  return api.get('/wps/member/trialuser', { parse: TrialUserSchema });
}

/** Play-money session for member types 0, 1 and 2; others get 403 free_reject. */
export function startFreePlay() {
  return api.post('/wps/session/login/freeplay', {
    body: { moduleId: 'FREEPLAY3' },
    parse: FreePlaySessionSchema,
  });
}
