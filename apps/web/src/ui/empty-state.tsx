import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  icon?: IconName;
  title: ReactNode;
  /** Says what to do next, not just that there is nothing here. */
  body?: ReactNode;
  action?: ReactNode;
  /** h1 when the empty state is the whole page. */
  titleAs?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ icon = 'frame', title, body, action, titleAs: Title = 'h2' }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <span className={styles.icon}>
        <Icon name={icon} size={28} />
      </span>
      <Title className={styles.title}>{title}</Title>
      {body ? <p className={styles.body}>{body}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
