/**
 * What the outbox hands a provider, and how a provider says it could not deliver. Every adapter
 * (the local outbox, Twilio, a bulk-SMS URL template, SMTP) sits behind MessageProvider.
 */

export type MessageChannel = 'sms' | 'email';

export interface OutgoingMessage {
  /** An SMS number in E.164 (+8801…), or an e-mail address. */
  to: string;
  /** E-mail only. */
  subject: string | null;
  /** The SMS, or the e-mail's plain-text part. */
  text: string;
  /** The e-mail's HTML part. */
  html: string | null;
}

export interface MessageProvider {
  /** Stored on the message: who took it. */
  readonly name: string;
  /** Resolves when the provider has taken the message; throws DeliveryError when it has not. */
  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>;
}

/**
 * A send that did not go through. `permanent`: the provider refused this message and will refuse
 * it again (a bad number, a rejected address), so it fails now; otherwise it is tried again later.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** A provider that does not answer within this is given up on for this attempt. */
export const SEND_TIMEOUT_MS = 10_000;

/**
 * An HTTP provider's refusal. 4xx says the request itself is wrong (a bad number, bad credentials)
 * and retrying changes nothing; a timeout (408), throttling (429) and 5xx pass.
 */
export function httpFailure(status: number, detail: string) {
  const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
  return new DeliveryError(`HTTP ${status}: ${detail}`.slice(0, 500), permanent);
}

/** fetch with the send timeout; an unreachable or silent provider is a passing failure. */
export async function fetchProvider(
  url: string | URL,
  init: RequestInit,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const name = (error as Error).name;
    const reason =
      name === 'TimeoutError'
        ? `no answer in ${timeoutMs / 1000} s`
        : (cause?.code ?? cause?.message);
    throw new DeliveryError(`unreachable: ${reason ?? (error as Error).message}`, false);
  }
}

/** The start of an answer's body, for the operator to read in the outbox. */
export async function answerText(res: Response, max = 200) {
  const text = await res.text().catch(() => '');
  return text.trim().slice(0, max);
}
