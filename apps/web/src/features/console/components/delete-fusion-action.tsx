import type { TConsoleFusion } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { useDeleteConsoleFusion } from '../api/delete-console-fusion.ts';
import { DeleteEntryAction } from './delete-entry-action.tsx';

/**
 * Delete, for a draft fusion: one made twice or given up would otherwise stay in the list, where it could still be
 * published by mistake. Collectors never saw it; a published fusion is never deleted.
 */
export function DeleteFusionAction({ fusion, backTo }: { fusion: TConsoleFusion; backTo: string }) {
  const remove = useDeleteConsoleFusion(fusion.id);
  return (
    <DeleteEntryAction
      label="Delete draft"
      title="Delete this draft?"
      description={`“${fusion.name}” and its slots are removed. Collectors never saw it: it is a draft.`}
      deletedTitle={`${fusion.name} deleted`}
      backTo={backTo}
      remove={remove}
      entryQueryKey={queryKeys.console.detail('fusions', fusion.id)}
    />
  );
}
