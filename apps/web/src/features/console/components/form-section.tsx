import type { ReactNode } from 'react';
import styles from './console-form.module.css';

interface FormSectionProps {
  /** The heading's id, which names the card for assistive technology. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}

/** One titled card of a console form or detail page ("Drop", "Schedule", "Each code gives"): a region its heading names. */
export function FormSection({ id, title, children }: FormSectionProps) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
