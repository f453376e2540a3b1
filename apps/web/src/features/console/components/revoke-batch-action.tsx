import { useState } from 'react';
import type { TConsoleRedeemBatch } from '@cypher/contract';
import { formatCount, formatCountOf } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useRevokeConsoleRedeemBatch } from '../api/revoke-console-redeem-batch.ts';

/** Uses the batch still allows: what a revoke takes away from whoever holds its codes. */
function unusedUsesOf(batch: TConsoleRedeemBatch): number {
  return Math.max(0, batch.codeCount * batch.usesPerCode - batch.useCount);
}

/**
 * Revoke codes, for a batch whose codes leaked or were handed to the wrong people: every code stops at once, for good
 * (there is no undo, so the dialog says what stops). Uses already redeemed stay with the people who redeemed them.
 */
export function RevokeBatchAction({ batch }: { batch: TConsoleRedeemBatch }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const revoke = useRevokeConsoleRedeemBatch(batch.id);
  const { showToast } = useToast();

  async function confirm() {
    try {
      await revoke.mutateAsync();
      setIsConfirming(false);
      showToast({ tone: 'success', title: `${batch.name} revoked` });
    } catch {
      // Said in the dialog.
    }
  }

  const unused = unusedUsesOf(batch);
  const codes = batch.codeCount === 1 ? 'The one code' : `All ${formatCountOf(batch.codeCount, 'code')}`;
  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          revoke.reset();
          setIsConfirming(true);
        }}
      >
        Revoke codes
      </Button>
      <Dialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        isBusy={revoke.isPending}
        title="Revoke these codes?"
        description={`${codes} of “${batch.name}” stop working at once, with the ${formatCount(unused)} ${unused === 1 ? 'use' : 'uses'} not yet redeemed. Collectors who try one are told it was withdrawn. This cannot be undone; uses already redeemed are kept.`}
        footer={
          <>
            <Button onClick={() => setIsConfirming(false)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirm()} isLoading={revoke.isPending}>
              Revoke codes
            </Button>
          </>
        }
      >
        {revoke.isError ? <Alert tone="error">{revoke.error.message}</Alert> : null}
      </Dialog>
    </>
  );
}
