import type { TAttendanceDay } from '@cypher/contract';
import { GrantThumb, grantTitle } from '../../../ui/grant-delivery.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { dayParts } from '../attendance-words.ts';
import styles from './attendance-calendar.module.css';

type TTileState = 'CHECKED_IN' | 'TODAY' | 'MISSED' | 'UPCOMING' | 'PAST';

const stateWords: Record<TTileState, string | null> = {
  CHECKED_IN: 'Checked in',
  TODAY: 'Today',
  MISSED: 'Missed',
  UPCOMING: null,
  PAST: null,
};

/** A visitor's days have no state of their own: only where today falls. */
function tileStateOf(day: TAttendanceDay, today: string): TTileState {
  if (day.state) return day.state;
  if (day.date === today) return 'TODAY';
  return day.date < today ? 'PAST' : 'UPCOMING';
}

/**
 * The calendar's days, each with its reward and (signed in) my state: checked in, today, missed, upcoming. A grid that
 * reflows from three tiles a row on a phone; every state is written out, so colour is never the only signal.
 */
export function AttendanceCalendar({ days, today }: { days: TAttendanceDay[]; today: string }) {
  return (
    <ol className={styles.days} aria-label="Days of the calendar">
      {days.map((day) => {
        const state = tileStateOf(day, today);
        const { weekday, monthDay } = dayParts(day.date);
        const words = stateWords[state];
        return (
          <li
            key={day.date}
            className={`${styles.day} ${styles[state]}`}
            aria-current={day.date === today ? 'date' : undefined}
          >
            <span className={styles.date}>
              <span className={styles.weekday}>{weekday}</span> <span className={styles.monthDay}>{monthDay}</span>
            </span>{' '}
            <span className={styles.reward}>
              <GrantThumb grant={day.reward} size={32} />
              <span className={styles.rewardText}>{grantTitle(day.reward)}</span>
            </span>{' '}
            {words ? (
              <span className={styles.state}>
                {state === 'CHECKED_IN' ? <Icon name="check" size={14} /> : null}
                {words}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
