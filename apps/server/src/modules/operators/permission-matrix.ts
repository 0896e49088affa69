/**
 * The role × permission matrix as the Markdown table docs/back-office.md shows, made from the
 * contract (permission-matrix.test.ts fails when the document differs).
 */
import { OPERATOR_ROLES, PERMISSIONS, roleMay } from '@khela/contract/operators';

export const MATRIX_START = '<!-- permission-matrix:start -->';
export const MATRIX_END = '<!-- permission-matrix:end -->';

export function permissionMatrixMarkdown(): string {
  const header = `| Permission | ${OPERATOR_ROLES.join(' | ')} |`;
  const rule = `|---|${OPERATOR_ROLES.map(() => ':-:').join('|')}|`;
  const rows = PERMISSIONS.map(
    (permission) =>
      `| \`${permission}\` | ${OPERATOR_ROLES.map((role) => (roleMay(role, permission) ? '✓' : '')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}
