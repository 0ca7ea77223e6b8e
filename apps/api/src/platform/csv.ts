import { Readable } from 'node:stream';
import { CSV_EXPORT_MAX_ROWS, type PublicUser } from '@limelight/contracts';
import type { FastifyReply } from 'fastify';

export type CsvValue = string | number | boolean | null | undefined | Date;
export type CsvColumn<T> = [header: string, value: (row: T) => CsvValue];

/**
 * One cell. Text that a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe (OWASP's CSV injection advice); numbers are written
 * as numbers. Quoted when it holds a comma, a quote or a line break.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString() : value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A person in an export: the handle the console shows and searches by, the name when there is none. */
export const csvPerson = (person: PublicUser | null) => (person ? (person.username ?? person.name) : null);

export const csvLine = (values: CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`;

const PAGE_SIZE = 500;

/**
 * Streams a list as CSV: the header, then page after page of `fetchPage` (the list's own query,
 * with the caller's filters), up to `CSV_EXPORT_MAX_ROWS` rows; a cut export ends with a line
 * saying so. Nothing is held in memory beyond one page.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: CsvColumn<T>[],
  fetchPage: (page: { offset: number; limit: number }) => Promise<{ data: T[]; total: number }>,
) {
  async function* lines() {
    yield csvLine(columns.map(([header]) => header));
    let offset = 0;
    while (offset < CSV_EXPORT_MAX_ROWS) {
      const { data, total } = await fetchPage({ offset, limit: Math.min(PAGE_SIZE, CSV_EXPORT_MAX_ROWS - offset) });
      for (const row of data) yield csvLine(columns.map(([, value]) => value(row)));
      offset += data.length;
      if (data.length === 0 || offset >= total) return;
    }
    yield csvLine([`Cut at ${CSV_EXPORT_MAX_ROWS} rows: narrow the filters to export the rest`]);
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
