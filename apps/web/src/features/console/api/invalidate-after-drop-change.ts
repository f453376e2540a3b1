import type { QueryClient } from '@tanstack/react-query';
import type { TConsoleDrop } from '@cypher/contract';
import { noteCatalogChange } from '../../../api/catalog-freshness.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * After a drop is created, replaced or published: the drop as the API now holds it shows at once, and the console's
 * drop lists, the audit log and the public drops (a published drop appears there) are read again.
 */
export async function invalidateAfterDropChange(queryClient: QueryClient, drop: TConsoleDrop): Promise<void> {
  noteCatalogChange();
  queryClient.setQueryData(queryKeys.console.detail('drops', drop.id), drop);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.console.list('drops'), exact: false }),
    queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
    queryClient.invalidateQueries({ queryKey: queryKeys.drops.all }),
  ]);
}
