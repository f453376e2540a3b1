import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import {
  formatMoney,
  isCancelledByBuyer,
  DEPOSIT_AMOUNT_MISMATCH,
  isPaidToBalance,
  PAID_AFTER_CANCEL,
  PAID_AFTER_HOLD_EXPIRED,
  ticketCountText,
  type TOrder,
  type TPack,
} from '@cypher/contract';
import { isApiError, isFinalRefusal } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { purchasePath } from '../../lib/drop-paths.ts';
import { formatCount } from '../../lib/format.ts';
import { orderPaymentMethodLabels, packCountText } from '../../lib/order-words.ts';
import { orderPacksDestination } from '../../lib/pack-destination.ts';
import { heldPaymentInWords, paymentFailureInWords } from '../../lib/payment-failure.ts';
import { useIdempotencyKey } from '../../lib/use-idempotency-key.ts';
import { useNow } from '../../lib/use-now.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClassName } from '../../ui/button-class-name.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { Countdown } from '../../ui/countdown.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { useToast } from '../../ui/use-toast.ts';
import { useCancelOrder } from './api/cancel-order.ts';
import { useOrderStatus } from './api/get-order.ts';
import { useOrderCollections } from './api/get-order-collections.ts';
import { usePayOrderWithTilia } from './api/pay-order-with-tilia.ts';
import { OrderLoadStates } from './components/order-load-states.tsx';
import { OrderSummary } from './components/order-summary.tsx';
import { StatusMark } from './components/status-mark.tsx';
import styles from './components/orders.module.css';

const headings: Record<TOrder['status'], string> = {
  PENDING: 'Confirming your purchase',
  SUCCESSFUL: 'Purchase complete',
  FAILED: 'Payment failed',
  TIMED_OUT: 'Purchase timed out',
};

/**
 * A gift (decision record 36) was never a purchase: it arrives complete, and nothing was paid. A card or Tilia
 * purchase pending has no payment yet: the buyer may have left the checkout without paying, so the page does not say
 * a payment is being confirmed.
 */
function headingOf(order: TOrder): string {
  if (order.paymentMethod === 'GIFT') return 'A gift for you';
  if (order.status === 'PENDING' && order.paymentMethod !== 'BALANCE') return 'Waiting for your payment';
  if (isCancelled(order)) return 'Order cancelled';
  return headings[order.status];
}

/** Ended by its buyer before paying (POST /v1/orders/{id}/cancel), not by a payment that failed. */
const isCancelled = isCancelledByBuyer;

/**
 * `/purchase/:id/status`: where a purchase lands (straight from the popup for a balance payment, back from the
 * provider's checkout for card and Tilia). Asks for the order every few seconds while it is pending, never on window
 * focus, and moves from pending to success, failure or time-out before the person's eyes.
 */
