/** The operator API, as `npm run ops` uses it, for journeys that switch the site. */
import type { APIRequestContext } from '@playwright/test';
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
