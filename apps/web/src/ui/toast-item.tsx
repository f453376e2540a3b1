import { useEffect } from 'react';
import { Icon, type IconName } from './icon.tsx';
import type { ToastOptions, ToastTone } from './toast-context.ts';
import styles from './toast.module.css';

const iconForTone: Record<ToastTone, IconName> = { info: 'info', success: 'check', error: 'alert' };

interface ToastItemProps extends ToastOptions {
  id: string;
  /** Stable across renders, so a new toast arriving does not restart the others' timers. */
  onDismiss: (id: string) => void;
}

export function ToastItem({ id, title, description, tone = 'info', durationMs, onDismiss }: ToastItemProps) {
  // Errors wait for the reader unless told otherwise; everything else leaves on its own.
  const lifetime = durationMs ?? (tone === 'error' ? undefined : 5000);

  useEffect(() => {
    if (lifetime === undefined) return;
    const timer = window.setTimeout(() => onDismiss(id), lifetime);
    return () => window.clearTimeout(timer);
  }, [id, lifetime, onDismiss]);

  return (
    <div
      className={`${styles.toast} ${tone === 'info' ? '' : styles[tone]}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <Icon name={iconForTone[tone]} className={styles.icon} />
      <div>
        <p className={styles.title}>{title}</p>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      <button type="button" className={styles.dismiss} onClick={() => onDismiss(id)} aria-label="Dismiss notification">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
