import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';
import styles from './alert.module.css';

type AlertTone = 'error' | 'success' | 'info';

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  /** What the title does not say; a title alone may say it all. */
  children?: ReactNode;
  /** A follow-up action, such as "Request a new link". */
  action?: ReactNode;
  className?: string;
}

const iconFor: Record<AlertTone, IconName> = { error: 'alert', success: 'check', info: 'info' };

/**
 * A message that belongs to a whole form or page rather than one field (a refused sign-in, a finished reset).
 * Errors are announced at once (role="alert"); other tones politely.
 */
export function Alert({ tone = 'info', title, children, action, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}
    >
      <Icon name={iconFor[tone]} className={styles.icon} />
      <div className={styles.content}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div>{children}</div> : null}
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </div>
  );
}
