/**
 * CSV for the reports' downloads (RFC 4180: comma, CRLF, fields quoted when they hold a comma,
 * quote or line break, quotes doubled). Text that a spreadsheet would run as a formula (starting
 * with = + - @, or a tab or carriage return) gets a leading apostrophe (OWASP "CSV injection").
 * Numbers are written as numbers: a negative GGR stays a number a spreadsheet can sum.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The byte-order mark a CSV starts with, so spreadsheets read UTF-8 (Bengali). */
export const CSV_BOM = '\uFEFF';

/** One row, ended by CRLF (for CSVs written a page at a time). */
export function csvLine(row: readonly CsvCell[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** A header row and the rows, with a byte-order mark so spreadsheets read UTF-8 (Bengali). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${CSV_BOM}${[header, ...rows].map(csvLine).join('')}`;
}
