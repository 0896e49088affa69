/** E-mail over SMTP to a local SMTP server the test starts: both parts, headers, refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../../test/http-stand-in';
import { startSmtpStandIn, type SmtpStandIn } from '../../../test/smtp-stand-in';
import { DeliveryError } from './message-provider';
import { SmtpMail } from './smtp-mail';

let smtp: SmtpStandIn;
let mail: SmtpMail;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  mail = new SmtpMail({ url: smtp.url, from: 'Khela <no-reply@khela.example>' });
});
afterAll(async () => {
  mail.close();
  await smtp.close();
});

describe('SMTP mail', () => {
  it('delivers the subject, the text and the HTML part to the recipient, with its Message-ID', async () => {
    const result = await mail.send({
      to: 'karim@example.com',
      subject: 'আপনার Khela পাসওয়ার্ড রিসেট করুন',
      text: 'প্রিয় karim,\nলিংক: https://khela.example/m/forget?resetToken=abc',
      html: '<p>প্রিয় karim</p>',
    });
    const [received] = smtp.mails;
    expect(received!.envelopeTo).toEqual(['karim@example.com']);
    expect(received!.envelopeFrom).toBe('no-reply@khela.example');
    expect(received!.headers.get('from')).toBe('Khela <no-reply@khela.example>');
    expect(received!.subject).toBe('আপনার Khela পাসওয়ার্ড রিসেট করুন');
    expect(received!.text).toBe('প্রিয় karim,\nলিংক: https://khela.example/m/forget?resetToken=abc');
    expect(received!.html).toBe('<p>প্রিয় karim</p>');
    expect(result.providerMessageId).toBe(received!.headers.get('message-id'));
  });

  it('fails for good when the server refuses the address (550)', async () => {
    smtp.refuse.add('gone@example.com');
    const error = await mail
      .send({ to: 'gone@example.com', subject: 'x', text: 'x', html: null })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ permanent: true });
    expect((error as Error).message).toMatch(/^550 /);
  });

  it('tries again later when no server answers', async () => {
    const nowhere = new SmtpMail({
      url: `smtp://127.0.0.1:${await closedPort()}`,
      from: 'no-reply@khela.example',
    });
    const error = await nowhere
      .send({ to: 'karim@example.com', subject: 'x', text: 'x', html: null })
      .catch((e: unknown) => e);
    nowhere.close();
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ permanent: false });
    expect((error as Error).message).toContain('ECONNREFUSED');
  });
});
