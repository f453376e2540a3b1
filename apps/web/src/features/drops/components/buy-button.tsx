import { lazy, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';

/** The purchase popup's code, fetched when a Buy button is pointed at or focused, so the click opens it at once. */
export const loadPurchaseDialog = () => import('./purchase-dialog.tsx');
export const LazyPurchaseDialog = lazy(async () => ({ default: (await loadPurchaseDialog()).PurchaseDialog }));

/** The id of the line that says why a detail page's Buy button is disabled (the button is described by it). */
export const BUY_REASON_ID = 'buy-reason';

/** A detail page's main Buy button (a drop's, a pass's), disabled with its reason while the person cannot buy. */
export function BuyButton({ canBuy, onBuy, children }: { canBuy: boolean; onBuy: () => void; children: ReactNode }) {
  return (
    <Button
      variant="primary"
      size="lg"
      isBlock
      disabled={!canBuy}
      aria-describedby={canBuy ? undefined : BUY_REASON_ID}
      onClick={onBuy}
      onPointerEnter={() => void loadPurchaseDialog()}
      onFocus={() => void loadPurchaseDialog()}
    >
      {children}
    </Button>
  );
}

/** What a visitor sees where the Buy button would be: sign in, then come back to this page. */
export function SignInToBuy() {
  const { pathname } = useLocation();
  return (
    <ButtonLink to={`/signin?redirectTo=${encodeURIComponent(pathname)}`} variant="primary" size="lg" isBlock>
      Sign in to buy
    </ButtonLink>
  );
}
