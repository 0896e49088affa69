/**
 * What makes a password acceptable: the operator's length rule (8 to 64 by default, never cut),
 * not one of the ~49,000 most common passwords (the zxcvbn-ts list, shipped as a package), and
 * not the username.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordRuleProblems, type FieldRule, type RuleMessage } from '@khela/contract/accounts';

let common: Set<string> | undefined;
function commonPasswords() {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

export function passwordProblems(
  password: string,
  rule: Pick<FieldRule, 'min' | 'max' | 'pattern'>,
  username?: string,
): Array<{ key: RuleMessage; arg?: number }> {
  const problems = passwordRuleProblems(password, rule);
  if (commonPasswords().has(password.toLowerCase())) problems.push({ key: 'commonPassword' });
  if (username && password.toLowerCase() === username.toLowerCase()) {
    problems.push({ key: 'sameAsUsername' });
  }
  return problems;
}
