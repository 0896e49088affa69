/** Builds `validation.invalid` errors whose field messages are in the player's language. */
import { ruleMessage, type RuleMessage } from '@khela/contract/accounts';
import type { Language } from '@khela/contract/language';
import { AppError } from '../../errors';

export class FieldErrorCollector {
  private readonly fields: Record<string, string[]> = {};

  constructor(private readonly language: Language) {}

  add(field: string, problems: Array<{ key: RuleMessage; arg?: number }>) {
    if (problems.length === 0) return;
    const list = (this.fields[field] ??= []);
    for (const problem of problems) list.push(ruleMessage(problem.key, this.language, problem.arg));
  }

  /** Throws when any field failed; the answer names every failing field. */
  throwIfAny(extra?: Record<string, unknown>) {
    if (Object.keys(this.fields).length > 0) {
      throw new AppError('validation.invalid', { fields: this.fields, ...extra });
    }
  }
}
