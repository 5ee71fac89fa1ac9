import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, isBlankRecord, parseCsv } from './read-csv';

const fields = (text: string) => parseCsv(text).map((record) => record.fields);
const rows = (text: string) => parseCsv(text).map((record) => record.row);
const refusal = (text: string) => {
  try {
    parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { row: error.row, message: error.message };
    throw error;
  }
  throw new Error('parseCsv accepted the text');
};

describe('parseCsv (RFC 4180, by csv-parse)', () => {
  it('reads commas, doubled quotes and line breaks inside quotes, CRLF and LF alike', () => {
    expect(fields('a,b,c\r\n"x, y","say ""hi""","line 1\nline 2"\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'line 1\nline 2'],
      ['1', '', '3'],
    ]);
    expect(fields('"Lekki, Lagos","₦25,000","""Oxford"""\r\n')).toEqual([
      ['Lekki, Lagos', '₦25,000', '"Oxford"'],
    ]);
  });

  it('drops a byte-order mark, keeps empty quoted fields and a trailing empty field', () => {
    expect(fields('\uFEFFname,sku\r\n"",A1\r\nShirt,\r\n')).toEqual([
      ['name', 'sku'],
      ['', 'A1'],
      ['Shirt', ''],
    ]);
    expect(fields('\uFEFF')).toEqual([]);
  });

  it('takes records of different lengths as they are', () => {
    expect(fields('a,b,c\n1\n1,2,3,4\n')).toEqual([['a', 'b', 'c'], ['1'], ['1', '2', '3', '4']]);
  });

  it('counts rows as a spreadsheet does, whatever line breaks a quoted field holds', () => {
    expect(rows('h\n"two\nlines"\nthird\n')).toEqual([1, 2, 3]);
    expect(rows('h\r\n"a\r\nb\r\nc",x\r\nnext\r\n"d\ne"\rlast')).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps a blank line as a blank record, so the rows after it keep their numbers', () => {
    const records = parseCsv('h\n\n"x\ny"\n,\nlast\n');
    expect(records.map((record) => [record.row, isBlankRecord(record)])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, true],
      [5, false],
    ]);
  });

  it('reads a lone CR as a line break and a file without a final line break', () => {
    expect(fields('a\rb')).toEqual([['a'], ['b']]);
    expect(fields('a\r\nb\nc\rd')).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(fields('')).toEqual([]);
  });

  it('refuses a quote left open, naming the row it opened in', () => {
    expect(refusal('a\n"open\n')).toEqual({
      row: 2,
      message: 'A quote opened in this row is never closed.',
    });
    // Counted in spreadsheet rows: the quoted line breaks of row 2 do not move row 3.
    expect(refusal('h\n"two\nlines",x\n"open,\nmore')).toMatchObject({ row: 3 });
  });

  it('refuses text after a closing quote and a quote inside a field that is not quoted', () => {
    expect(refusal('a,b\n1,2\n"x"y,3\n')).toEqual({
      row: 3,
      message: 'Text follows a closing quote: a quote inside a quoted field must be doubled ("").',
    });
    expect(refusal('name\nShoe 5" heel\n')).toMatchObject({
      row: 2,
      message: expect.stringContaining('put the whole field in quotes'),
    });
  });

  it('stops after the first record past the cap, whatever comes after it', () => {
    const records = parseCsv('h\n1\n2\n3\n"never closed', 2);
    expect(records.map((record) => record.fields[0])).toEqual(['h', '1', '2']);
  });
});
