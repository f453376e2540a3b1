import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../ui/icon.tsx';
import styles from './console-header.module.css';

interface ConsoleHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** "New brand", "Publish", ...: to the right on wide screens. */
  actions?: ReactNode;
  back?: { to: string; label: string };
}

export function ConsoleHeader({ title, description, actions, back }: ConsoleHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.copy}>
        {back ? (
          <Link to={back.to} className={styles.back}>
            <Icon name="arrow-left" size={16} />
            {back.label}
          </Link>
        ) : null}
        <h1 className={styles.title}>{title}</h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
