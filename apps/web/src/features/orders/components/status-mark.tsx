import type { TOrderStatus } from '@cypher/contract';
import styles from './status-mark.module.css';

/**
 * The purchase status as a mark that moves: a ring that turns while pending, then a check drawn in for success, a
 * cross for failure, a clock face for a time-out. Decorative (the heading beside it says the same in words); still
 * under prefers-reduced-motion.
 */
export function StatusMark({ status }: { status: TOrderStatus }) {
  const tone = {
    PENDING: styles.pending,
    SUCCESSFUL: styles.success,
    FAILED: styles.failure,
    TIMED_OUT: styles.timeout,
  }[status];
  return (
    <span className={`${styles.mark} ${tone}`} aria-hidden="true" data-status={status}>
      <svg viewBox="0 0 64 64" width="96" height="96">
        <circle className={styles.track} cx="32" cy="32" r="28" />
        <circle className={styles.ring} cx="32" cy="32" r="28" />
        {status === 'SUCCESSFUL' ? <path key="check" className={styles.symbol} d="M20 33l8 8 16-18" /> : null}
        {status === 'FAILED' ? <path key="cross" className={styles.symbol} d="M23 23l18 18M41 23L23 41" /> : null}
        {status === 'TIMED_OUT' ? <path key="clock" className={styles.symbol} d="M32 18v14l9 6" /> : null}
      </svg>
    </span>
  );
}
