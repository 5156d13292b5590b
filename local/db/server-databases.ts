import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** serverUrl with `name` in place of its database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** The database name serverUrl points at ('' when none). */
export function databaseName(serverUrl: string): string {
  return decodeURIComponent(new URL(serverUrl).pathname.slice(1));
}

/** Creates an empty database on serverUrl's server. */
export function createDatabase(serverUrl: string, name: string): Promise<void> {
  return maintenanceQuery(serverUrl, `create database ${quoteIdent(name)}`);
}

/** Drops a database on serverUrl's server, closing whatever connections are still open on it. */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return maintenanceQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
}

/** create/drop database cannot run inside the database concerned: they go through `postgres`. */
async function maintenanceQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface ScratchDatabase {
  name: string;
  /** The server's URL with the scratch database in place of its database name. */
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

/** An empty database of its own on serverUrl's server, for one test file, bench or type generation. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl, name);
  return { name, url: databaseUrl(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}
