/**
 * Public catalogue answers may come from the browser's HTTP cache for up to a minute, and stale for five more while
 * they revalidate (the API's `public, max-age=60, stale-while-revalidate=300`). An operator who has just changed an
 * entry and follows "View on site" must see the change, so for that long after a console change in this tab the
 * public reads ask the browser to revalidate (`no-cache`: a cheap 304 when nothing changed).
 */
const PUBLIC_CACHE_WINDOW_MS = 6 * 60_000;

let lastConsoleChangeAt: number | undefined;

/**
 * Console mutations call this once the API has accepted a change, and so does an owner's move of an edition, which
 * adds a line to its product's public activity (api/edition-moves.ts).
 */
export function noteCatalogChange(now: number = Date.now()): void {
  lastConsoleChangeAt = now;
}

/** The `cache` mode for a public catalogue read: `no-cache` right after a console change, else the default. */
export function catalogReadCache(now: number = Date.now()): RequestCache | undefined {
  if (lastConsoleChangeAt === undefined) return undefined;
  return now - lastConsoleChangeAt < PUBLIC_CACHE_WINDOW_MS ? 'no-cache' : undefined;
}

/** Tests start from a tab in which nothing was changed. */
export function resetCatalogFreshness(): void {
  lastConsoleChangeAt = undefined;
}
