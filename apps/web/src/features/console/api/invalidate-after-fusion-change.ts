import type { QueryClient } from '@tanstack/react-query';
import type { TConsoleFusion } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * After a fusion is created or replaced: the fusion as the API now holds it shows at once, and the console's fusion
 * lists, the audit log and the public fusions are read again.
 */
export async function invalidateAfterFusionChange(queryClient: QueryClient, fusion: TConsoleFusion): Promise<void> {
  queryClient.setQueryData(queryKeys.console.detail('fusions', fusion.id), fusion);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.console.list('fusions'), exact: false }),
    queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
    queryClient.invalidateQueries({ queryKey: queryKeys.fusions.all }),
  ]);
}
