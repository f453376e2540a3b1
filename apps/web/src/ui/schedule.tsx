import type { ReactNode } from 'react';
import styles from './schedule.module.css';

/** A detail page's times, one row each (a pass's sale and validity, a fusion's opening and closing). */
export function Schedule({ children }: { children: ReactNode }) {
  return <dl className={styles.schedule}>{children}</dl>;
}

/** One row: what the time is for, then the time or span, in tabular figures so rows line up. */
export function ScheduleRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
