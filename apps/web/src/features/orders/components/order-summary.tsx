import { formatMoney, type TOrder } from '@cypher/contract';
import { orderPaymentMethodLabels, packCountText } from '../../../lib/order-words.ts';
import styles from './orders.module.css';

/** The drop's artwork and name, what was bought and what it costs: the same block on both purchase pages. */
export function OrderSummary({ order }: { order: TOrder }) {
  return (
    <div className={styles.summary}>
      <img src={order.drop.imageUrl} alt="" width={72} height={72} className={styles.summaryArt} />
      <div className={styles.summaryText}>
        <p className={styles.summaryTitle}>{order.drop.name}</p>
        <p className={styles.muted}>
          {order.drop.brand.name} · {packCountText(order.quantity)} · Round {order.round} ·{' '}
          {orderPaymentMethodLabels[order.paymentMethod]}
        </p>
      </div>
      <p className={styles.summaryTotal}>{formatMoney(order.total)}</p>
    </div>
  );
}
