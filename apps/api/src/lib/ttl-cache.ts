/**
 * A per-process cache whose entries live `ttlMs` (by `now`, the app clock's time where the app makes one, so tests
 * move time instead of sleeping; performance.now() otherwise). It keeps promises, so a rush of requests for the same key while it loads shares one load;
 * a failed load is forgotten at once. `ttlMs` 0 turns it off: every get loads.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Several keys at once: the missing ones in one `loadMany`, which answers a value for each key it was given. */
  getMany(keys: readonly string[], loadMany: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>>;
}

export function ttlCache<V>(ttlMs: number, options: { maxEntries?: number; now?: () => number } = {}): TtlCache<V> {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { expiresAt: number; value: Promise<V> }>();

  function fresh(key: string, at: number): Promise<V> | undefined {
    const entry = entries.get(key);
    return entry && entry.expiresAt > at ? entry.value : undefined;
  }

  function remember(key: string, value: Promise<V>, at: number): void {
    if (ttlMs === 0) {
      // Nothing kept; the caller still awaits it, this only keeps a failure of getMany's other keys from going unseen.
      value.catch(() => undefined);
      return;
    }
    if (entries.size >= maxEntries) {
      for (const [candidate, entry] of entries) if (entry.expiresAt <= at) entries.delete(candidate);
      // Still full of live entries (an unusual spread of keys): start over rather than grow without bound.
      if (entries.size >= maxEntries) entries.clear();
    }
    const entry = { expiresAt: at + ttlMs, value };
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
  }

  return {
    get(key, load) {
      const at = now();
      const hit = fresh(key, at);
      if (hit) return hit;
      const value = load();
      remember(key, value, at);
      return value;
    },

    async getMany(keys, loadMany) {
      const at = now();
      const found = new Map<string, Promise<V>>();
      const missing: string[] = [];
      for (const key of new Set(keys)) {
        const hit = fresh(key, at);
        if (hit) found.set(key, hit);
        else missing.push(key);
      }
      if (missing.length > 0) {
        const loading = loadMany(missing);
        for (const key of missing) {
          const value = loading.then((values) => {
            if (!values.has(key)) throw new Error(`loadMany answered nothing for ${key}`);
            return values.get(key)!;
          });
          remember(key, value, at);
          found.set(key, value);
        }
      }
      const values = new Map<string, V>();
      for (const [key, value] of found) values.set(key, await value);
      return values;
    },
  };
}
