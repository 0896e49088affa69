/** The operator API, as `npm run ops` uses it, for journeys that switch the site. */
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_OPS_TOKEN } from './env';

const headers = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

export async function setSetting(request: APIRequestContext, name: string, value: unknown) {
  const res = await request.put(`/ops/api/settings/${name}`, { headers, data: { value } });
  if (!res.ok()) throw new Error(`setting ${name} failed: ${res.status()} ${await res.text()}`);
}

export async function setFlag(request: APIRequestContext, name: string, enabled: boolean) {
  const res = await request.put(`/ops/api/flags/${name}`, { headers, data: { enabled } });
  if (!res.ok()) throw new Error(`flag ${name} failed: ${res.status()} ${await res.text()}`);
}

/** The answer of a captcha the page loaded, read through the operator API (OPS_CAPTCHA_PEEK). */
export async function captchaAnswer(request: APIRequestContext, captchaId: string) {
  const res = await request.get(`/ops/api/captcha/${captchaId}`, { headers });
  if (!res.ok()) throw new Error(`captcha ${captchaId}: ${res.status()}`);
  return ((await res.json()) as { value: { answer: string } }).value.answer;
}

/**
 * The newest SMS code sent to a number (as +8801…), from the outbox. The code is written when the
 * page's send call is answered, which may be just after the tap that the journey made: wait for it
 * to arrive, as a player waits for the message.
 */
export async function latestSmsCode(request: APIRequestContext, to: string) {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/ops/api/outbox?to=${encodeURIComponent(to)}`, { headers });
        const messages = ((await res.json()) as { value: Array<{ body: string }> }).value;
        code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
        return code;
      },
      { message: `no SMS code sent to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

export async function updateMember(
  request: APIRequestContext,
  username: string,
  change: { type?: number; status?: string },
) {
  const res = await request.put(`/ops/api/members/${username}`, { headers, data: change });
  if (!res.ok()) throw new Error(`member ${username}: ${res.status()} ${await res.text()}`);
}

/** The operator answers a member's chat, as `npm run ops -- chat reply` does. */
export async function chatReply(request: APIRequestContext, ref: string, body: string) {
  const url = `/ops/api/chat/conversations/${encodeURIComponent(ref)}/messages`;
  const res = await request.post(url, { headers, data: { body } });
  if (!res.ok()) throw new Error(`chat reply to ${ref}: ${res.status()} ${await res.text()}`);
}

/** The titles, in both languages, of the popups the operator has published. */
export async function operatorPopupTitles(request: APIRequestContext): Promise<string[]> {
  const res = await request.get('/ops/api/content/popups', { headers });
  if (!res.ok()) throw new Error(`popups: ${res.status()} ${await res.text()}`);
  const popups = ((await res.json()) as { value: Array<{ titleEn: string; titleBn: string }> })
    .value;
  return popups.flatMap((popup) => [popup.titleEn, popup.titleBn]);
}
