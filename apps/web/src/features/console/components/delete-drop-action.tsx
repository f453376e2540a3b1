import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TConsoleDrop } from '@cypher/contract';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useLeaveWithoutAsking } from '../../../ui/unsaved-changes.ts';
import { useToast } from '../../../ui/use-toast.ts';
import { useDeleteConsoleDrop } from '../api/delete-console-drop.ts';

/**
 * Delete, for a draft: one made twice or given up would otherwise stay in the list for good, where it could still be
 * published by mistake. Collectors never saw it; a published drop is never deleted.
 */
export function DeleteDropAction({ drop, backTo }: { drop: TConsoleDrop; backTo: string }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useDeleteConsoleDrop(drop.id);
  const navigate = useNavigate();
  const leaveWithoutAsking = useLeaveWithoutAsking();
  const { showToast } = useToast();

  async function confirm() {
    try {
      await remove.mutateAsync();
      showToast({ tone: 'success', title: `${drop.name} deleted` });
      // The draft is gone: changes to it in the editor have nothing left to be saved to.
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
        Delete draft
      </Button>
      <Dialog
        isOpen={isConfirming}
        onClose={() => {
          if (!remove.isPending) setIsConfirming(false);
        }}
        title="Delete this draft?"
        description={`“${drop.name}”, its rounds, whitelists and contents are removed. Collectors never saw it: it is a draft.`}
        footer={
          <>
            <Button onClick={() => setIsConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirm()} isLoading={remove.isPending}>
              Delete draft
            </Button>
          </>
        }
      >
        {remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}
      </Dialog>
    </>
  );
}
