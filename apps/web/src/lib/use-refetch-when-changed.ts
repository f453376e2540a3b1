import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Everyone watching a drop crosses its opening in the same second: each page reads it again at a random moment within
 * this many milliseconds, so the reads arrive spread over it instead of all at once as the sale starts. The page turns
 * at the boundary by itself (its clock, not this read), and sold counts arrive live, so nothing waits on the read.
 */
export const BOUNDARY_READ_SPREAD_MS = 3_000;

/**
 * Reads `queryKey` again whenever `stage` changes after the first render: a sale's or a fusion's status turning at a
 * boundary the clock crossed (it opens, a round ends), where what is left and what the viewer may do moved on the
 * server too. The page's own refresh stays the fallback.
 */
export function useRefetchWhenChanged(stage: string, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const seen = useRef(stage);
  const pendingRead = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pendingRead.current), []);
  // queryKey is a new array each render, so this runs each render and does nothing until the stage moves (and so the
  // timer is cleared only when the page goes, not by the next render's tick).
  useEffect(() => {
    if (seen.current === stage) return;
    seen.current = stage;
    clearTimeout(pendingRead.current);
    pendingRead.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey }),
      Math.random() * BOUNDARY_READ_SPREAD_MS,
    );
  }, [stage, queryKey, queryClient]);
}
