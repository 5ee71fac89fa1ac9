/**
 * Reading a CSV file as RFC 4180 writes it, and as spreadsheets save it: fields separated by commas,
 * records by CRLF or LF, a field in double quotes may hold commas, quotes (doubled) and line breaks;
 * a UTF-8 byte-order mark at the start is dropped. A record is counted as a spreadsheet counts rows,
 * whatever line breaks its quoted fields hold, so an error names the row the owner sees.
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

/**
 * Every record of `text`. Stops at the first record past `maxRecords` (the caller's cap), so a huge
 * file is not read to its end only to be refused. Throws CsvSyntaxError for a quote left open or text
 * after a closing quote.
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const length = input.length;
  let fields: string[] = [];
  let field = '';
  let row = 1;
  let i = 0;
  /** Nothing of the current record read yet: the input may end here without one more record. */
  let recordStart = true;
  const endRecord = () => {
    fields.push(field);
    records.push({ row, fields });
    fields = [];
    field = '';
    row += 1;
    recordStart = true;
  };
  while (i < length && records.length <= maxRecords) {
    const char = input.charCodeAt(i);
    if (char === 34 /* " */) {
      // A quoted field: up to the quote not followed by another.
      const startRow = row;
      i += 1;
      let value = '';
      for (;;) {
        const next = input.indexOf('"', i);
        if (next === -1) throw new CsvSyntaxError(startRow, 'A quote opened in this row is never closed.');
        value += input.slice(i, next);
        i = next + 1;
        if (input.charCodeAt(i) !== 34) break;
        value += '"';
        i += 1;
      }
      field = value;
      recordStart = false;
      const after = input.charCodeAt(i);
      if (i < length && after !== 44 && after !== 10 && after !== 13)
        throw new CsvSyntaxError(
          startRow,
          'Text follows a closing quote: a quote inside a quoted field must be doubled ("").',
        );
      continue;
    }
    if (char === 44 /* , */) {
      fields.push(field);
      field = '';
      recordStart = false;
      i += 1;
      continue;
    }
    if (char === 10 || char === 13) {
      endRecord();
      i += char === 13 && input.charCodeAt(i + 1) === 10 ? 2 : 1;
      continue;
    }
    // Plain text up to the next comma or line break; a quote inside it is taken as it is.
    let end = i;
    while (end < length) {
      const c = input.charCodeAt(end);
      if (c === 44 || c === 10 || c === 13) break;
      end += 1;
    }
    field += input.slice(i, end);
    recordStart = false;
    i = end;
  }
  if (!recordStart && records.length <= maxRecords) endRecord();
  return records;
}

/** True when every field of a record is empty or white space: a blank line, skipped. */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((value) => value.trim() === '');
}
