import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MATRIX_END, MATRIX_START, permissionMatrixMarkdown } from './permission-matrix';

const DOC = path.resolve(import.meta.dirname, '../../../../../docs/back-office.md');

/** A Markdown table as its cells, whatever the padding (Prettier aligns the columns). */
const cells = (table: string) =>
  table
    .trim()
    .split('\n')
    .filter((line, index) => index !== 1 && line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );

describe('docs/back-office.md', () => {
  it('shows the role × permission matrix of the contract', async () => {
    const doc = await readFile(DOC, 'utf8');
    const start = doc.indexOf(MATRIX_START);
    const end = doc.indexOf(MATRIX_END);
    expect(start).toBeGreaterThan(0);
    const documented = doc.slice(start + MATRIX_START.length, end);
    expect(
      cells(documented),
      `docs/back-office.md's matrix is out of date; put this between the markers:\n${permissionMatrixMarkdown()}`,
    ).toEqual(cells(permissionMatrixMarkdown()));
  });
});
