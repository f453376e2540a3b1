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
  /**
   * `page`: a section of a page made of sections (home, a brand); `detail`: one of the sections under a detail page's
   * own title (a product's "More from"), the size of its other section headings.
   */
  size?: 'page' | 'detail';
}

export function SectionHeader({ id, eyebrow, title, lead, action, size = 'page' }: SectionHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.copy}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h2 id={id} className={size === 'detail' ? styles.detailHeading : styles.heading}>
          {title}
        </h2>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
