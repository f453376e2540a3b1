import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo.tsx';
import { Icon, type IconName } from './icon.tsx';
import { PageMeta } from './page-meta.tsx';
import { Spinner } from './spinner.tsx';
import styles from './status-screen.module.css';

interface StatusScreenProps {
  /** What is happening, e.g. "Logging in, please wait…". Announced politely. */
  message: string;
  title: string;
  /**
   * A screen that is not waiting on anything (a failed callback, an account being deleted, a blocked region): no
   * spinner, an icon instead, and room for an explanation and actions.
   */
  icon?: IconName;
  tone?: 'accent' | 'danger';
  children?: ReactNode;
  actions?: ReactNode;
}

/** A full-screen moment for pages with no chrome, such as OAuth callbacks, or a state that replaces every page. */
export function StatusScreen({ message, title, icon, tone = 'accent', children, actions }: StatusScreenProps) {
  return (
    <div className={styles.screen}>
      <PageMeta title={title} />
      <div className={styles.card}>
        <BrandLogo size={40} />
        {icon ? (
          <>
            <span className={`${styles.badge} ${styles[tone]}`} aria-hidden="true">
              <Icon name={icon} size={26} />
            </span>
            <h1 className={styles.heading}>{message}</h1>
          </>
        ) : (
          <div role="status">
            <h1 className={styles.message}>
              <Spinner />
              {message}
            </h1>
          </div>
        )}
        {children ? <div className={styles.body}>{children}</div> : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </div>
  );
}
