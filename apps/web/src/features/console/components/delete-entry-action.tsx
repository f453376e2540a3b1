import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useLeaveWithoutAsking } from '../../../ui/unsaved-changes.ts';
import { useToast } from '../../../ui/use-toast.ts';

interface TDeleteEntryActionProps {
  /** The button's words, in the header and in the dialog: "Delete", "Delete draft". */
  label: string;
  /** The dialog's question and what goes with the entry, in the operator's words. */
  title: string;
  description: string;
  /** Said once it is gone. */
  deletedTitle: string;
  /** The list the editor returns to. */
  backTo: string;
  remove: UseMutationResult<void, Error, void>;
  /** The entry's own query (the editor's), forgotten once the editor has gone. */
  entryQueryKey: QueryKey;
}

/**
 * Delete, for an entry collectors never saw (a draft drop, a calendar that has not begun), behind a confirmation
 * that says what goes with it. A refusal (published or begun meanwhile) is said in the dialog, which stays open;
 * once deleted, the editor is left for the list without asking about unsaved changes: they have nothing left to be
 * saved to.
 */
export function DeleteEntryAction({
  label,
  title,
  description,
  deletedTitle,
  backTo,
  remove,
  entryQueryKey,
}: TDeleteEntryActionProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const navigate = useNavigate();
  const leaveWithoutAsking = useLeaveWithoutAsking();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const isDeleted = useRef(false);
  const entryKeyText = JSON.stringify(entryQueryKey);

  // The deleted entry's cached answer goes as the editor goes (a Back to its address then asks the API, which says it
  // is not here). Not before: removed while the editor still reads it, it would be asked for again at once, for a 404.
  useEffect(
    () => () => {
      if (isDeleted.current) queryClient.removeQueries({ queryKey: JSON.parse(entryKeyText) as QueryKey });
    },
    [queryClient, entryKeyText],
  );

  async function confirm() {
    try {
      await remove.mutateAsync();
      isDeleted.current = true;
      showToast({ tone: 'success', title: deletedTitle });
      leaveWithoutAsking();
      void navigate(backTo, { replace: true });
    } catch {
      // Said in the dialog.
    }
  }

  return (
    <>
      <Button
        variant="ghost"
        onClick={() => {
          remove.reset();
          setIsConfirming(true);
        }}
      >
        <Icon name="trash" size={16} />
        {label}
      </Button>
      <Dialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        isBusy={remove.isPending}
        title={title}
        description={description}
        footer={
          <>
            <Button onClick={() => setIsConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirm()} isLoading={remove.isPending}>
              {label}
            </Button>
          </>
        }
      >
        {remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}
      </Dialog>
    </>
  );
}
