import type { ReactNode } from 'react';
import styles from './page-header.module.css';

interface PageHeaderProps {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Leave the space below to the page's own gap (a page whose tabs follow the header). */
  isFlush?: boolean;
  children?: ReactNode;
}

/** The top of a list page (products, brands, drops): its h1, a line on what it holds, and its filters beneath. */
export function PageHeader({ eyebrow, title, lead, isFlush, children }: PageHeaderProps) {
  return (
    <div className={isFlush ? `${styles.header} ${styles.flush}` : styles.header}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children ? <div className={styles.tools}>{children}</div> : null}
    </div>
  );
}
