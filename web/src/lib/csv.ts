/**
 * RFC 4180 CSV: every field quoted, quotes doubled, lines ended by CRLF, so names with commas, quotes or
 * line breaks stay one field. A field starting with =, +, - or @ is prefixed with an apostrophe: a
 * spreadsheet would run it as a formula (OWASP "CSV injection").
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<Readonly<Record<string, unknown>>>): string {
  const lines = [header.map(csvField).join(','), ...rows.map((r) => header.map((h) => csvField(r[h])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** Cents as dollars with two decimals and no thousands separator, what a filing program reads. */
export const csvDollars = (cents: number | string | null | undefined): string =>
  cents === null || cents === undefined ? '' : (Number(cents) / 100).toFixed(2);
