/**
 * Feedback calls: the member's feedback with answers (and the operator's word bounds), and
 * sending one. Images go as base64 data URLs in the JSON body; the server judges their type by
 * their bytes and their size after decoding.
 */
import { FeedbackListSchema, FeedbackSchema, type FeedbackCreate } from '@khela/contract/feedback';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';

export const feedbackQueryKey = ['feedback'] as const;

export const feedbackListQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: feedbackQueryKey,
    token,
    path: '/wps/feedback',
    parse: FeedbackListSchema,
    staleTime: 0,
  });

export const sendFeedback = (body: FeedbackCreate) =>
  api.post('/wps/feedback', { body, parse: FeedbackSchema });

/** A file as a data URL (the server drops the prefix and judges the bytes). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read failed'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
