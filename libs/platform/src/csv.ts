/**
 * CSV for downloads that people open in spreadsheets (RFC 4180: CRLF lines, every data cell in
 * double quotes with inner quotes doubled), with user text made inert: spreadsheets run a cell as a
 * formula (or a DDE command) when it starts with one of the characters below, and some split a
 * cell again at `;`, `|` or a tab, so a formula character right after such a separator counts too.
 * The cell keeps its text, led by a `'` (which spreadsheets read as "this is text").
 */

/** A cell that starts like a formula: = + - @ (also fullwidth), a tab or CR, or a | or ; separator. */
const FORMULA_START = /^(?:[\t\r|;]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
/** A separator inside a cell, followed (after blanks) by a formula character: a `'` goes right after it. */
const FORMULA_AFTER_SEPARATOR = /([,;|\t\r\n])(?=[ \t]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** One data cell: inert, quoted. `null` and `undefined` are empty. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A header cell: the product's own column names, quoted only when RFC 4180 needs it. */
function headerCell(name: string): string {
  return /[",\r\n]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

/** A whole CSV document: the header, then one line per row, every line ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly unknown[]>): string {
  const lines = [header.map(headerCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
