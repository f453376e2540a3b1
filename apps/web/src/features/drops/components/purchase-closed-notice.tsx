import type { ReactNode } from 'react';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';

/**
 * The purchase popup's item can no longer be bought: it sold out, went off sale or its round ended while the popup was
 * open (a refused Pay or fee quote read the item again), or before an address with `?buy=` was opened. The popup has
 * nothing to sell, and closing it without a word left the buyer guessing (sessions 77 and 78). Dismiss takes `?buy=`
 * out of the address.
 */
export function PurchaseClosedNotice({
  title,
  children,
  onDismiss,
}: {
  title: string;
  /** Why, when the panel around it does not say it already. */
  children?: ReactNode;
  onDismiss: () => void;
}) {
  return (
    <Alert
      title={title}
      action={
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
