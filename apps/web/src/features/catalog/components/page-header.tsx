import type { ReactNode } from 'react';
import styles from './page-header.module.css';

interface PageHeaderProps {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The top of a catalogue list page: its h1, a line on what it holds, and its filters beneath. */
export function PageHeader({ eyebrow, title, lead, children }: PageHeaderProps) {
  return (
    <div className={styles.header}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children ? <div className={styles.tools}>{children}</div> : null}
    </div>
  );
}
