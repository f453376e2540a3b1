import { useId, useState } from 'react';
import type { TAttendanceDay } from '@cypher/contract';
import { Button } from '../../../ui/button.tsx';
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

/** Days shown around today at first: the week gone by and the two to come (seven rows on a phone, three on a desk). */
const DAYS_BEFORE_TODAY = 6;
const DAYS_AFTER_TODAY = 14;

/**
 * The days first shown of a long calendar: a season of 90 days is 30 rows of tiles on a phone, over 6,000 px to scroll
 * past before the rewards earned. Today's neighbourhood is what a person checks in against; the rest is one press away.
 */
function daysAroundToday(days: TAttendanceDay[], today: string): TAttendanceDay[] {
  const todayAt = days.findIndex((day) => day.date === today);
  const from = Math.max(0, (todayAt === -1 ? 0 : todayAt) - DAYS_BEFORE_TODAY);
  return days.slice(from, from + DAYS_BEFORE_TODAY + 1 + DAYS_AFTER_TODAY);
}

/**
 * The calendar's days, each with its reward and (signed in) my state: checked in, today, missed, upcoming. A grid that
 * reflows from three tiles a row on a phone; every state is written out, so colour is never the only signal. A long
 * calendar opens on the days around today, with the whole of it a button away.
 */
export function AttendanceCalendar({ days, today }: { days: TAttendanceDay[]; today: string }) {
  const listId = useId();
  const [isShowingAll, setShowingAll] = useState(false);
  const around = daysAroundToday(days, today);
  const isLong = around.length < days.length;
  const shown = isLong && !isShowingAll ? around : days;
  return (
    <div className={styles.calendar}>
      <ol id={listId} className={styles.days} aria-label="Days of the calendar">
        {shown.map((day) => {
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
      {isLong ? (
        <Button
          variant="ghost"
          className={styles.more}
          aria-controls={listId}
          aria-expanded={isShowingAll}
          onClick={() => setShowingAll(!isShowingAll)}
        >
          {isShowingAll ? 'Show the days around today' : `Show all ${days.length} days`}
        </Button>
      ) : null}
    </div>
  );
}
