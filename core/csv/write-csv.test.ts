import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvLagosTime, csvLine, csvNaira, lagosToday } from './write-csv';

describe('CSV encoding', () => {
  it('leaves plain text alone and ends a record with CRLF', () => {
    expect(csvLine(['ORD-10001', 'Ada Obi', 12, true, null, undefined])).toBe(
      'ORD-10001,Ada Obi,12,yes,,\r\n',
    );
  });

  it('quotes fields with commas, quotes or line breaks and doubles the quotes (RFC 4180)', () => {
    expect(csvField('Lekki, Lagos')).toBe('"Lekki, Lagos"');
    expect(csvField('The "Oxford" shirt')).toBe('"The ""Oxford"" shirt"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvLine(['a,b', 'c"d'])).toBe('"a,b","c""d"\r\n');
    expect(csvLine(['', 'x', ''])).toBe(',x,\r\n');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
    expect(csvField('+2348030000000')).toBe("'+2348030000000");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    expect(csvField('\r=1+1')).toBe('"\'\r=1+1"');
    // Full-width twins, which some spreadsheets read as the plain sign.
    expect(csvField('\uFF1D1+1')).toBe("'\uFF1D1+1");
    expect(csvLine(['=1', -2.5, '-2.5'])).toBe("'=1,-2.5,'-2.5\r\n");
    // Only a leading character counts; numbers we write ourselves stay numbers.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-5)).toBe('-5');
  });

  it('keeps the naira sign and other UTF-8 text as it is; the file starts with a BOM', () => {
    expect(CSV_BOM).toBe('\uFEFF');
    expect(Buffer.from(CSV_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvField('₦25,000 Àṣọ-òkè')).toBe('"₦25,000 Àṣọ-òkè"');
  });

  it('writes money as naira with two decimals and times in Lagos', () => {
    expect(csvNaira(2_550_050)).toBe('25500.50');
    expect(csvNaira(5)).toBe('0.05');
    expect(csvNaira(0)).toBe('0.00');
    expect(csvNaira(null)).toBe('');
    expect(csvLagosTime(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22T00:30:00+01:00');
    expect(csvLagosTime('2026-01-05T08:00:00.000Z')).toBe('2026-01-05T09:00:00+01:00');
    expect(csvLagosTime(null)).toBe('');
    expect(lagosToday(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
  });
});
