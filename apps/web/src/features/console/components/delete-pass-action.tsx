import type { TConsolePass } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { useDeleteConsolePass } from '../api/delete-console-pass.ts';
import { DeleteEntryAction } from './delete-entry-action.tsx';

/**
 * Delete, for a draft pass: one made twice or given up would otherwise stay in the list, where it could still be
 * published by mistake. Collectors never saw it; a published pass is never deleted.
 */
export function DeletePassAction({ pass, backTo }: { pass: TConsolePass; backTo: string }) {
  const remove = useDeleteConsolePass(pass.id);
  return (
    <DeleteEntryAction
      label="Delete draft"
      title="Delete this draft?"
      description={`“${pass.name}” is removed. Collectors never saw it: it is a draft.`}
      deletedTitle={`${pass.name} deleted`}
      backTo={backTo}
      remove={remove}
      entryQueryKey={queryKeys.console.detail('passes', pass.id)}
    />
  );
}
