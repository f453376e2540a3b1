import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config.ts';
import { PreparingClient } from './preparing-client.ts';

// PostgreSQL only: PGlite has no pool and no client of node-postgres (decision record 43).
const databaseUrl = testDatabaseUrl();
/** Typed as node-postgres's own client: the pool hands it out as one. */
let client: pg.Client;

beforeAll(async () => {
  if (!databaseUrl) return;
  client = new PreparingClient({ connectionString: databaseUrl });
  await client.connect();
  await client.query('create temporary table prepared_rows (a int)');
  await client.query('insert into prepared_rows values (1), (2)');
});
afterAll(async () => {
  await client?.end();
});

const kept = async () =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (row) => row.name,
  );
const read = (a: number) => client.query({ text: 'select * from prepared_rows where a = $1' }, [a]);

describe.skipIf(!databaseUrl)('statements prepared by their text', () => {
  it('prepares a statement with parameters once per connection, and sends one without parameters as it is', async () => {
    expect((await read(1)).rows).toEqual([{ a: 1 }]);
    expect((await read(2)).rows).toEqual([{ a: 2 }]);
    const names = await kept();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^s_[0-9a-f]{32}$/);
  });

  it('prepares the text again under a new name once a table changed under it, and answers again', async () => {
    await client.query('alter table prepared_rows add column b int');
    // PostgreSQL refuses the kept plan: its result has a column more now.
    await expect(read(1)).rejects.toMatchObject({ code: '0A000' });
    expect((await read(1)).rows).toEqual([{ a: 1, b: null }]);
    expect((await kept()).some((name) => /^s_[0-9a-f]{32}_1$/.test(name))).toBe(true);
  });

  it('keeps at most 200 statements on a connection: texts beyond run unnamed and still answer', async () => {
    for (let index = 0; index < 220; index += 1) {
      const { rows } = await client.query({ text: `select $1::int + ${index} as n` }, [1]);
      expect(rows).toEqual([{ n: 1 + index }]);
    }
    expect((await kept()).length).toBeLessThanOrEqual(201);
  });
});
