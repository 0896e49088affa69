/**
 * The words of every SMS and e-mail the product sends, in Bengali and English. Codes stay in
 * ASCII digits in both languages: phones copy them into the code field, and tests find them.
 * E-mails have a plain-text part and an HTML part built from the same words.
 */
import type { Language } from '@khela/contract/language';

const SITE = 'Khela';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** One short HTML e-mail: a greeting, paragraphs, one button, a closing note. Inline styles only. */
function mailHtml(
  language: Language,
  parts: {
    title: string;
    greeting: string;
    lines: string[];
    action?: { label: string; href: string };
    note: string;
  },
) {
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(text)}</p>`;
  return `<!doctype html>
<html lang="${language === 'EN' ? 'en' : 'bn'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:'Noto Sans Bengali',Arial,sans-serif;color:#1d2330">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(parts.title)}</h1>
${paragraph(parts.greeting)}
${parts.lines.map(paragraph).join('\n')}
${
  parts.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(parts.action.href)}" style="display:inline-block;background:#0b7a4b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-size:16px">${escapeHtml(parts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5b6270;word-break:break-all">${escapeHtml(parts.action.href)}</p>
`
    : ''
}<p style="margin:0;font-size:13px;color:#5b6270">${escapeHtml(parts.note)}</p>
</div></body></html>`;
}

/** The one-time SMS code (registration, login, password reset by phone). */
export function smsCodeText(language: Language, code: string, minutes: number) {
  return language === 'EN'
    ? `Your ${SITE} verification code is ${code}. It expires in ${minutes} minutes. Never share it.`
    : `আপনার ${SITE} যাচাইকরণ কোড ${code}। ${bengaliDigits(minutes)} মিনিটের মধ্যে মেয়াদ শেষ হবে। কাউকে জানাবেন না।`;
}

/** The link that lets a member who forgot the password choose a new one. */
export function passwordResetMail(
  language: Language,
  { username, link, minutes }: { username: string; link: string; minutes: number },
): MailContent {
  const words =
    language === 'EN'
      ? {
          subject: `Reset your ${SITE} password`,
          greeting: `Hello ${username},`,
          lines: [`Open this link within ${minutes} minutes to choose a new password:`],
          action: 'Choose a new password',
          note: 'If you did not ask for this, ignore this e-mail; your password stays as it is.',
        }
      : {
          subject: `আপনার ${SITE} পাসওয়ার্ড রিসেট করুন`,
          greeting: `প্রিয় ${username},`,
          lines: [`নতুন পাসওয়ার্ড দিতে ${bengaliDigits(minutes)} মিনিটের মধ্যে এই লিংকটি খুলুন:`],
          action: 'নতুন পাসওয়ার্ড দিন',
          note: 'আপনি অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন; আপনার পাসওয়ার্ড আগের মতোই থাকবে।',
        };
  const text = [words.greeting, '', ...words.lines, link, '', words.note].join('\n');
  return {
    subject: words.subject,
    text,
    html: mailHtml(language, {
      title: words.subject,
      greeting: words.greeting,
      lines: words.lines,
      action: { label: words.action, href: link },
      note: words.note,
    }),
  };
}

/** The one-time code of a login from a new device (step-up), by e-mail. */
export function loginCodeMail(
  language: Language,
  { username, code, minutes }: { username: string; code: string; minutes: number },
): MailContent {
  const words =
    language === 'EN'
      ? {
          subject: `Your ${SITE} login code: ${code}`,
          greeting: `Hello ${username},`,
          lines: [
            `Someone is logging in to your account from a new device. Enter this code within ${minutes} minutes to let it in:`,
            code,
          ],
          note: 'If this was not you, do not share the code and change your password at once.',
        }
      : {
          subject: `আপনার ${SITE} লগইন কোড: ${code}`,
          greeting: `প্রিয় ${username},`,
          lines: [
            `একটি নতুন ডিভাইস থেকে আপনার অ্যাকাউন্টে লগইন করা হচ্ছে। অনুমতি দিতে ${bengaliDigits(minutes)} মিনিটের মধ্যে এই কোডটি লিখুন:`,
            code,
          ],
          note: 'এটি আপনি না হলে কোডটি কাউকে জানাবেন না এবং এখনই পাসওয়ার্ড পরিবর্তন করুন।',
        };
  return {
    subject: words.subject,
    text: [words.greeting, '', ...words.lines, '', words.note].join('\n'),
    html: mailHtml(language, {
      title: words.subject,
      greeting: words.greeting,
      lines: words.lines,
      note: words.note,
    }),
  };
}

/** Durations read naturally in Bengali text with Bengali digits (codes never use them). */
const bengaliDigits = (value: number) =>
  String(value).replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]!);
