/** Captcha images: each one is good for a single check. */
import { CaptchaImageSchema } from '@khela/contract/accounts';
import { api } from '../../../lib/api-client';

export function getCaptcha() {
  return api.get('/wps/captcha', { parse: CaptchaImageSchema });
}
