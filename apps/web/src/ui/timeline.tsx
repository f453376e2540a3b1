import type { ReactNode } from 'react';
import styles from './timeline.module.css';

export interface TimelineStep {
  key: string;
  title: string;
  /** Small print under the title: when, and by whom where that matters. */
  meta: ReactNode;
  /** A quoted reason, when one was given. */
  note?: string | null;
}

/** Steps of something's life, oldest first, on a line with a dot per step (a withdrawal's review, say). */
export function Timeline({ steps, label }: { steps: readonly TimelineStep[]; label?: string }) {
  return (
    <ol className={styles.timeline} aria-label={label}>
      {steps.map((step) => (
        <li key={step.key} className={styles.step}>
          <span className={styles.title}>{step.title}</span>
          <span className={styles.meta}>{step.meta}</span>
          {step.note ? <span className={styles.note}>“{step.note}”</span> : null}
        </li>
      ))}
    </ol>
  );
}
