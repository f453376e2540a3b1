import { useId, type ReactNode } from 'react';
import styles from './provenance.module.css';

/** One card of the provenance page: a region named by its heading, so a screen reader lists each check by name. */
export function ProvenanceCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
