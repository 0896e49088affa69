/**
 * SMS through a bulk-SMS gateway that takes a plain HTTP request, as most Bangladeshi gateways do
 * (API key, number, sender ID and text as query parameters). The operator writes the gateway's
 * URL with placeholders: {to} (+8801…), {msisdn} (8801…, digits only), {text} and {sender}; each
 * value is URL-encoded. GET sends the URL as it is; POST sends its query string as a form body
 * to the same address (keeps the key and the text out of the gateway's access logs).
 *
 * Success is a 2xx answer, and when `successMatch` is set, an answer whose body contains it:
 * many gateways answer 200 with an error code in the body.
 */
import {
  DeliveryError,
  answerText,
  fetchProvider,
  httpFailure,
  type MessageProvider,
  type OutgoingMessage,
} from './message-provider';

export interface SmsHttpConfig {
  url: string;
  method: 'GET' | 'POST';
  sender: string;
  successMatch: string | undefined;
  /** Tests shorten it; SEND_TIMEOUT_MS otherwise. */
  timeoutMs?: number;
}

export const SMS_HTTP_PLACEHOLDERS = ['to', 'msisdn', 'text', 'sender'] as const;
type Placeholder = (typeof SMS_HTTP_PLACEHOLDERS)[number];

/** The template with every placeholder replaced by its URL-encoded value. */
export function fillSmsUrl(template: string, values: Record<Placeholder, string>) {
  return template.replace(/\{(to|msisdn|text|sender)\}/g, (_, name: Placeholder) =>
    encodeURIComponent(values[name]),
  );
}

export class HttpTemplateSms implements MessageProvider {
  readonly name = 'sms-http';

  constructor(private readonly config: SmsHttpConfig) {}

  async send(message: OutgoingMessage) {
    const filled = fillSmsUrl(this.config.url, {
      to: message.to,
      msisdn: message.to.replace(/\D/g, ''),
      text: message.text,
      sender: this.config.sender,
    });
    let res: Response;
    if (this.config.method === 'GET') {
      res = await fetchProvider(filled, { method: 'GET' }, this.config.timeoutMs);
    } else {
      const url = new URL(filled);
      const body = url.search.slice(1);
      url.search = '';
      res = await fetchProvider(
        url,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
        this.config.timeoutMs,
      );
    }
    const text = await answerText(res);
    if (!res.ok) throw httpFailure(res.status, text);
    const { successMatch } = this.config;
    if (successMatch && !text.includes(successMatch)) {
      // The gateway took the request but says no (often a low balance): tried again later.
      throw new DeliveryError(`answer without "${successMatch}": ${text}`, false);
    }
    return { providerMessageId: text || null };
  }
}
