import pg from 'pg';

/**
 * A starting gate for race tests on PostgreSQL: a session of its own takes `locks` (rows the racers need), `start` sets
 * the racers off, and once `waiters` sessions of this database are seen waiting on a lock (every racer queued behind
 * the gate) the gate opens and they run into each other. So a race test proves its overlap happened instead of passing
 * when one side happened to finish first. Throws if the racers never all queue; the deadline only keeps a broken run
 * from hanging (a loaded machine may take seconds), it is no claim about speed.
 */
export function raceThroughGate<T>(
  connectionString: string,
  locks: readonly { text: string; values: unknown[] }[],
  waiters: number,
  start: () => Promise<T>,
): Promise<T> {
  return behindGate(connectionString, locks, async (gate) => {
    const racing = started(start);
    await lockWaitersSeen(gate, waiters);
    return { racing };
  });
}

/**
 * The same gate with the racers queued in turn: each is seen waiting behind it before the next starts, so PostgreSQL,
 * whose lock queue is first come first served, lets them through in the order given. For a race whose outcome depends
 * on who goes first (a payment against a cancel), to prove each order's outcome rather than whichever came.
 */
export function queueThroughGate<T>(
  connectionString: string,
  locks: readonly { text: string; values: unknown[] }[],
  racers: readonly (() => Promise<T>)[],
): Promise<T[]> {
  return behindGate(connectionString, locks, async (gate) => {
    const running: Promise<T>[] = [];
    for (const racer of racers) {
      running.push(started(racer));
      await lockWaitersSeen(gate, running.length);
    }
    return { racing: Promise.all(running) };
  });
}

/** `locks` held open by a session of its own while `queue` sets the racers off; answers what they answer. */
async function behindGate<T>(
  connectionString: string,
  locks: readonly { text: string; values: unknown[] }[],
  // Wrapped, not returned bare: an async function would wait for the racers, who wait for the gate.
  queue: (gate: pg.Client) => Promise<{ racing: Promise<T> }>,
): Promise<T> {
  const gate = new pg.Client({ connectionString });
  await gate.connect();
  try {
    await gate.query('begin');
    for (const lock of locks) await gate.query(lock.text, lock.values);
    const { racing } = await queue(gate);
    await gate.query('commit');
    return await racing;
  } finally {
    await gate.query('rollback').catch(() => undefined);
    await gate.end();
  }
}

/** A racer set off; an unawaited rejection while the gate waits would be reported as unhandled, so it is seen later. */
function started<T>(racer: () => Promise<T>): Promise<T> {
  const running = racer();
  running.catch(() => undefined);
  return running;
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
