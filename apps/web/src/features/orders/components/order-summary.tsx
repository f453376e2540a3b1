import { formatMoney, type TOrder } from '@cypher/contract';
import { orderPaymentMethodLabels, orderQuantityText } from '../../../lib/order-words.ts';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import styles from './orders.module.css';

/** The item's artwork and name (the drop, the pass), what was bought and what it costs: both purchase pages. */
export function OrderSummary({ order }: { order: TOrder }) {
  const facts = [
    order.item.brand?.name,
    orderQuantityText(order.item.kind, order.quantity),
    // A gift's pack is of the drop's gift round, which is no sale round: "Gift" says it.
    order.round === null || order.paymentMethod === 'GIFT' ? null : `Round ${order.round}`,
    orderPaymentMethodLabels[order.paymentMethod],
  ].filter(Boolean);
  return (
    <div className={styles.summary}>
      {order.item.imageUrl ? (
        <FixedWidthImage
          src={order.item.imageUrl}
          shownWidth={72}
          width={72}
          height={72}
          className={styles.summaryArt}
        />
      ) : (
        <span className={styles.summaryArt} aria-hidden="true" />
      )}
      <div className={styles.summaryText}>
        <p className={styles.summaryTitle}>{order.item.name}</p>
        <p className={styles.muted}>{facts.join(' · ')}</p>
      </div>
      <p className={styles.summaryTotal}>{formatMoney(order.total)}</p>
    </div>
  );
}
