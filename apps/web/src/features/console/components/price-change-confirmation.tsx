import { formatMoney } from '@cypher/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

interface TPriceChange {
  /** The entry's name: "Neon Season Pass". */
  name: string;
  /** USD cents; null: not for sale. */
  from: number | null;
  to: number | null;
  /** What has sold so far, when known: "1 of 500 sold". */
  sold?: string;
  save: () => Promise<unknown>;
}

const usd = (cents: number) => formatMoney({ amount: cents, currency: 'USD' });

function changeWords({ name, from, to, sold }: TPriceChange): string {
  const now = from === null ? `${name} is on sale now` : `${name} is on sale now at ${usd(from)}`;
  const next =
    to === null ? 'from the moment you save, it is no longer sold' : `from the moment you save, buyers pay ${usd(to)}`;
  return `${now}${sold ? ` (${sold})` : ''}: ${next}. Orders already placed keep their price.`;
}

/**
 * Saving a new price for something on sale asks first (a review set a $25.00 pass to $0.25 with one Save, public at
 * once). `confirmOrSave` saves at once when the price is unchanged or the entry is not on sale; otherwise it opens the
 * dialog, whose confirm saves. Render `dialog` inside the form.
 */
export function usePriceChangeConfirmation() {
  const [pending, setPending] = useState<TPriceChange>();
  const [isSaving, setIsSaving] = useState(false);

  async function confirmOrSave(change: TPriceChange & { isOnSale: boolean }): Promise<unknown> {
    if (!change.isOnSale || change.from === change.to) return change.save();
    setPending(change);
    return undefined;
  }

  async function confirm() {
    if (!pending) return;
    setIsSaving(true);
    try {
      await pending.save();
    } finally {
      setIsSaving(false);
      setPending(undefined);
    }
  }

  const dialog: ReactNode = (
    <Dialog
      isOpen={pending !== undefined}
      onClose={() => setPending(undefined)}
      isBusy={isSaving}
      title={pending?.to === null ? 'Stop selling it?' : 'Change the price while it is on sale?'}
      description={pending ? changeWords(pending) : undefined}
      footer={
        <>
          <Button onClick={() => setPending(undefined)} disabled={isSaving}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void confirm()} isLoading={isSaving}>
            {pending?.to === null ? 'Stop selling' : 'Change price'}
          </Button>
        </>
      }
    />
  );
  return { confirmOrSave, dialog };
}
