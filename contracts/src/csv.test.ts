import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, toCsv } from './csv.ts';

describe('the shared CSV writer', () => {
  it('quotes what needs quoting and doubles quotes (RFC 4180)', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 3, null, undefined, true])).toBe(
      'a,"b,c","say ""hi""","two\nlines",3,,,true\r\n',
    );
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"']])).toBe('a,b\n"x,y","say ""hi"""');
    expect(toCsv(['a'], [['1'], ['2']], '\r\n')).toBe('a\r\n1\r\n2');
  });

  it('never lets a cell start a formula, in ASCII or full-width', () => {
    const cases: [string, string][] = [
      ['=1+1', "'=1+1"],
      ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
      ['+1', "'+1"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\tx', `"'\tx"`],
      // A tab is also a separator, so the formula behind it is neutralised too.
      ['\t=1', `"'\t'=1"`],
      ['\r=1', `"'\r=1"`],
      ['＝1+1', "'＝1+1"],
      ['＋1', "'＋1"],
      ['－1', "'－1"],
      ['＠SUM(A1)', "'＠SUM(A1)"],
    ];
    for (const [cell, written] of cases) expect(csvCell(cell), JSON.stringify(cell)).toBe(written);
  });

  it('neutralises a formula behind a separator, for spreadsheets that split on ; or tab', () => {
    const cases: [string, string][] = [
      ['Kitchen;=1+1', `"Kitchen;'=1+1"`],
      ['Kitchen,=1+1', `"Kitchen,'=1+1"`],
      ['Kitchen\t=1+1', `"Kitchen\t'=1+1"`],
      ['Kitchen;＝1+1', `"Kitchen;'＝1+1"`],
      ['a;+1;-2;@x', `"a;'+1;'-2;'@x"`],
      ['Room；＠x', `"Room；'＠x"`],
      ['=a;=b', `"'=a;'=b"`],
    ];
    for (const [cell, written] of cases) expect(csvCell(cell), JSON.stringify(cell)).toBe(written);
  });

  it('leaves numbers, and text with no formula in it, as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell('ada@example.com')).toBe('ada@example.com');
    expect(csvCell('Living room 2')).toBe('Living room 2');
    expect(csvCell('a-b')).toBe('a-b');
    expect(csvCell('semi;colon')).toBe('"semi;colon"');
  });
});
