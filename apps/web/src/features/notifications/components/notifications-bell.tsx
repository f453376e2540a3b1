import { Link } from 'react-router';
import { Icon } from '../../../ui/icon.tsx';
import { useUnreadCount } from '../api/get-unread-count.ts';
import styles from './notifications-bell.module.css';

/** The header's way to the notifications, with the unread count once there is one. Signed-in only. */
export function NotificationsBell({ className }: { className?: string }) {
  const unread = useUnreadCount({ isEnabled: true });
  const count = unread.data ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link to="/notifications" className={[styles.bell, className].filter(Boolean).join(' ')} aria-label={label}>
      <Icon name="bell" />
      {count > 0 ? (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