export default function PurchaseStatusPage() {
  const { id = '' } = useParams();
  const order = useOrderStatus(id);
  const queryClient = useQueryClient();
  const status = order.data?.status;
  // Whether its packs are opened yet: the page is also where a purchase is come back to, after the opening.
  const collections = useOrderCollections(id, {
    isEnabled: status === 'SUCCESSFUL' && order.data?.item.kind === 'PACK',
  });

  // A decided order changed the buyer's balance, packs and notifications, and the drop's counts.
  useEffect(() => {
    if (!status || status === 'PENDING') return;
    for (const queryKey of [
      queryKeys.packs.all,
      queryKeys.balances.all,
      queryKeys.notifications.all,
      queryKeys.drops.all,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [status, queryClient]);

  if (order.data === undefined) return <OrderLoadStates order={order} />;
  const data = order.data;
  const packs = packsOf(data, collections.data?.packs);
  return (
    <div className={`container ${styles.statusPage}`}>
      <PageMeta title={headingOf(data)} />
      <div className={styles.statusCard}>
        <StatusMark status={data.status} />
        <div aria-live="polite" className={styles.statusText}>
          <h1 className={styles.statusTitle}>{headingOf(data)}</h1>
          <StatusMessage order={data} packs={packs} />
          {order.isError && data.status === 'PENDING' ? (
            <p className={styles.muted}>
              We could not check on this purchase just now. This page tries again by itself.
            </p>
          ) : null}
        </div>
        <OrderSummary order={data} />
        <StatusActions order={data} packs={packs} refetch={order.refetch} />
      </div>
    </div>
  );
}

type TPackState = Pick<TPack, 'id' | 'isOpened'>;

/**
 * The order's packs, opened or not, once its delivery is read; until then (or if that read fails, or the packs are
 * still on their way) the order's own pack ids, sealed as they were bought.
 */
function packsOf(order: TOrder, delivered: TPack[] | undefined): TPackState[] {
  if (delivered && delivered.length > 0) return delivered;
  return order.packIds.map((id) => ({ id, isOpened: false }));
}

/** What is left to do with a pack order's packs: open them, open the ones still sealed, or nothing (all opened). */
function openingText(packs: TPackState[]): string {
  const sealed = packs.filter((pack) => !pack.isOpened).length;
  if (sealed === 0 && packs.length > 0)
    return packs.length === 1 ? 'You have opened it.' : 'You have opened all of them.';
  if (sealed === packs.length || packs.length === 0) {
    return `Open ${packs.length === 1 ? 'it' : 'them'} to reveal the editions inside.`;
  }
  return `${formatCount(sealed)} of them ${sealed === 1 ? 'is' : 'are'} still sealed: open ${sealed === 1 ? 'it' : 'them'} to reveal the editions inside.`;
}

/** Where a purchase that did not complete leads back to: what was being bought. */
const itemLinkLabels: Record<TOrder['item']['kind'], string> = {
  PACK: 'Back to the drop',
  PASS: 'See the pass',
  TICKET: 'See the tickets',
};

/**
 * What an unpaid order holds back from sale, in words ("pack", "passes"); null for tickets, which are not scarce and so
 * are never held: an unpaid ticket order is only closed.
 */
function heldItems(order: TOrder): string | null {
  const isOne = order.quantity === 1;
  if (order.item.kind === 'PACK') return isOne ? 'pack' : 'packs';
  if (order.item.kind === 'PASS') return isOne ? 'pass' : 'passes';
  return null;
}

/** What a successful purchase gave, in its kind's words: packs to open, passes that open rounds, tickets to spend. */
function boughtText(order: TOrder, packs: TPackState[]): string {
  const isOne = order.quantity === 1;
  const paid = `paid ${formatMoney(order.total)}`;
  switch (order.item.kind) {
    case 'PACK':
      return `${packCountText(order.quantity)} of ${order.item.name} ${isOne ? 'is' : 'are'} yours, ${paid}. ${openingText(packs)}`;
    case 'PASS':
      return isOne
        ? `${order.item.name} is yours, ${paid}. It opens the rounds it names while it is valid.`
        : `${formatCount(order.quantity)} × ${order.item.name} are yours, ${paid}. They open the rounds they name while they are valid.`;
    case 'TICKET':
      return `${ticketCountText(order.quantity, order.item.name)} ${isOne ? 'is' : 'are'} yours, ${paid}. Spend ${isOne ? 'it' : 'them'} to enter raffle rounds.`;
  }
}

function StatusMessage({ order, packs }: { order: TOrder; packs: TPackState[] }) {
  const now = useNow();
  switch (order.status) {
    case 'PENDING': {
      const isHoldOver = order.holdExpiresAt !== null && Date.parse(order.holdExpiresAt) <= now.getTime();
      const way = order.paymentMethod === 'CARD' ? 'card' : orderPaymentMethodLabels[order.paymentMethod];
      return (
        <>
          <p className={styles.muted}>
            {order.paymentMethod === 'BALANCE'
              ? 'We are taking the payment from your balance. This takes a moment.'
              : isHoldOver
                ? // Nothing is offered below once the hold has ended (StatusActions): no promise of a way to pay.
                  `Your ${way} payment has not reached us yet.`
                : `Your ${way} payment has not reached us yet. If you left the checkout without paying, you can finish paying below; once a payment is confirmed, this page updates by itself.`}
          </p>
          {order.holdExpiresAt && !isHoldOver ? (
            <p className={styles.muted}>
              {heldItems(order) === null
                ? 'This order is kept for'
                : `Your ${heldItems(order)} ${order.quantity === 1 ? 'is' : 'are'} held for`}{' '}
              <Countdown to={order.holdExpiresAt} now={now} />.
            </p>
          ) : order.holdExpiresAt ? (
            <p className={styles.muted}>
              {heldItems(order) === null
                ? 'The time to pay for this order has ended.'
                : `The hold on your ${heldItems(order)} has ended.`}{' '}
              We are checking whether your payment arrived in time.
            </p>
          ) : null}
        </>
      );
    }
    case 'SUCCESSFUL':
      if (order.paymentMethod === 'GIFT') {
        return (
          <p className={styles.muted}>
            {packCountText(order.quantity)} of {order.item.name} {order.quantity === 1 ? 'is' : 'are'} yours, a gift.{' '}
            {openingText(packs)}
          </p>
        );
      }
      return <p className={styles.muted}>{boughtText(order, packs)}</p>;
    case 'FAILED':
      // Its checkout closed (expired or could not be opened), and a payment came after all: it went to the balance.
      if (order.failureReason === PAID_AFTER_HOLD_EXPIRED) {
        return (
          <p className={styles.muted}>
            Your payment arrived after this order&rsquo;s checkout had closed
            {heldItems(order) === null ? '.' : `, and the ${heldItems(order)} had already gone back on sale.`} The{' '}
            {formatMoney(order.total)} you paid was added to your balance.
          </p>
        );
      }
      if (order.failureReason === PAID_AFTER_CANCEL) {
        return (
          <p className={styles.muted}>
            You cancelled this order
            {heldItems(order) === null ? '.' : `, and the ${heldItems(order)} went back on sale.`} The payment you had
            started arrived after, so the {formatMoney(order.total)} you paid was added to your balance.
          </p>
        );
      }
      // A payment of another amount that arrived after all is held, not added to the balance (the review of session
      // 79): what became of it, instead of "No money was taken".
      if (isCancelled(order) && order.heldPayment) {
        return (
          <p className={styles.muted}>
            You cancelled this order
            {heldItems(order) === null ? '.' : `, and the ${heldItems(order)} went back on sale.`}{' '}
            {heldPaymentInWords(order.heldPayment)}
          </p>
        );
      }
      if (isCancelled(order)) {
        return (
          <p className={styles.muted}>
            You cancelled this order. No money was taken
            {heldItems(order) === null ? '.' : `, and the ${heldItems(order)} went back on sale.`} If a payment you
            started still goes through, it is added to your balance.
          </p>
        );
      }
      // Money arrived that the order could not take (another amount than asked, or after its payment had failed): it
      // is held for a refund, so "No money was taken" would not be true; the review's end is said once it is over.
      if (order.heldPayment) {
        return (
          <p className={styles.muted}>
            {/* An order's words, not a deposit's: "nothing was added to your balance" spoke of adding funds. */}
            {order.failureReason === DEPOSIT_AMOUNT_MISMATCH
              ? 'A different amount than the order’s arrived, so the order did not go through.'
              : paymentFailureInWords(order.failureReason, 'The payment did not go through.')}
            {heldItems(order) === null ? '' : ` The ${heldItems(order)} went back on sale.`}{' '}
            {heldPaymentInWords(order.heldPayment)}
          </p>
        );
      }
      return (
        <p className={styles.muted}>
          {paymentFailureInWords(order.failureReason, 'The payment did not go through.')} No money was taken
          {heldItems(order) === null ? '.' : `, and the ${heldItems(order)} went back on sale.`}
        </p>
      );
    case 'TIMED_OUT':
      if (order.failureReason === PAID_AFTER_HOLD_EXPIRED) {
        return (
          <p className={styles.muted}>
            {heldItems(order) === null
              ? 'Your payment arrived after this order had closed.'
              : `Your payment arrived after the hold on ${order.quantity === 1 ? 'this' : 'these'} ${heldItems(order)} had expired, and ${order.quantity === 1 ? 'it' : 'they'} had already gone back on sale.`}{' '}
            The {formatMoney(order.total)} you paid was added to your balance.
          </p>
        );
      }
      return (
        <p className={styles.muted}>
          {heldItems(order) === null
            ? 'The payment did not arrive in time, so the order was closed.'
            : `The payment did not arrive while your ${heldItems(order)} ${order.quantity === 1 ? 'was' : 'were'} held, so ${order.quantity === 1 ? 'it' : 'they'} went back on sale.`}{' '}
          {order.heldPayment
            ? heldPaymentInWords(order.heldPayment)
            : 'No money was taken; if a payment still arrives, it is added to your balance.'}
        </p>
      );
  }
}

/** What cancelling gives up, said before it is done: the held units go to others, and a payment started is kept. */
function cancelWords(order: TOrder): string {
  const held = heldItems(order);
  const released =
    held === null ? 'The order closes now.' : `Your ${held} ${order.quantity === 1 ? 'goes' : 'go'} back on sale now.`;
  return `${released} If you have already paid at the checkout, the money is added to your balance.`;
}

function StatusActions({
  order,
  packs,
  refetch,
}: {
  order: TOrder;
  packs: TPackState[];
  refetch: () => Promise<unknown>;
}) {
  const payWithTilia = usePayOrderWithTilia();
  const cancelOrder = useCancelOrder();
  const { showToast } = useToast();
  const [isCancelAsked, setIsCancelAsked] = useState(false);
  const idempotency = useIdempotencyKey('order-payment');
  const now = useNow();
  if (order.status === 'SUCCESSFUL') {
    const packsDestination = orderPacksDestination(order.id, packs);
    return (
      <div className={styles.actions}>
        {packsDestination ? (
          <ButtonLink to={packsDestination.to} variant="primary" size="lg">
            {packsDestination.label}
          </ButtonLink>
        ) : null}
        {order.item.kind === 'PASS' ? (
          // A pass has nothing to open: its page says it is held, until when, and the rounds it opens.
          <ButtonLink to={order.item.linkPath} variant="primary" size="lg">
            {order.quantity === 1 ? 'See your pass' : 'See your passes'}
          </ButtonLink>
        ) : null}
        {order.item.kind === 'TICKET' ? (
          <ButtonLink to={order.item.linkPath} variant="primary" size="lg">
            {order.quantity === 1 ? 'See your ticket' : 'See your tickets'}
          </ButtonLink>
        ) : null}
        {/* Several opened packs lead to the order's page already, where each lists its editions. */}
        {packsDestination?.to === purchasePath(order.id) ? null : (
          <ButtonLink to={purchasePath(order.id)} variant="secondary" size="lg">
            {order.paymentMethod === 'GIFT' ? 'View details' : 'View receipt'}
          </ButtonLink>
        )}
      </div>
    );
  }
  if (order.status === 'PENDING') {
    if (order.paymentMethod === 'BALANCE') return null;
    // Once the hold has ended nothing paid now buys the packs (the money would go to the balance, the packs back on
    // sale), and the server refuses a new payment: no way to pay is offered while the time-out is on its way.
    if (order.holdExpiresAt !== null && Date.parse(order.holdExpiresAt) <= now.getTime()) return null;
    const payTilia = async () => {
      try {
        const { checkoutUrl } = await payWithTilia.mutateAsync({
          id: order.id,
          idempotencyKey: idempotency.keyFor({ orderId: order.id, provider: 'TILIA' }),
        });
        idempotency.settle();
        // No checkout (the provider charged a saved Tilia method): the order's status tells the rest.
        if (checkoutUrl) window.location.assign(checkoutUrl);
        else void refetch();
      } catch (error) {
        if (isFinalRefusal(error)) idempotency.settle();
        // Shown below from the mutation's error. An expired hold (ORDER_HOLD_EXPIRED) means the order has timed out:
        // read it again so the page says so.
        if (isApiError(error) && error.code === 'ORDER_HOLD_EXPIRED') void refetch();
      }
    };
    return (
      <div className={styles.actionsStack}>
        {payWithTilia.error ? <Alert tone="error">{payWithTilia.error.message}</Alert> : null}
        <div className={styles.actions}>
          {/* The checkout is the provider's page (the sandbox's in development): a full navigation, not a route. */}
          {order.checkoutUrl ? (
            <a href={order.checkoutUrl} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
              Finish paying
            </a>
          ) : null}
          {/* A Tilia order's open checkout is already the way to pay with Tilia: one button, not two that do the same. */}
          {order.paymentMethod === 'TILIA' && order.checkoutUrl ? null : (
            <Button
              variant={order.checkoutUrl ? 'secondary' : 'primary'}
              size="lg"
              isLoading={payWithTilia.isPending}
              onClick={() => void payTilia()}
            >
              {order.paymentMethod === 'TILIA' ? 'Pay with Tilia' : 'Pay with Tilia instead'}
            </Button>
          )}
          <Button variant="ghost" size="lg" onClick={() => setIsCancelAsked(true)}>
            Cancel order
          </Button>
        </div>
        <Dialog
          isOpen={isCancelAsked}
          onClose={() => {
            setIsCancelAsked(false);
            cancelOrder.reset();
          }}
          isBusy={cancelOrder.isPending}
          title="Cancel this order?"
          description={cancelWords(order)}
          footer={
            <>
              <Button onClick={() => setIsCancelAsked(false)}>Keep the order</Button>
              <Button
                variant="danger"
                isLoading={cancelOrder.isPending}
                onClick={() =>
                  cancelOrder.mutate(order.id, {
                    onSuccess: () => setIsCancelAsked(false),
                    // Paid meanwhile (ORDER_NOT_PENDING): the order is read again, so the page shows the outcome, and
                    // the toast says the cancel did not happen (the dialog closes with the pending order's actions).
                    onError: (error) => {
                      if (isApiError(error) && error.code === 'ORDER_NOT_PENDING') {
                        showToast({ tone: 'info', title: 'The order was not cancelled', description: error.message });
                      }
                      void refetch();
                    },
                  })
                }
              >
                Cancel order
              </Button>
            </>
          }
        >
          {cancelOrder.error ? <Alert tone="error">{cancelOrder.error.message}</Alert> : null}
        </Dialog>
      </div>
    );
  }
  const paidToBalance = isPaidToBalance(order);
  // "Please try another card": a drop's and a pass's page open their purchase popup again with `?buy=1` (it stays
  // shut there when nothing is left to buy). Tickets name their kind instead, so theirs is the plain page.
  const { linkPath } = order.item;
  const itemPath = order.item.kind === 'TICKET' ? linkPath : `${linkPath}${linkPath.includes('?') ? '&' : '?'}buy=1`;
  return (
    <div className={styles.actions}>
      <ButtonLink to={itemPath} variant="primary" size="lg">
        {itemLinkLabels[order.item.kind]}
      </ButtonLink>
      <ButtonLink to={paidToBalance ? '/payment' : '/payment?tab=purchases'} variant="secondary" size="lg">
        {paidToBalance ? 'Your balance' : 'Your purchases'}
      </ButtonLink>
    </div>
  );
}
