/**
 * CSV as RFC 4180 writes it, for spreadsheets (identity's members roll, payments' revenue report): CRLF line ends, fields quoted when
 * they hold a comma, quote, CR or LF (quotes doubled), and a UTF-8 byte order mark first so Excel reads
 * Tamil names as UTF-8. A field starting with = + - @ tab or CR gets a leading apostrophe, so a
 * spreadsheet shows it as text instead of running it as a formula (OWASP "CSV injection"). A number (a
 * JavaScript number, never text) is written as it is, so -12.5 stays a number a spreadsheet can sum.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, neutralised and quoted as needed. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A field of a record: text (neutralised and quoted as needed) or a finite number (written as it is). */
export type CsvValue = string | number;

/** One record with its CRLF. */
export function csvLine(fields: readonly CsvValue[]): string {
  return fields.map((field) => (typeof field === 'number' ? csvNumber(field) : csvField(field))).join(',') + CSV_LINE_END;
}

function csvNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`CSV: ${value} is not a finite number`);
  return String(value);
}
