/**
 * E-mail over SMTP with nodemailer: one pooled transport from SMTP_URL
 * (smtp://user:pass@host:587, smtps://… for TLS on connect), HTML and text parts.
 * A 5xx reply (a rejected address, refused credentials) fails the message; a 4xx reply, a
 * refused connection or a silent server is tried again later.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import {
  DeliveryError,
  SEND_TIMEOUT_MS,
  type MessageProvider,
  type OutgoingMessage,
} from './message-provider';

export interface SmtpConfig {
  url: string;
  /** The From header: `Khela <no-reply@example.com>`. */
  from: string;
}

export class SmtpMail implements MessageProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly config: SmtpConfig) {
    this.transport = nodemailer.createTransport({
      url: config.url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    });
  }

  async send(message: OutgoingMessage) {
    try {
      const info = (await this.transport.sendMail({
        from: this.config.from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      })) as { messageId?: string; rejected?: unknown[] };
      if (info.rejected && info.rejected.length > 0) {
        throw new DeliveryError(`the server refused ${message.to}`, true);
      }
      return { providerMessageId: info.messageId ?? null };
    } catch (error) {
      if (error instanceof DeliveryError) throw error;
      const {
        responseCode,
        code,
        message: text,
      } = error as {
        responseCode?: number;
        code?: string;
        message: string;
      };
      const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600;
      const detail = responseCode ? `${responseCode} ${text}` : `${code ?? 'error'}: ${text}`;
      throw new DeliveryError(detail.slice(0, 500), permanent);
    }
  }

  close() {
    this.transport.close();
  }
}
