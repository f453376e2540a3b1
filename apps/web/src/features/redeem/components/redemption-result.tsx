import { useEffect, useRef } from 'react';
import type { TRedemption } from '@cypher/contract';
import { GrantDeliveryCard } from '../../../ui/grant-delivery.tsx';
import { Icon } from '../../../ui/icon.tsx';
import styles from './redemption-result.module.css';

/**
 * What the code just gave: the thing itself, lit as it arrives, with the way to where it now lives (the balance, the
 * tickets, the pass's page, the new edition's page, the sealed pack to open). Its heading takes focus, so a screen reader reads out the result.
 */
export function RedemptionResult({ redemption }: { redemption: TRedemption }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [redemption.id]);
  return (
    <section className={styles.result} aria-labelledby="redeemed-heading">
      <h2 id="redeemed-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        <Icon name="check" size={22} className={styles.tick} />
        Code redeemed
      </h2>
      <p className={styles.muted}>
        <span className={styles.code}>{redemption.maskedCode}</span> · {redemption.batchName}
      </p>
      <GrantDeliveryCard delivery={redemption.delivery} caption="You received" isHighlighted />
    </section>
  );
}
