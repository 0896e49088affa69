/**
 * SMS through Twilio's Programmable Messaging REST API, or any service that speaks it: create a
 * Message resource (POST …/Accounts/{AccountSid}/Messages.json, form fields To, From, Body, basic
 * auth with the account SID and auth token). The answer's `sid` is stored; an error answer carries
 * Twilio's `code` and `message`, which the operator sees on the message.
 */
import {
  DeliveryError,
  answerText,
  fetchProvider,
  httpFailure,
  type MessageProvider,
  type OutgoingMessage,
} from './message-provider';

export interface TwilioConfig {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** A sending number (+1…), an alphanumeric sender ID, or a Messaging Service SID (MG…). */
  from: string;
  /** Tests shorten it; SEND_TIMEOUT_MS otherwise. */
  timeoutMs?: number;
}

/** A Messaging Service picks the sender itself; it is named by its SID instead of From. */
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i;

interface TwilioAnswer {
  sid?: string;
  status?: string;
  code?: number;
  message?: string;
  error_code?: number | null;
  error_message?: string | null;
}

export class TwilioSms implements MessageProvider {
  readonly name = 'twilio';
  private readonly url: string;
  private readonly authorization: string;

  constructor(private readonly config: TwilioConfig) {
    const base = config.baseUrl.replace(/\/+$/, '');
    this.url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
    const credentials = `${config.accountSid}:${config.authToken}`;
    this.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }

  async send(message: OutgoingMessage) {
    const form = new URLSearchParams({ To: message.to, Body: message.text });
    form.set(
      MESSAGING_SERVICE_SID.test(this.config.from) ? 'MessagingServiceSid' : 'From',
      this.config.from,
    );
    const res = await fetchProvider(
      this.url,
      {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      },
      this.config.timeoutMs,
    );
    const raw = await answerText(res, 4000);
    let answer: TwilioAnswer = {};
    try {
      answer = JSON.parse(raw) as TwilioAnswer;
    } catch {
      // Not JSON (a proxy's error page): the status decides, the text is kept for the operator.
    }
    if (!res.ok) {
      const detail = answer.code
        ? `${answer.code} ${answer.message ?? ''}`.trim()
        : raw.slice(0, 200);
      throw httpFailure(res.status, detail);
    }
    if (!answer.sid)
      throw new DeliveryError(`answer without a message sid: ${raw.slice(0, 200)}`, false);
    // Twilio may refuse a message it accepted the request for: the status says so at once.
    if (answer.status === 'failed' || answer.status === 'undelivered') {
      const detail = `${answer.error_code ?? ''} ${answer.error_message ?? ''}`.trim();
      throw new DeliveryError(`${answer.status}: ${detail || answer.sid}`, true);
    }
    return { providerMessageId: answer.sid };
  }
}
