// The CSV the dashboard's downloads are written in (RFC 4180: CRLF line ends, fields quoted where
// they must be), with a leading =+-@ defused so a spreadsheet never reads a field as a formula.

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row, each ended by CRLF. */
export function csvText(header: readonly string[], rows: Iterable<ReadonlyArray<string | number>>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
