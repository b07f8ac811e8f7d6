import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/shared/csv';

describe('CSV writer', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+1', "-2+3+cmd|' /C calc'!A0", '@SUM(A1)', '\t=1', '\r=1'])(
    'neutralises a text cell starting with a formula character: %j',
    (s) => {
      expect(csvCell(s)).toBe(`"'${s.replace(/"/g, '""')}"`);
    },
  );

  it('leaves other text as it is, formula characters later in the cell included', () => {
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(' =1')).toBe('" =1"');
    expect(csvCell('妙笔')).toBe('"妙笔"');
  });

  it('quotes commas, quotes, CR and LF inside the cell (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\r\nline2')).toBe('"line1\r\nline2"');
  });

  it('writes numbers as numerals, negative ones too; numeric-looking text is still neutralised', () => {
    expect(csvCell(-12.5)).toBe('"-12.5"');
    expect(csvCell(0)).toBe('"0"');
    expect(csvCell(12n)).toBe('"12"');
    expect(csvCell('-12.5')).toBe('"\'-12.5"');
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe('"\'-Infinity"');
  });

  it('writes empty cells for null and undefined and JSON for other values', () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(true)).toBe('"true"');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('writes a BOM, a header (identifiers bare, other names quoted) and CRLF lines', () => {
    expect(toCsv(['id', '日期', '=x'], [[1, 'a', null]])).toBe('\uFEFFid,"日期","\'=x"\r\n"1","a",""\r\n');
    expect(toCsv(['id'], [])).toBe('\uFEFFid\r\n');
  });
});
