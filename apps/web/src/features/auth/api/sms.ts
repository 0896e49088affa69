/** SMS codes: for login and password reset (no login), or for mobile registration. */
import { SmsSentSchema, type SmsModule } from '@khela/contract/accounts';
import { api } from '../../../lib/api-client';

export interface SmsRequest {
  mobileNum: string;
  countryDialingCode: string;
  captchaId: string;
  captcha: string;
}

/** Asks for a code; answers when it expires (epoch ms), which the resend countdown counts to. */
export function requestSmsCode(module: SmsModule, request: SmsRequest) {
  if (module === 'REGMOBVERF3') {
    return api.post('/wps/verification/sms/register', { body: request, parse: SmsSentSchema });
  }
  return api.post('/wps/verification/sms/noLogin', {
    body: { ...request, moduleId: module },
    parse: SmsSentSchema,
  });
}
