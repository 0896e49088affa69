/** Password recovery (e-mail, phone, e-mail link) and change. */
import { ChangePasswordResultSchema, PasswordResetResultSchema } from '@khela/contract/accounts';
import { api } from '../../../lib/api-client';
import { sealedRequest } from './sealed';

/** Always answers success, so nobody learns which usernames and e-mails exist. */
export async function forgetPasswordByEmail(username: string, email: string): Promise<void> {
  await api.post('/wps/member/password/forget/email', {
    body: new URLSearchParams({ username: username.trim(), email: email.trim() }),
  });
}

export interface SetPasswordByPhoneBody {
  newPassword: string;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
}

export function setPasswordByPhone(body: SetPasswordByPhoneBody) {
  return sealedRequest(
    'post',
    '/wps/member/password/forget/phone',
    body,
    PasswordResetResultSchema,
  );
}

export function resetPasswordByEmailToken(resetToken: string, newPassword: string) {
  return sealedRequest(
    'post',
    '/wps/member/password/reset',
    { resetToken, newPassword },
    PasswordResetResultSchema,
  );
}

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
  /** Ask for a new remember-me token: the change revokes every old one. */
  rememberMe?: boolean;
}

export function changePassword(body: ChangePasswordBody) {
  return api.put('/wps/member/password', { body, parse: ChangePasswordResultSchema });
}
