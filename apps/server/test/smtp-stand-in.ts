/**
 * A local SMTP server (the `smtp-server` package) that receives the product's e-mail in tests,
 * and a small MIME reader for what arrives: headers, the text part and the HTML part, decoded.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpStandIn {
  /** smtp://127.0.0.1:<port> */
  url: string;
  mails: ReceivedMail[];
  /** Recipients the server refuses with 550 (no such mailbox). */
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse.has(address.address)) return callback();
      const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        mails.push({
          envelopeFrom: from ? from.address : '',
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...readMime(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Bytes as sent (latin1 keeps each byte one char) → headers and decoded parts. */
function readMime(raw: string) {
  const { headers, body } = splitPart(raw);
  const parts: Array<{ type: string; content: string }> = [];
  const collect = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const piece of partBody.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith('--')) break;
        const inner = splitPart(piece.replace(/^\r\n/, ''));
        collect(inner.headers, inner.body);
      }
      return;
    }
    const encoding = (partHeaders.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    const bytes =
      encoding === 'base64'
        ? Buffer.from(partBody.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? qpBytes(partBody.replace(/=\r\n/g, ''))
          : Buffer.from(partBody, 'latin1');
    parts.push({
      type: type.split(';')[0]!.trim(),
      content: bytes.toString('utf8').replace(/\r\n/g, '\n').trimEnd(),
    });
  };
  collect(headers, body);
  return {
    headers,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: parts.find((part) => part.type === 'text/plain')?.content ?? '',
    html: parts.find((part) => part.type === 'text/html')?.content ?? '',
  };
}

function splitPart(raw: string) {
  const end = raw.indexOf('\r\n\r\n');
  const block = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 4) };
}

function qpBytes(text: string) {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words; adjacent ones join, as a character may be split between them. */
function decodeHeader(value: string) {
  let out = '';
  let pending: Buffer[] = [];
  let last = 0;
  const flush = () => {
    out += Buffer.concat(pending).toString('utf8');
    pending = [];
  };
  for (const match of value.matchAll(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g)) {
    const between = value.slice(last, match.index);
    if (pending.length === 0 || between.trim() !== '') {
      flush();
      out += between;
    }
    pending.push(
      match[2]!.toUpperCase() === 'B'
        ? Buffer.from(match[3]!, 'base64')
        : qpBytes(match[3]!.replace(/_/g, ' ')),
    );
    last = match.index + match[0].length;
  }
  flush();
  return out + value.slice(last);
}
