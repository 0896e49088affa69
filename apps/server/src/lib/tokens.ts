/** Opaque secrets (session, device and reset tokens): 256 random bits out, SHA-256 stored. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A numeric code of `length` digits from the CSPRNG (SMS codes). */
export function numericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}
