/**
 * A strict RFC 4180 reader for tests (no CSV parser is installed): CRLF record ends only, quoted fields with
 * doubled quotes, and an error for anything else (a bare quote, a lone CR or LF, text after a closing quote,
 * a missing final CRLF), so a test that parses the export back also checks its format.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`CSV: ${what} at ${i}: ${JSON.stringify(text.slice(Math.max(0, i - 20), i + 20))}`);
  };
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) fail('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
    } else {
      while (i < text.length && !',\r\n'.includes(text[i] as string)) {
        if (text[i] === '"') fail('quote inside an unquoted field');
        field += text[i];
        i += 1;
      }
    }
    fields.push(field);
    if (text[i] === ',') {
      i += 1;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      records.push(fields);
      fields = [];
      i += 2;
      continue;
    }
    fail(i >= text.length ? 'no CRLF after the last record' : 'a bare CR or LF, or text after a closing quote');
  }
  return records;
}
