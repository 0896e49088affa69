/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30-second steps) with the `otpauth`
 * library. A code is accepted for the current step or one step either side (clock drift), and
 * only for a step later than the last one accepted, so a code seen once is worth nothing.
 */
import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Khela back office';
const PERIOD = 30;
const DIGITS = 6;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export function otpauthUri(secret: string, username: string) {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
  }).toString();
}

/** The code of `secret` at `timestampMs` (tests and the CLI's own checks). */
export const totpCode = (secret: string, timestampMs: number) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    timestamp: timestampMs,
  });

export const timeStep = (timestampMs: number) => Math.floor(timestampMs / 1000 / PERIOD);

/**
 * The time-step `code` belongs to, when it is good at `timestampMs` and later than `lastStep`;
 * null otherwise (wrong, too old, or already used).
 */
export function acceptedStep(
  secret: string,
  code: string,
  timestampMs: number,
  lastStep: number | null,
): number | null {
  const current = timeStep(timestampMs);
  const key = Secret.fromBase32(secret);
  for (const step of [current - 1, current, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    const expected = HOTP.generate({
      secret: key,
      algorithm: 'SHA1',
      digits: DIGITS,
      counter: step,
    });
    if (
      expected.length === code.length &&
      timingSafeEqual(Buffer.from(expected), Buffer.from(code))
    ) {
      return step;
    }
  }
  return null;
}
