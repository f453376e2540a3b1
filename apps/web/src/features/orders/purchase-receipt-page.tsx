import type { CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney, isPaidToBalance, PAID_AFTER_CANCEL, type TOrder } from '@cypher/contract';
import { packPath, purchaseStatusPath } from '../../lib/drop-paths.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { orderPaymentMethodLabels, orderStatusLabel } from '../../lib/order-words.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { RarityBadge, rarityColour } from '../../ui/rarity-badge.tsx';
import { Receipt } from '../../ui/receipt.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useOrder } from './api/get-order.ts';
import { useOrderCollections } from './api/get-order-collections.ts';
import { OrderLoadStates } from './components/order-load-states.tsx';
import { OrderSummary } from './components/order-summary.tsx';
import styles from './components/orders.module.css';

const itemTerms: Record<TOrder['item']['kind'], string> = { PACK: 'Drop', PASS: 'Pass', TICKET: 'Ticket' };

/**
 * `/purchase/:id`: one order, its receipt once paid (spec section 3), and the packs it delivered (a pass's or tickets' order has none). A gift's order
 * (payment method GIFT, decision record 36) says it was given: nothing was paid, so it has no figures or receipt.
 */
export default function PurchaseReceiptPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);

  if (order.data === undefined) return <OrderLoadStates order={order} />;
  const data = order.data;
  const status = orderStatusLabel(data);
  const isGift = data.paymentMethod === 'GIFT';
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={`${isGift ? 'Gift' : 'Purchase'} · ${data.item.name}`} />
      <header className={styles.header}>
        <Link to="/payment?tab=purchases" className={styles.back}>
          Your purchases
        </Link>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{isGift ? 'Your gift' : 'Your purchase'}</h1>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <p className={styles.muted}>
          {isGift ? 'Given' : 'Ordered'} <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
        </p>
      </header>
      <OrderSummary order={data} />
      {data.status === 'PENDING' ? (
        <Alert
          tone="info"
          title="Waiting for the payment"
          action={
            <ButtonLink to={purchaseStatusPath(data.id)} size="sm" variant="secondary">
              Follow the status
            </ButtonLink>
          }
        >
          The receipt appears here once the payment is confirmed.
        </Alert>
      ) : null}
      {isPaidToBalance(data) ? (
        // Money was taken though the order delivered nothing: the page says where it went.
        <Alert
          tone="info"
          title="Your payment went to your balance"
          action={
            <ButtonLink to="/payment" size="sm" variant="secondary">
              Your balance
            </ButtonLink>
          }
        >
          It arrived after{' '}
          {data.failureReason === PAID_AFTER_CANCEL ? 'you had cancelled this order' : 'this order had closed'}, so the{' '}
          {formatMoney(data.total)} you paid was added to your balance.
        </Alert>
      ) : null}
      <section aria-labelledby="figures-heading" className={styles.card}>
        <h2 id="figures-heading" className={styles.cardTitle}>
          Order
        </h2>
        <dl className={styles.facts}>
          <dt>{itemTerms[data.item.kind]}</dt>
          <dd>
            <Link to={data.item.linkPath}>{data.item.name}</Link>
          </dd>
          {data.round === null || isGift ? null : (
            <>
              <dt>Round</dt>
              <dd>{formatCount(data.round)}</dd>
            </>
          )}
          <dt>Quantity</dt>
          <dd>{formatCount(data.quantity)}</dd>
          {isGift ? (
            <>
              <dt>How it came</dt>
              <dd>A gift: from the drop’s packs set aside for giveaways</dd>
              <dt className={styles.strong}>Total</dt>
              <dd className={styles.strong}>{formatMoney(data.total)}</dd>
            </>
          ) : (
            <>
              <dt>Unit price</dt>
              <dd>{formatMoney(data.unitPrice)}</dd>
              <dt>Subtotal</dt>
              <dd>{formatMoney(data.subtotal)}</dd>
              <dt>Service fee</dt>
              <dd>{formatMoney(data.serviceFee)}</dd>
              <dt className={styles.strong}>Total</dt>
              <dd className={styles.strong}>{formatMoney(data.total)}</dd>
              <dt>Payment method</dt>
              <dd>{orderPaymentMethodLabels[data.paymentMethod]}</dd>
            </>
          )}
        </dl>
      </section>
      {data.receipt ? <Receipt receipt={data.receipt} isInset={false} headingLevel="h2" /> : null}
      {data.item.kind === 'PACK' ? (
        // A pass or tickets are the buyer's once paid, with nothing to open: the item's link above leads to them.
        <section aria-labelledby="packs-heading" className={styles.card}>
          <h2 id="packs-heading" className={styles.cardTitle}>
            Packs
          </h2>
          <DeliveredPacks order={data} />
        </section>
      ) : null}
    </div>
  );
}

function DeliveredPacks({ order }: { order: TOrder }) {
  const collections = useOrderCollections(order.id, { isEnabled: order.status === 'SUCCESSFUL' });
  if (order.status !== 'SUCCESSFUL') {
    return (
      <p className={styles.muted}>
        {order.status === 'PENDING'
          ? `Your ${order.quantity === 1 ? 'pack is' : 'packs are'} held for you until the payment is confirmed.`
          : 'This order delivered no packs.'}
      </p>
    );
  }
  if (collections.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the packs" className={styles.packRows}>
        <Skeleton height="3rem" />
        <Skeleton height="3rem" />
      </div>
    );
  }
  if (collections.isError && !collections.data) {
    return (
      <ErrorState
        titleAs="h3"
        title="We could not load the packs"
        error={collections.error}
        onRetry={() => void collections.refetch()}
        isRetrying={collections.isFetching}
      />
    );
  }
  if (collections.data.packs.length === 0) {
    return (
      <p className={styles.muted}>
        {order.quantity === 1 ? 'The pack of this order is on its way.' : 'The packs of this order are on their way.'}
      </p>
    );
  }
  return (
    <ul className={styles.packRows} aria-label="Packs of this order">
      {collections.data.packs.map((pack) => (
        <li
          key={pack.id}
          className={styles.packRow}
          style={pack.rarity ? ({ '--rarity': rarityColour(pack.rarity) } as CSSProperties) : undefined}
        >
          <span className={styles.packName}>Pack #{formatCount(pack.number)}</span>
          <span className={styles.packBadge}>
            {pack.rarity ? <RarityBadge rarity={pack.rarity} /> : <Badge tone="accent">Sealed</Badge>}
          </span>
          <ButtonLink
            to={packPath(pack.id)}
            size="sm"
            variant={pack.isOpened ? 'secondary' : 'primary'}
            className={styles.packAction}
          >
            {pack.isOpened ? 'See its editions' : 'Open pack'}
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}
