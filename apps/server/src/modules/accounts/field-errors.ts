/**
 * Builds the answers to forms with failing fields, with field messages in the player's language.
 * A format problem (wrong pattern, too short or too long) of a field the spec's error catalogue
 * names is answered with the catalogue's code and message: the account (username) 'Account
 * format is incorrect' (validation.accountFormat), a password 'Password format is incorrect', an
 * e-mail 'E-mail format is incorrect', a name (nickname, payee name) 'Name format is not valid',
 * a mobile number 'The mobile num is not valid'; the first such field in the order checked names
 * the answer. Any other failure is `validation.invalid`. Either way `data.fields` lists every
 * failing field.
 */
import { ruleMessage, type RuleMessage } from '@khela/contract/accounts';
import { errorMessage, type ErrorCode } from '@khela/contract/errors';
import type { Language } from '@khela/contract/language';
import { AppError } from '../../errors';

/** The spec's format code of each field it has one for. */
const FORMAT_CODES: Partial<Record<string, ErrorCode>> = {
  username: 'validation.accountFormat',
  password: 'validation.passwordFormat',
  newPassword: 'validation.passwordFormat',
  paymentPassword: 'validation.passwordFormat',
  newPaymentPassword: 'validation.passwordFormat',
  email: 'validation.emailFormat',
  nickname: 'validation.nameFormat',
  payeeName: 'validation.nameFormat',
  mobileNum: 'validation.mobileInvalid',
};

/** Problems that mean "not the right form", as opposed to missing or not matching. */
const FORMAT_PROBLEMS: ReadonlySet<RuleMessage> = new Set([
  'format',
  'tooShort',
  'tooLong',
  'email',
]);

export function formatCodeOf(field: string): ErrorCode | undefined {
  return FORMAT_CODES[field];
}

export class FieldErrorCollector {
  private readonly fields: Record<string, string[]> = {};
  private formatCode: ErrorCode | undefined;

  constructor(private readonly language: Language) {}

  add(field: string, problems: Array<{ key: RuleMessage; arg?: number }>) {
    if (problems.length === 0) return;
    const list = (this.fields[field] ??= []);
    const code = FORMAT_CODES[field];
    for (const problem of problems) {
      const isFormat = FORMAT_PROBLEMS.has(problem.key);
      if (code && isFormat) this.formatCode ??= code;
      // "Wrong format" says more in the catalogue's words for the field.
      list.push(
        code && problem.key === 'format'
          ? errorMessage(code, this.language)
          : ruleMessage(problem.key, this.language, problem.arg),
      );
    }
  }

  /** Throws when any field failed; the answer names every failing field. */
  throwIfAny(extra?: Record<string, unknown>) {
    if (Object.keys(this.fields).length > 0) {
      throw new AppError(this.formatCode ?? 'validation.invalid', {
        fields: this.fields,
        ...extra,
      });
    }
  }
}
