/**
 * The one field table (server/store/locationFields.ts) against what each store's migrations really made:
 * every field has its column, of the kind's type, never null. The DDL stays literal SQL in the migrations;
 * this is what keeps it and the table from drifting apart.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DETAIL_FIELDS, type FieldKind } from '../../server/store/locationFields';
import { startTestServer, type TestServer } from '../support/testServer';

const SQLITE_TYPE: Record<FieldKind, string> = { text: 'TEXT', flag: 'INTEGER', dynamicFields: 'TEXT' };
const POSTGRES_TYPE: Record<FieldKind, string> = { text: 'text', flag: 'boolean', dynamicFields: 'text' };

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe('the location table of each store holds every field of the table', () => {
  it('SQLite', async () => {
    const server = await startTestServer({ points: 100 });
    servers.push(server);
    const columns = server.db!.prepare('PRAGMA table_info(location)').all() as {
      name: string;
      type: string;
      notnull: number;
    }[];
    for (const field of DETAIL_FIELDS) {
      const column = columns.find((c) => c.name === field.column);
      expect(column, field.column).toBeDefined();
      expect(column!.type, field.column).toBe(SQLITE_TYPE[field.kind]);
      expect(column!.notnull, `${field.column} NOT NULL`).toBe(1);
    }
  });

  it('PostgreSQL', async () => {
    const server = await startTestServer({ store: 'postgres', points: 100 });
    servers.push(server);
    const client = new pg.Client({ connectionString: server.dbFile });
    await client.connect();
    try {
      const { rows } = await client.query<{ column_name: string; data_type: string; is_nullable: string }>(
        "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = 'location'",
      );
      for (const field of DETAIL_FIELDS) {
        const column = rows.find((c) => c.column_name === field.column);
        expect(column, field.column).toBeDefined();
        expect(column!.data_type, field.column).toBe(POSTGRES_TYPE[field.kind]);
        expect(column!.is_nullable, `${field.column} NOT NULL`).toBe('NO');
      }
    } finally {
      await client.end();
    }
  });
});
