/**
 * Reads of one row by key that arrive in the same turn of the event loop, sent to the database as one query.
 *
 * A drop rush is thousands of requests a second, each needing a row or two read by primary key before it may buy (the
 * sign-in the token names, the buyer's verified address): read one by one, that is a round trip each, and the round
 * trips, not the rows, were what an instance spent its time on (the statement log of the `purchase` bench). Requests
 * parsed together ask together: `read(key)` queues the key, and once this turn of the event loop is over (setImmediate,
 * after the I/O the loop has just handled) `readMany` is called once with every key queued meanwhile, deduplicated, at
 * most `maxKeys` at a time. Under no load a read waits for nothing but the end of the current turn.
 *
 * `readMany` answers a map by key; a key missing from it reads as undefined. A failed `readMany` fails every read it
 * carried. Tests: coalesced-reads.test.ts.
 */
export function coalescedReads<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
  options: { maxKeys?: number } = {},
): (key: K) => Promise<V | undefined> {
  const maxKeys = options.maxKeys ?? 500;
  let queued = new Map<K, { resolve(value: V | undefined): void; reject(error: unknown): void }[]>();
  let isScheduled = false;

  function flush(): void {
    isScheduled = false;
    const all = queued;
    queued = new Map();
    const keys = [...all.keys()];
    for (let from = 0; from < keys.length; from += maxKeys) {
      const slice = keys.slice(from, from + maxKeys);
      readMany(slice).then(
        (found) => {
          for (const key of slice) for (const waiter of all.get(key)!) waiter.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const key of slice) for (const waiter of all.get(key)!) waiter.reject(error);
        },
      );
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = queued.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else queued.set(key, [{ resolve, reject }]);
      if (!isScheduled) {
        isScheduled = true;
        setImmediate(flush);
      }
    });
}
