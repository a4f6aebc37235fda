import { sql } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/app-per-file.js';
import { PREPARED_PER_CONNECTION, prepareStatements } from './prepared-statements.js';

/** A client whose `query` records what it was given (a stand-in, inside this unit test only). */
function recordingClient() {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => calls.push(args) } as unknown as pg.PoolClient;
  prepareStatements(client);
  return { client, calls };
}

describe('prepareStatements', () => {
  it('runs a statement with parameters by one name per text, and leaves the others as they were', () => {
    const { client, calls } = recordingClient();
    client.query('select * from users where id = $1', [1]);
    client.query('select * from users where id = $1', [2]);
    client.query('select * from photos where id = $1', [3]);
    client.query('begin', []);
    client.query('create table a (id int); create table b (id int)');
    const named = calls.slice(0, 3).map((args) => args[0] as { name: string; values: unknown[] });
    expect(named[0]?.name).toMatch(/^fogata-/);
    expect(named[1]?.name).toBe(named[0]?.name);
    expect(named[1]?.values).toEqual([2]);
    expect(named[2]?.name).not.toBe(named[0]?.name);
    expect(calls[3]).toEqual(['begin', []]);
    expect(calls[4]).toEqual(['create table a (id int); create table b (id int)']);
  });

  it('keeps at most so many prepared per connection; later texts are parsed each time', () => {
    const { client, calls } = recordingClient();
    for (let i = 0; i <= PREPARED_PER_CONNECTION; i += 1)
      client.query(`select $1::int + ${i}`, [i]);
    client.query('select $1::int + 0', [7]);
    const last = calls[PREPARED_PER_CONNECTION];
    expect(last).toEqual([
      `select $1::int + ${PREPARED_PER_CONNECTION}`,
      [PREPARED_PER_CONNECTION],
    ]);
    const again = calls.at(-1)?.[0] as { name?: string } | undefined;
    expect(again?.name).toMatch(/^fogata-/);
  });
});

const t = testAppPerFile();

describe("the app's connections", () => {
  it('answer the same query alike, prepared once per connection on PostgreSQL', async () => {
    const text = 'select count(*) as n from users where id > $1';
    const { kysely, dialect } = t.app.ctx.db;
    const counts = await kysely.connection().execute(async (db) => {
      const first = await sql<{
        n: number | string;
      }>`select count(*) as n from users where id > ${0}`.execute(db);
      const again = await sql<{
        n: number | string;
      }>`select count(*) as n from users where id > ${0}`.execute(db);
      if (dialect !== 'postgres') return { first: first.rows, again: again.rows, prepared: null };
      const prepared = await sql<{ n: number | string }>`
        select count(*) as n from pg_prepared_statements where statement = ${text}`.execute(db);
      return { first: first.rows, again: again.rows, prepared: Number(prepared.rows[0]?.n) };
    });
    expect(counts.again).toEqual(counts.first);
    expect(counts.prepared).toBe(dialect === 'postgres' ? 1 : null);
  });
});
