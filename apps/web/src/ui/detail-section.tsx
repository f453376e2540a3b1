import { useId, type ReactNode } from 'react';
import styles from './detail-section.module.css';

/**
 * A detail page's section below its artwork (a drop's rounds, a pass's times, a fusion's slots): a region named by its
 * heading, with room at the page's foot after the last one. `aside` sits beside the heading (a fusion's readiness).
 */
export function DetailSection({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className={styles.heading}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      {aside ? (
        <div className={styles.header}>
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
