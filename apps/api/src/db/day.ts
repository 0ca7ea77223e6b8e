import { type SQL, sql } from 'drizzle-orm';

/** A timestamp column's UTC day as YYYY-MM-DD: how the admin's dashboard groups by day. */
export const utcDay = (column: SQL | unknown) => sql<string>`to_char(date_trunc('day', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
