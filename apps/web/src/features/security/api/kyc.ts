/**
 * The identity check's calls: its state and sending the three photos (base64 in JSON). The
 * photos are never read back by the player site.
 */
import { KYC_PATH, KycStatusSchema, type KycUploadBody } from '@khela/contract/kyc';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';

export const kycQueryKey = ['kyc'] as const;

export const kycQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: kycQueryKey,
    token,
    path: KYC_PATH,
    parse: KycStatusSchema,
    staleTime: 0,
  });

export const sendKyc = (body: KycUploadBody) =>
  api.post(KYC_PATH, { body, parse: KycStatusSchema });

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
