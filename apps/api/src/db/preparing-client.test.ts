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

describe.skipIf(!databaseUrl)('queries asked for at once outside pipeline mode', () => {
  /** node-postgres's own queue of queries waiting for the one in flight: asking for a query while it is not empty is deprecated. */
  const pgQueue = () => (client as unknown as { _queryQueue: unknown[] })._queryQueue;

  it('sends each once the one before has settled, in the order asked, without node-postgres queueing them', async () => {
    await client.query('create temporary table asked_rows (n int, at serial)');
    const asked = [1, 2, 3].map((n) => client.query({ text: 'insert into asked_rows (n) values ($1)' }, [n]));
    // The first is in flight; the others wait here rather than in node-postgres's queue (a deprecation warning, and an
    // error from pg 9 on).
    expect(pgQueue()).toHaveLength(0);
    await Promise.all(asked);
    const { rows } = await client.query<{ n: number }>('select n from asked_rows order by at');
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3]);
  });

  it('sends the next after one refused, and each caller hears its own answer', async () => {
    const [first, refused, third] = await Promise.allSettled([
      client.query({ text: 'select $1::int as n' }, [1]),
      client.query({ text: 'select $1::int / 0 as n' }, [1]),
      client.query({ text: 'select $1::int as n' }, [3]),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 1 }] } });
    expect(refused).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(third).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 3 }] } });
  });
});
