import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('report CSV', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 3, null])).toBe(
      'a,"b,c","say ""hi""","two\nlines",3,\r\n',
    );
  });
  it('never lets a customer-typed cell run as a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
  });
});
