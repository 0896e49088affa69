/** One error type for expected failures: a stable code from the contract, an HTTP status, data. */
import { ERRORS, type ErrorCode, type FieldErrors } from '@khela/contract/errors';

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly errorCode: ErrorCode,
    readonly data?: Record<string, unknown>,
    statusOverride?: number,
  ) {
    super(errorCode);
    this.name = 'AppError';
    this.statusCode = statusOverride ?? ERRORS[errorCode].status;
  }
}

export const notFound = () => new AppError('resource.notFound');
export const invalid = (fields: FieldErrors) => new AppError('validation.invalid', { fields });
