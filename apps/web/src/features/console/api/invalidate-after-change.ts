import type { QueryClient } from '@tanstack/react-query';
import { noteCatalogChange } from '../../../api/catalog-freshness.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { consoleResources, type TConsoleResource } from './console-resources.ts';

/**
 * After a console change: the resource's console lists and entries, the public catalogue that shows it, and the
 * audit log are all stale; and public reads revalidate with the server for a while (catalog-freshness.ts).
 */
export async function invalidateAfterChange(queryClient: QueryClient, resource: TConsoleResource): Promise<void> {
  noteCatalogChange();
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.console.resource(resource) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
    queryClient.invalidateQueries({ queryKey: consoleResources[resource].publicKey }),
    // Products show their brand, collection and license by name: a rename shows there too.
    queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('products') }),
    queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  ]);
}
