import type { ReactNode } from 'react';
import { readerTimeZone } from '../../../lib/format.ts';
import styles from './console-form.module.css';

/**
 * The line above a console form's dates and times. DateTimeField picks them in the operator's own time zone, which is
 * named, so a launch planned across zones is typed in the one the operator can check; what the times do follows it.
 */
export function TimeZoneHint({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <p className={[styles.hint, className].filter(Boolean).join(' ')}>
      Times are in your time zone, {readerTimeZone()}.{children ? <> {children}</> : null}
    </p>
  );
}
