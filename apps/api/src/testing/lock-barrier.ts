import pg from 'pg';

/**
 * A starting gate for race tests on PostgreSQL: a session of its own takes `locks` (rows the racers need), `start` sets
 * the racers off, and once `waiters` sessions of this database are seen waiting on a lock (every racer queued behind
 * the gate) the gate opens and they run into each other. So a race test proves its overlap happened instead of passing
 * when one side happened to finish first. Throws if the racers never all queue; the deadline only keeps a broken run
 * from hanging (a loaded machine may take seconds), it is no claim about speed.
 */
export async function raceThroughGate<T>(
  connectionString: string,
  locks: readonly { text: string; values: unknown[] }[],
  waiters: number,
  start: () => Promise<T>,
): Promise<T> {
  const gate = new pg.Client({ connectionString });
  await gate.connect();
  try {
    await gate.query('begin');
    for (const lock of locks) await gate.query(lock.text, lock.values);
    const racing = start();
    // An unawaited rejection while we wait would be reported as unhandled; it is seen when `racing` is awaited below.
    racing.catch(() => undefined);
    await lockWaitersSeen(gate, waiters);
    await gate.query('commit');
    return await racing;
  } finally {
    await gate.query('rollback').catch(() => undefined);
    await gate.end();
  }
}

/**
 * Returns once `count` sessions of the client's database are seen waiting on a lock (racers queued behind a row held
 * open); throws if they never all are. The deadline only keeps a broken run from hanging, it is no claim about speed.
 */
export async function lockWaitersSeen(client: pg.Client, count: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    // A client inside a transaction would otherwise keep reading the activity snapshot its first look took
    // (PostgreSQL keeps one per transaction), and never see sessions that queue after it.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.waiting >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0]!.waiting} of ${count} sessions were ever seen waiting`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
