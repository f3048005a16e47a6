/**
 * CSV as RFC 4180 writes it, for spreadsheets (the members desk's roll): CRLF line ends, fields quoted when
 * they hold a comma, quote, CR or LF (quotes doubled), and a UTF-8 byte order mark first so Excel reads
 * Tamil names as UTF-8. A field starting with = + - @ tab or CR gets a leading apostrophe, so a
 * spreadsheet shows it as text instead of running it as a formula (OWASP "CSV injection").
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

/** One record with its CRLF. */
export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(',') + CSV_LINE_END;
}
