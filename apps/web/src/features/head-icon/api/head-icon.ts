/**
 * The head icon (avatar) calls: the member's choice (GET) and a new one (POST): a drawn avatar
 * or an uploaded picture as base64. The server judges and re-encodes the picture; the client
 * only refuses a file over 2 MB before sending it.
 */
import {
  HEAD_ICON_PATH,
  HeadIconSchema,
  type HeadIcon,
  type HeadIconBody,
} from '@khela/contract/head-icon';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';

export const headIconQueryKey = ['headIcon'] as const;

export const headIconQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: headIconQueryKey,
    token,
    path: HEAD_ICON_PATH,
    parse: HeadIconSchema,
    staleTime: 5 * 60_000,
    // The silhouette stands in when it cannot be read.
    meta: { silent: true },
  });

export const setHeadIcon = (body: HeadIconBody): Promise<HeadIcon> =>
  api.post(HEAD_ICON_PATH, { body, parse: HeadIconSchema });

/** A picked file as a data URL (the server judges the bytes, not the declared type). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('the file could not be read'));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}
