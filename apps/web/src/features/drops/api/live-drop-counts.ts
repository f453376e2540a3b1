import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DROP_LIVE_EVENT, withLiveCounts, type TDrop, type TDropLiveCounts } from '@cypher/contract';
import { apiPath } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { appConfig } from '../../../config.ts';

/**
 * `GET /v1/drops/{id}/live`: while the page is visible and `isEnabled`, the drop's counts as the server sends them
 * (sold, left per round, each round's state), written into the drop's cached answer, so everyone watching sees a
 * purchase within moments. A stream that cannot start or stops for good (a browser without EventSource, the instance's
 * cap, the drop gone) changes nothing: the page keeps reading the drop as it always did (get-drop.ts). The browser
 * reconnects a dropped stream by itself, to a fresh snapshot. Hidden, the stream is closed; visible again, reopened.
 */
export function useLiveDropCounts(dropId: string, isEnabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    /**
     * When the newest counts shown were read. Behind nginx's fan-out the instance publishing the drop's counts can
     * change (one goes, another takes over), so one read earlier may arrive after one read later: it is older news,
     * and is left out.
     */
    let newestAt = '';
    const onCounts = (event: MessageEvent<string>) => {
      let live: TDropLiveCounts;
      try {
        live = JSON.parse(event.data) as TDropLiveCounts;
      } catch {
        return;
      }
      if (live.at < newestAt) return;
      newestAt = live.at;
      queryClient.setQueryData<TDrop>(queryKeys.drops.detail(dropId), (drop) => drop && withLiveCounts(drop, live));
    };
    const open = () => {
      if (source || document.visibilityState === 'hidden') return;
      source = new EventSource(`${appConfig.apiBaseUrl ?? ''}${apiPath(`/drops/${encodeURIComponent(dropId)}/live`)}`);
      source.addEventListener(DROP_LIVE_EVENT, onCounts as EventListener);
    };
    const close = () => {
      source?.close();
      source = null;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? close() : open());
    open();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      close();
    };
  }, [dropId, isEnabled, queryClient]);
}
