import type { CSSProperties } from 'react';
import { addDays, type TAttendanceRewards, type TAttendanceTodayV2 } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { GrantThumb, grantTitle } from '../../../ui/grant-delivery.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { checkInsLeftText, daysText } from '../attendance-words.ts';
import styles from './streak-panel.module.css';

type TStreakBonuses = NonNullable<TAttendanceRewards['calendar']>['streakBonuses'];

interface StreakPanelProps {
  bonuses: TStreakBonuses;
  /** The calendar's first day: a bonus is paid by the calendar covering the day a streak reaches its length. */
  calendarStartDate: string;
  /** Signed in: today's standing and how many days of this calendar I checked in; null for a visitor. */
  mine: { today: TAttendanceTodayV2; checkedInDays: number; calendarDays: number } | null;
}

/**
 * My streak (days in a row, which survives a calendar's end and breaks on a day missed), the next bonus it can reach
 * and how far off it is, how many days of this calendar I checked in, and every bonus the calendar offers.
 */
export function StreakPanel({ bonuses, calendarStartDate, mine }: StreakPanelProps) {
  return (
    <section className={styles.panel} aria-labelledby="streak-heading">
      <h2 id="streak-heading" className={styles.heading}>
        {mine ? 'Your streak' : 'Streak bonuses'}
      </h2>
      {mine ? <MyStreak {...mine} /> : null}
      {bonuses.length > 0 ? (
        <ul className={styles.bonuses} aria-label="Streak bonuses">
          {bonuses.map((bonus) => {
            const isReached = mine !== null && isReachedInCalendar(mine.today, bonus.streakDays, calendarStartDate);
            return (
              <li key={bonus.streakDays} className={isReached ? `${styles.bonus} ${styles.reached}` : styles.bonus}>
                <GrantThumb grant={bonus.reward} size={36} />
                <span className={styles.bonusText}>
                  <span className={styles.bonusDays}>{daysText(bonus.streakDays)} in a row</span>{' '}
                  <span className={styles.bonusReward}>{grantTitle(bonus.reward)}</span>
                </span>
                {isReached ? (
                  <span className={styles.reachedMark}>
                    <Icon name="check" size={14} /> Reached
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.muted}>This calendar has no streak bonuses: every day’s reward is its own.</p>
      )}
    </section>
  );
}

function MyStreak({
  today,
  checkedInDays,
  calendarDays,
}: {
  today: TAttendanceTodayV2;
  checkedInDays: number;
  calendarDays: number;
}) {
  const next = today.nextStreakBonus;
  const left = next ? next.streakDays - today.streak : 0;
  return (
    <>
      <div className={styles.figures}>
        <p className={styles.figure}>
          <span className={styles.figureValue}>
            <Icon name="flame" size={22} className={today.streak > 0 ? styles.lit : undefined} />
            {daysText(today.streak)}
          </span>{' '}
          <span className={styles.figureLabel}>in a row</span>
        </p>
        <p className={styles.figure}>
          <span className={styles.figureValue}>
            {formatCount(checkedInDays)}
            <span className={styles.of}> of {formatCount(calendarDays)}</span>
          </span>{' '}
          <span className={styles.figureLabel}>days checked in this calendar</span>
        </p>
      </div>
      {!today.isCheckedIn && today.streak > 0 ? (
        <p className={styles.muted}>Check in today to keep your streak going; a day missed starts it again.</p>
      ) : null}
      {next ? (
        <div className={styles.next}>
          <p className={styles.nextText}>
            Next bonus at {daysText(next.streakDays)} in a row: <strong>{grantTitle(next.reward)}</strong>
            <span className={styles.muted}> · {checkInsLeftText(left)}</span>
          </p>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label="Streak towards the next bonus"
            aria-valuemin={0}
            aria-valuemax={next.streakDays}
            aria-valuenow={today.streak}
            aria-valuetext={`${daysText(today.streak)} of ${daysText(next.streakDays)}`}
            style={{ '--progress': `${Math.min(100, (today.streak / next.streakDays) * 100)}%` } as CSSProperties}
          />
        </div>
      ) : null}
    </>
  );
}

/**
 * Whether my streak reached `streakDays` on a day of this calendar, the day its bonus was paid. A streak carried in
 * from an earlier calendar passed shorter lengths before this one began: their bonuses were this calendar's to give
 * only on that day, so they are not marked reached here (a review of session 53 found them marked, never paid).
 */
function isReachedInCalendar(today: TAttendanceTodayV2, streakDays: number, calendarStartDate: string): boolean {
  if (today.streak < streakDays) return false;
  const lastCheckIn = today.isCheckedIn ? today.date : addDays(today.date, -1);
  return addDays(lastCheckIn, streakDays - today.streak) >= calendarStartDate;
}
