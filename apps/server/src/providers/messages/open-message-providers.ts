/** The SMS and e-mail providers the configuration names; the outbox alone for each one it does not. */
import type { Config } from '../../config';
import { HttpTemplateSms } from './http-template-sms';
import type { MessageChannel, MessageProvider } from './message-provider';
import { outboxOnly } from './outbox-only';
import { SmtpMail } from './smtp-mail';
import { TwilioSms } from './twilio-sms';

export type MessageProviders = Record<MessageChannel, MessageProvider> & { close(): void };

export function openMessageProviders(config: Config['messages']): MessageProviders {
  const sms = config.sms
    ? 'twilio' in config.sms
      ? new TwilioSms(config.sms.twilio)
      : new HttpTemplateSms(config.sms.http)
    : outboxOnly;
  const email = config.email ? new SmtpMail(config.email) : outboxOnly;
  return {
    sms,
    email,
    close() {
      if (email instanceof SmtpMail) email.close();
    },
  };
}
