/**
 * A tab left open across a release still runs the build it loaded, whose route chunks the server no longer has (their
 * names carry the content's hash): the next page it opens fails to load its code. A reload brings the new release, so
 * the route's error page does it by itself, once: sessionStorage keeps when this tab last did, and a code failure
 * within a minute of that is shown as an error (a chunk missing from the new release too must not reload forever).
 */
const RELOADED_AT_KEY = 'cypher:reloadedForNewReleaseAt';
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** The browsers' words for a module that could not be fetched (Chromium, Firefox, Safari), and Vite's for a style sheet. */
const moduleLoadFailure = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

function lastReloadAt(): number {
  try {
    return Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  } catch {
    return Date.now();
  }
}

/** Whether this error is the app's own code failing to load, and this tab may reload for it now. */
export function shouldReloadForNewRelease(error: unknown): boolean {
  if (!(error instanceof Error) || !moduleLoadFailure.test(error.message)) return false;
  return Date.now() - lastReloadAt() >= RELOAD_AGAIN_AFTER_MS;
}

/**
 * Whether the server answers at all (any status): a chunk also fails to load when the network is down, and reloading
 * then would leave the app for the browser's own "This site can't be reached" page.
 */
export async function isServerReachable(): Promise<boolean> {
  try {
    await fetch('/v1/health', { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/** Reloads the page, noting when. */
export function reloadForNewRelease(): void {
  try {
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    // Without storage there is no loop guard: leave the page to its error message.
    return;
  }
  window.location.reload();
}
