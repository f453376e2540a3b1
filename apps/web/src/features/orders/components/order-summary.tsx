import { formatMoney, type TOrder, type TOrderItemKind } from '@cypher/contract';
import { orderPaymentMethodLabels, orderQuantityText } from '../../../lib/order-words.ts';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import { Icon, type IconName } from '../../../ui/icon.tsx';
import styles from './orders.module.css';

/**
 * What stands in for an item without artwork (a ticket kind may be made without one): the icon the tickets page draws
 * for it (ticket-card.tsx), so the summary shows no empty box before the name.
 */
const placeholderIcons: Record<TOrderItemKind, IconName> = { PACK: 'package', PASS: 'card', TICKET: 'ticket' };

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
        <span className={`${styles.summaryArt} ${styles.summaryPlaceholder}`} aria-hidden="true">
          <Icon name={placeholderIcons[order.item.kind]} size={32} />
        </span>
      )}
      <div className={styles.summaryText}>
        <p className={styles.summaryTitle}>{order.item.name}</p>
        <p className={styles.muted}>{facts.join(' · ')}</p>
      </div>
      <p className={styles.summaryTotal}>{formatMoney(order.total)}</p>
    </div>
  );
}
