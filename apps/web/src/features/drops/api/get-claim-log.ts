import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClaimLog, TClaimLogEntry, TClaimLogHead } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** The most entries the API answers at once (contract ZClaimLogQuery). */
const CLAIM_LOG_PAGE_SIZE = 5_000;

/**
 * `GET /v1/drops/{id}/claim-log?after&size`: the drop's claim log (decision record 0023). The head, sealed up to the
 * moment of asking, at once; the entries after `after` only once the drop is revealed.
 */
async function getClaimLogPage(dropId: string, after: number, size: number, signal?: AbortSignal): Promise<TClaimLog> {
  return apiRequest<TClaimLog>('GET', `/drops/${encodeURIComponent(dropId)}/claim-log`, {
    query: { after, size },
    signal,
  });
}

interface TWholeClaimLog {
  head: TClaimLogHead;
  isRevealed: boolean;
  /** Every entry, in chain order; null until the reveal. */
  entries: TClaimLogEntry[] | null;
}

/** Every page of a revealed log, read one after another from the start (the check needs the whole chain). */
async function getWholeClaimLog(dropId: string, signal?: AbortSignal): Promise<TWholeClaimLog> {
  const first = await getClaimLogPage(dropId, 0, CLAIM_LOG_PAGE_SIZE, signal);
  if (first.entries === null) return { head: first.head, isRevealed: first.isRevealed, entries: null };
  const entries = [...first.entries];
  let after = first.nextAfter;
  while (after !== null) {
    const page = await getClaimLogPage(dropId, after, CLAIM_LOG_PAGE_SIZE, signal);
    // A revealed log no longer grows; a page that does not move forward would otherwise be asked for forever.
    if (page.entries === null || (page.nextAfter !== null && page.nextAfter <= after)) {
      throw new Error('The claim log changed while it was being read. Please try again.');
    }
    entries.push(...page.entries);
    after = page.nextAfter;
  }
  return { head: first.head, isRevealed: true, entries };
}

function claimLogHeadQueryOptions(dropId: string) {
  return queryOptions({
    queryKey: queryKeys.drops.claimLogHead(dropId),
    queryFn: async ({ signal }) => (await getClaimLogPage(dropId, 0, 1, signal)).head,
  });
}

function wholeClaimLogQueryOptions(dropId: string) {
  return queryOptions({
    queryKey: queryKeys.drops.claimLog(dropId),
    queryFn: ({ signal }) => getWholeClaimLog(dropId, signal),
    // A revealed log never changes again, and a big one is many pages: read it once per visit.
    staleTime: Infinity,
  });
}

/**
 * The head sealed up to now, fresher than the provenance answer's (which the sealing job brings up to date once a
 * minute): what a buyer notes right after a purchase.
 */
export function useClaimLogHead(dropId: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...claimLogHeadQueryOptions(dropId), enabled: isEnabled });
}

/** A revealed drop's whole claim log, for the browser to check. */
export function useWholeClaimLog(dropId: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...wholeClaimLogQueryOptions(dropId), enabled: isEnabled });
}
