// Where the PostgreSQL tests run: TEST_DATABASE_URL names a server and a database to connect to
// for creating the tests' own databases; unset, the tests run on PGlite alone.
export const testTimeZone = 'Europe/Moscow';

export function adminUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url === undefined || url === '' ? undefined : url;
}

/** The same server, another database. */
export function databaseUrl(admin: string, database: string): string {
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
}
