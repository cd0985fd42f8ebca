// CSV as spreadsheets read it (RFC 4180, CRLF line ends). A cell a spreadsheet would run as a
// formula (starting with = + - @, or a tab or carriage return that some strip first) gets a leading
// apostrophe, so a file name like '=HYPERLINK(…)' is shown, never evaluated (OWASP 'CSV Injection').

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts defused, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: (string | number | null)[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
