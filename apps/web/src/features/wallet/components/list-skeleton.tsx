import { Skeleton } from '../../../ui/skeleton.tsx';
import styles from '../payment-page.module.css';

/** Two placeholder rows while a saved-methods list loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <ul className={styles.rows} aria-busy="true" aria-label={label}>
      {[0, 1].map((index) => (
        <li key={index} className={styles.row}>
          <Skeleton width="40%" />
        </li>
      ))}
    </ul>
  );
}
