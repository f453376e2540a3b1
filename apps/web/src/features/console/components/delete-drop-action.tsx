import type { TConsoleDrop } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { useDeleteConsoleDrop } from '../api/delete-console-drop.ts';
import { DeleteEntryAction } from './delete-entry-action.tsx';

/**
 * Delete, for a draft: one made twice or given up would otherwise stay in the list for good, where it could still be
 * published by mistake. Collectors never saw it; a published drop is never deleted.
 */
export function DeleteDropAction({ drop, backTo }: { drop: TConsoleDrop; backTo: string }) {
  const remove = useDeleteConsoleDrop(drop.id);
  return (
    <DeleteEntryAction
      label="Delete draft"
      title="Delete this draft?"
      description={`“${drop.name}”, its rounds, whitelists and contents are removed. Collectors never saw it: it is a draft.`}
      deletedTitle={`${drop.name} deleted`}
      backTo={backTo}
      remove={remove}
      entryQueryKey={queryKeys.console.detail('drops', drop.id)}
    />
  );
}
