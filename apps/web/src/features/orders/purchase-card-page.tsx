import { Navigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { purchaseStatusPath } from '../../lib/drop-paths.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import styles from './components/orders.module.css';

const ZOrderId = z.uuid();

/**
 * `/purchase/card` (spec section 2): where a card purchase comes back. A card purchase starts in a drop's purchase
 * popup and pays on the provider's page, which returns to `/purchase/{id}/status`; a return (or an old link) that
 * lands here with `?order=<id>` is forwarded there, and without one the page says how card purchases work.
 */
export default function PurchaseCardPage() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('order') ?? searchParams.get('orderId');
  if (orderId && ZOrderId.safeParse(orderId).success) return <Navigate to={purchaseStatusPath(orderId)} replace />;
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Paying by card" />
      <EmptyState
        icon="card"
        titleAs="h1"
        title="Paying by card"
        body="Card purchases start on a drop: choose Card in its purchase popup, pay on the card provider's secure page, and you come back to follow your purchase. Your packs are held for you while you pay."
        action={
          <>
            <ButtonLink to="/drops" variant="primary">
              Browse drops
            </ButtonLink>
            <ButtonLink to="/payment?tab=purchases" variant="secondary">
              Your purchases
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
