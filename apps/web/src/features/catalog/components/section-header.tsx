import type { ReactNode } from 'react';
import styles from './section-header.module.css';

interface SectionHeaderProps {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  /** A link such as "All brands", to the right on wide screens. */
  action?: ReactNode;
}

export function SectionHeader({ id, eyebrow, title, lead, action }: SectionHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.copy}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h2 id={id} className={styles.heading}>
          {title}
        </h2>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
