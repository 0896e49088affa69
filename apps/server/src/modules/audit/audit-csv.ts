/**
 * The audit trail as CSV (RFC 4180): every cell quoted when it needs to be, and a cell that a
 * spreadsheet would take for a formula (starting with = + - @, a tab or a carriage return) made
 * text with a leading apostrophe (OWASP, CSV injection).
 */
import type { AuditEvent } from '@khela/contract/backoffice/operators';

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actorKind',
  'actorName',
  'operatorId',
  'ip',
  'requestId',
  'action',
  'targetType',
  'targetId',
  'before',
  'after',
  'reason',
] as const;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(events: AuditEvent[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const event of events) {
    lines.push(AUDIT_CSV_COLUMNS.map((column) => csvCell(event[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
