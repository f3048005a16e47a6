/**
 * The fixed-width text tables the benches print, and the cells their load tables share (numbers,
 * answers with an unexpected status). Pure, so all of it is unit-tested.
 */

/** `value` with `digits` decimals; '–' when it is not a finite number. */
export const num = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');

export interface Column<R> {
  title: string;
  /** Characters the title and every cell are padded to. */
  width: number;
  /** Padded on the right (text such as a name) instead of on the left (figures). */
  alignLeft?: boolean;
  cell(row: R): string;
}

/**
 * A header line, a rule as long as the header, then one line per row: each cell padded to its column's
 * width, one space between columns, and the row's `suffix` (e.g. ' !' for figures not to be trusted).
 */
export function formatColumns<R>(columns: readonly Column<R>[], rows: readonly R[], suffix: (row: R) => string = () => ''): string {
  const pad = (text: string, column: Column<R>) => (column.alignLeft ? text.padEnd(column.width) : text.padStart(column.width));
  const head = columns.map((column) => pad(column.title, column)).join(' ');
  const lines = [head, '-'.repeat(head.length)];
  for (const row of rows) lines.push(`${columns.map((column) => pad(column.cell(row), column)).join(' ')}${suffix(row)}`);
  return lines.join('\n');
}

/** The answers per status other than `expected`, as [status, count] in status order. */
function otherStatuses(statuses: Readonly<Record<number, number>>, expected: number): Array<[string, number]> {
  return Object.entries(statuses).filter(([status]) => Number(status) !== expected);
}

/** How many answers had another status than `expected`. */
export function otherStatusCount(statuses: Readonly<Record<number, number>>, expected: number): number {
  return otherStatuses(statuses, expected).reduce((sum, [, count]) => sum + count, 0);
}

/** The answers with another status than `expected`, e.g. "3 × 429, 1 × 500"; '' when there are none. */
export function otherStatusText(statuses: Readonly<Record<number, number>>, expected: number): string {
  return otherStatuses(statuses, expected)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
}
