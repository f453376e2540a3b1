import type { ReactNode } from 'react';
import { FormSection } from './form-section.tsx';
import styles from './withdrawals.module.css';

interface DetailCardProps {
  /** The heading's id, which names the card for assistive technology. */
  id: string;
  title: string;
  /** Term and value, in the order they read. */
  rows: readonly (readonly [string, ReactNode])[];
}

/** Each term beside its value, for a card that shows something else while its facts load. */
export function DetailRows({ rows }: Pick<DetailCardProps, 'rows'>) {
  return (
    <dl className={styles.details}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.detailRow}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A console detail page's card of facts: a heading, then each term beside its value. */
export function DetailCard({ id, title, rows }: DetailCardProps) {
  return (
    <FormSection id={id} title={title}>
      <DetailRows rows={rows} />
    </FormSection>
  );
}
