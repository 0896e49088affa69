/** CSV cells as a spreadsheet reads them: quoted where needed, formulas defused, numbers kept. */
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(null)).toBe('');
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('keeps numbers numbers, negative ones too', () => {
    expect(csvCell(-3500)).toBe('-3500');
    expect(csvCell(0)).toBe('0');
  });

  it('writes a byte-order mark, a header and CRLF lines', () => {
    expect(
      toCsv(
        ['vendor', 'ggr'],
        [
          ['=cmd', -5],
          ['JILI', 10],
        ],
      ),
    ).toBe("\uFEFFvendor,ggr\r\n'=cmd,-5\r\nJILI,10\r\n");
  });
});
