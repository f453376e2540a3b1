import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Reads `queryKey` again whenever `stage` changes after the first render: a sale's or a fusion's status turning at a
 * boundary the clock crossed (it opens, a round ends), where what is left and what the viewer may do moved on the
 * server too. The page's own refresh stays the fallback.
 */
export function useRefetchWhenChanged(stage: string, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const seen = useRef(stage);
  // queryKey is a new array each render, so this runs each render and does nothing until the stage moves.
  useEffect(() => {
    if (seen.current === stage) return;
    seen.current = stage;
    void queryClient.invalidateQueries({ queryKey });
  }, [stage, queryKey, queryClient]);
}
