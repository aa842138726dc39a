import { describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { csvCell, toCsv } from '#libs/platform/src/csv.js';

describe('CSV cells people open in spreadsheets', () => {
  it('prefixes a cell that starts like a formula with a quote mark', () => {
    const cases: [unknown, string][] = [
      ['=1+1', `"'=1+1"`],
      ['+1', `"'+1"`],
      ['-1', `"'-1"`],
      [-1, `"'-1"`],
      ['@SUM(A1)', `"'@SUM(A1)"`],
      ['\tsecret', `"'\tsecret"`],
      ['\rsecret', `"'\rsecret"`],
      ['|calc', `"'|calc"`],
      [';calc', `"';calc"`],
      ['＝1+1', `"'＝1+1"`],
      ['＋1', `"'＋1"`],
      ['－1', `"'－1"`],
      ['＠A1', `"'＠A1"`],
      ['  =1+1', `"'  =1+1"`],
    ];
    for (const [value, cell] of cases) expectWith(csvCell(value), JSON.stringify(value)).toBe(cell);
  });

  it('puts a quote mark after a separator inside a cell when a formula character follows it', () => {
    const cases: [string, string][] = [
      ['a;=cmd', `"a;'=cmd"`],
      ['x|=y', `"x|'=y"`],
      ['a,=b', `"a,'=b"`],
      ['a\t+b', `"a\t'+b"`],
      ['a\r\n=b', `"a\r\n'=b"`],
      ['a; @b', `"a;' @b"`],
      ['a;＝b', `"a;'＝b"`],
      [';=cmd', `"';'=cmd"`],
      ['=a|=b', `"'=a|'=b"`],
    ];
    for (const [value, cell] of cases) expectWith(csvCell(value), JSON.stringify(value)).toBe(cell);
  });

  it('quotes every cell and doubles inner quotes (RFC 4180), and leaves ordinary text alone', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('1-2; a=b')).toBe('"1-2; a=b"');
    expect(csvCell('me@example.org')).toBe('"me@example.org"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('"2026-01-02T03:04:05.000Z"');
  });

  it('writes a document: the header, then rows, each line ended by CRLF', () => {
    expect(
      toCsv(
        ['name', 'note'],
        [
          ['Ann', '=cmd'],
          ['Bob', null],
        ],
      ),
    ).toBe(`name,note\r\n"Ann","'=cmd"\r\n"Bob",""\r\n`);
  });
});
