/** Reading a failed call: which fields the server blamed, how long to wait, what to tell the player. */
import { ERRORS } from '@khela/contract/errors';
import type { Language } from '@khela/contract/language';
import { ApiError } from '../../../lib/api-client';
import { isRecord } from '../../../lib/storage';

export const errorCodeOf = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.errorCode : undefined;

/** `data.fields` of a validation.invalid answer: server field name → messages. */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || !isRecord(error.data?.fields)) return {};
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(error.data.fields)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string');
      if (texts.length) out[name] = texts;
    }
  }
  return out;
}

/** Picks the server's field errors that a form shows, renamed to the form's field names. */
export function mapFieldErrors<F extends string>(
  error: unknown,
  names: Partial<Record<string, F>>,
): Partial<Record<F, string[]>> {
  const out: Partial<Record<F, string[]>> = {};
  for (const [server, messages] of Object.entries(serverFieldErrors(error))) {
    const field = names[server];
    if (field) out[field] = [...(out[field] ?? []), ...messages];
  }
  return out;
}

export function captchaRequired(error: unknown): boolean {
  return error instanceof ApiError && error.data?.captchaRequired === true;
}

export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.errorCode !== 'rate.limited') return null;
  const seconds = Number(error.data?.retryAfterSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** The server's message (already in the player's language), or "Unknown error". */
export function messageOf(error: unknown, language: Language): string {
  return error instanceof ApiError && error.message
    ? error.message
    : ERRORS['system.unknown'][language];
}
