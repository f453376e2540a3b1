import { formatCountdown } from '../lib/format.ts';
import { useFormatDateTime } from '../lib/use-format-date-time.ts';
import styles from './countdown.module.css';

interface CountdownProps {
  /** The moment counted down to (ISO 8601). */
  to: string;
  /** The page's clock (useNow), so every countdown on a page ticks together. */
  now: Date;
  className?: string;
}

/**
 * Time left until `to`, ticking with `now`. A timer role (not announced on every tick); the exact date and time is
 * in the element's datetime and its tooltip.
 */
export function Countdown({ to, now, className }: CountdownProps) {
  const formatDateTime = useFormatDateTime();
  return (
    <time
      role="timer"
      dateTime={to}
      title={formatDateTime(to)}
      className={[styles.countdown, className].filter(Boolean).join(' ')}
    >
      {formatCountdown(Date.parse(to) - now.getTime())}
    </time>
  );
}
