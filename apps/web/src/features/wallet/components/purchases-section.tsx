import { formatMoney, isPaidToBalance, PAID_AFTER_CANCEL, type TMoney, type TOrder } from '@cypher/contract';
import { useCypMinorUnits } from '../../../api/my-balances.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { heldPaymentInWords } from '../../../lib/payment-failure.ts';
import { orderPaymentMethodLabels, orderQuantityText, orderStatusLabel } from '../../../lib/order-words.ts';
import { Badge } from '../../../ui/badge.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Receipt } from '../../../ui/receipt.tsx';
import { ORDERS_PAGE_SIZE, useMyOrders } from '../api/list-my-orders.ts';
import { ExpandingRow, PagedRows, usePageParam } from './paged-rows.tsx';
import styles from '../payment-page.module.css';

/**
 * Purchase history: every order, whatever paid for it (balance, card, Tilia), newest first. A row opens to the
 * order's figures and, once paid, its receipt (spec section 3); the order's own page is one link away.
 */
export function PurchasesSection() {
  const orders = useMyOrders(usePageParam());
  const cypMinorUnits = useCypMinorUnits();
  const format = (money: TMoney) => formatMoney(money, { cypMinorUnits });
  return (
    <PagedRows
      query={orders}
      what="purchases"
      label="Purchases"
      tab="purchases"
      pageSize={ORDERS_PAGE_SIZE}
      pagesLabel="Purchase pages"
      empty={
        <EmptyState
          icon="package"
          title="No purchases yet"
          body="Packs, passes and tickets you buy are listed here with their receipts. See which drops are on sale now."
          action={
            <ButtonLink to="/drops" variant="primary">
              Browse drops
            </ButtonLink>
          }
        />
      }
    >
      {(order) => <PurchaseRow key={order.id} order={order} format={format} />}
    </PagedRows>
  );
}

function PurchaseRow({ order, format }: { order: TOrder; format: (money: TMoney) => string }) {
  const detailsId = `purchase-${order.id}`;
  const status = orderStatusLabel(order);
  return (
    <ExpandingRow
      detailsId={detailsId}
      what="details"
      summary={
        <>
          <span className={styles.rowMain}>
            <span className={styles.rowTitle}>
              {order.item.name}
              <Badge tone={status.tone}>{status.label}</Badge>
            </span>
            <span className={styles.rowMeta}>
              {orderQuantityText(order.item.kind, order.quantity)} · {orderPaymentMethodLabels[order.paymentMethod]} ·{' '}
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </span>
          </span>
          <span className={styles.rowAmount}>{format(order.total)}</span>
        </>
      }
      details={
        <div id={detailsId} className={styles.rowDetails}>
          {order.receipt ? (
            <Receipt receipt={order.receipt} format={format} isInset={false} />
          ) : (
            <p className={styles.rowNote}>
              {order.status === 'PENDING'
                ? 'Waiting for the payment: the receipt appears once it is confirmed.'
                : isPaidToBalance(order)
                  ? `Your payment arrived after ${order.failureReason === PAID_AFTER_CANCEL ? 'you had cancelled this order' : 'this order had closed'}, so it was added to your balance instead.`
                  : order.heldPayment
                    ? `The order could not take the payment that arrived, so it has no receipt. ${heldPaymentInWords(order.heldPayment)}`
                    : 'No payment was taken for this order, so it has no receipt.'}
            </p>
          )}
          <div className={styles.rowLinks}>
            <ButtonLink to={`/purchase/${order.id}`} size="sm" variant="secondary">
              View order
            </ButtonLink>
            {order.status === 'PENDING' ? (
              <ButtonLink to={`/purchase/${order.id}/status`} size="sm" variant="ghost">
                Check status
              </ButtonLink>
            ) : null}
          </div>
        </div>
      }
    />
  );
}
