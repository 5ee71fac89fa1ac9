import { CsvError, parse, type Options } from 'csv-parse/sync';

/**
 * Reading a CSV file as RFC 4180 writes it, and as spreadsheets save it, by csv-parse (decision
 * 0070): fields separated by commas, records by CRLF, LF or CR, a field in double quotes may hold
 * commas, quotes (doubled) and line breaks; a UTF-8 byte-order mark at the start is dropped. A
 * record is counted as a spreadsheet counts rows, whatever line breaks its quoted fields hold, so an
 * error names the row the owner sees.
 */
export interface CsvRecord {
  /** 1-based: the header is row 1. */
  row: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const OPTIONS = {
  bom: true,
  // Every line is a record, a blank one too, so the n-th record is the spreadsheet's row n.
  skip_empty_lines: false,
  relax_column_count: true,
  // Stated, not discovered: auto-discovery keeps the first kind it meets for the whole file.
  record_delimiter: ['\r\n', '\n', '\r'],
} satisfies Options;

/** Our words for what csv-parse refuses; its own name lines, not the rows the owner sees. */
const MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quote opened in this row is never closed.',
  CSV_INVALID_CLOSING_QUOTE:
    'Text follows a closing quote: a quote inside a quoted field must be doubled ("").',
  INVALID_OPENING_QUOTE:
    'A quote inside a field that does not start with one: put the whole field in quotes and double the quote ("").',
};

/**
 * Every record of `text`. Stops at the first record past `maxRecords` (the caller's cap), so a huge
 * file is not read to its end only to be refused. Throws CsvSyntaxError for a quote left open, text
 * after a closing quote or a quote inside a field that is not quoted.
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): CsvRecord[] {
  let rows: string[][];
  try {
    rows = parse(text, Number.isFinite(maxRecords) ? { ...OPTIONS, to: maxRecords + 1 } : OPTIONS);
  } catch (error) {
    if (error instanceof CsvError) {
      // `records` counts the records read whole before the one that failed.
      const row = (typeof error.records === 'number' ? error.records : 0) + 1;
      throw new CsvSyntaxError(row, MESSAGES[error.code] ?? 'This row is not valid CSV.');
    }
    throw error;
  }
  return rows.map((fields, index) => ({ row: index + 1, fields }));
}

/** True when every field of a record is empty or white space: a blank line, skipped. */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((value) => value.trim() === '');
}
