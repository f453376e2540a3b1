import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { useNow } from '../../lib/use-now.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useAttendanceRewards } from './api/get-attendance-rewards.ts';
import { useAttendanceToday } from './api/get-attendance-today.ts';
import { formatFullDay, formatPeriod, timeZoneText } from './attendance-words.ts';
import { AttendanceCalendar } from './components/attendance-calendar.tsx';
import { RewardsEarned } from './components/rewards-earned.tsx';
import { StreakPanel } from './components/streak-panel.tsx';
import { TodayPanel } from './components/today-panel.tsx';
import styles from './attendance-page.module.css';
import { pageNumberOf } from '../../lib/use-url-filters.ts';

const SIGN_IN_HERE = `/signin?redirectTo=${encodeURIComponent('/tickets/attendance')}`;

/**
 * `/tickets/attendance` (spec section 2, issue 20): the current reward calendar with each day's reward and my state per
 * day, the time zone whose midnight starts a day, today with the Check in button (then what it gave), my streak and the
 * next bonus, and the rewards I earned. Visitors see the calendar and a sign-in prompt in place of today.
 *
 * The session rule of spec section 4: the attendance-today call goes first and alone. If its session cannot be
 * refreshed, the refresh queue only clears the stored session, and this page turns to its visitor view with the
 * sign-in prompt, without going to sign-in. The page's other signed-in reads wait for it, so none of them can be the
 * call whose failed refresh sends the person away.
 */
export default function AttendancePage() {
  const { isLoggedIn } = useSession();
  const [searchParams] = useSearchParams();
  const rewardsPage = pageNumberOf(searchParams.get('page'));
  const today = useAttendanceToday({ isEnabled: isLoggedIn });
  const isTodaySettled = !isLoggedIn || !today.isPending;
  const rewards = useAttendanceRewards({ isSignedIn: isLoggedIn, isEnabled: isTodaySettled });
  const now = useNow();
  useDayTurnover(isLoggedIn ? today.data?.nextDayStartsAt : undefined, today.dataUpdatedAt, now);

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta
        title="Daily check-in"
        description="Check in once a day for the day's reward, and on days in a row for streak bonuses."
      />
      <PageHeader
        eyebrow="Tickets"
        title="Daily check-in"
        lead="Check in once a day to collect the day’s reward, and on days in a row for streak bonuses."
      />
      {!isTodaySettled || rewards.isPending ? (
        <AttendanceSkeleton />
      ) : rewards.isError && !rewards.data ? (
        <ErrorState
          title="We could not load the check-in calendar"
          error={rewards.error}
          onRetry={() => void rewards.refetch()}
          isRetrying={rewards.isFetching}
        />
      ) : (
        <>
          <p className={styles.boundary}>
            <Icon name="clock" size={18} />
            <span>
              A day runs from midnight to midnight, <strong>{timeZoneText(rewards.data.timeZone, now)}</strong>, for
              everyone. It is {formatFullDay(rewards.data.today)} there now.
            </span>
          </p>
          {rewards.data.calendar === null ? (
            <EmptyState
              icon="calendar"
              title="No check-in calendar right now"
              body="Daily rewards run in calendars, a month or so at a time, and none covers today. Come back soon: check-ins open when the next one begins."
              action={
                isLoggedIn ? (
                  <ButtonLink to="/tickets" variant="primary">
                    See your tickets
                  </ButtonLink>
                ) : (
                  <ButtonLink to="/drops" variant="primary">
                    Browse drops
                  </ButtonLink>
                )
              }
            />
          ) : (
            <div className={styles.layout}>
              <div className={styles.side}>
                {!isLoggedIn ? (
                  <SignInPrompt />
                ) : today.data ? (
                  <TodayPanel today={today.data} now={now} />
                ) : (
                  <div className={styles.panel}>
                    <ErrorState
                      title="We could not load today’s check-in"
                      error={today.error}
                      onRetry={() => void today.refetch()}
                      isRetrying={today.isFetching}
                    />
                  </div>
                )}
                <StreakPanel
                  bonuses={rewards.data.calendar.streakBonuses}
                  calendarStartDate={rewards.data.calendar.startDate}
                  mine={
                    isLoggedIn && today.data
                      ? {
                          today: today.data,
                          checkedInDays: rewards.data.me?.checkedInDays ?? 0,
                          calendarDays: rewards.data.calendar.days.length,
                        }
                      : null
                  }
                />
              </div>
              <div className={styles.main}>
                <section className={styles.section} aria-labelledby="calendar-heading">
                  <div className={styles.sectionHeader}>
                    <h2 id="calendar-heading" className={styles.sectionTitle}>
                      {rewards.data.calendar.name}
                    </h2>
                    <p className={styles.muted}>
                      {formatPeriod(rewards.data.calendar.startDate, rewards.data.calendar.endDate)}
                    </p>
                  </div>
                  <AttendanceCalendar days={rewards.data.calendar.days} today={rewards.data.today} />
                </section>
                {isLoggedIn ? (
                  <section className={styles.section} aria-labelledby="rewards-earned-heading">
                    <h2 id="rewards-earned-heading" className={styles.sectionTitle}>
                      Rewards earned
                    </h2>
                    <RewardsEarned page={rewardsPage} isEnabled={isTodaySettled} />
                  </section>
                ) : null}
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** In place of today, for visitors (and a session that could not be refreshed): sign in, and come back here. */
function SignInPrompt() {
  return (
    <section className={`${styles.panel} ${styles.prompt}`} aria-labelledby="sign-in-heading">
      <span className={styles.promptIcon}>
        <Icon name="calendar" size={26} />
      </span>
      <h2 id="sign-in-heading" className={styles.promptTitle}>
        Sign in to check in
      </h2>
      <p className={styles.muted}>
        Check in once a day to collect the day’s reward. Your streak and every reward you earned are kept here.
      </p>
      <div className={styles.promptActions}>
        <ButtonLink to={SIGN_IN_HERE} variant="primary">
          Sign in
        </ButtonLink>
        <ButtonLink to="/signup" variant="ghost">
          Create an account
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * At midnight in the configured zone a new day opens: read today, the calendar and my rewards again, so the Check in
 * button comes back by itself. Asked a second after the turn, and again every few seconds until the answer has moved
 * on (a server clock a little behind ours answers yesterday once more).
 */
function useDayTurnover(nextDayStartsAt: string | undefined, updatedAt: number, now: Date) {
  const queryClient = useQueryClient();
  const isDue =
    nextDayStartsAt !== undefined &&
    now.getTime() >= Date.parse(nextDayStartsAt) + 1_000 &&
    now.getTime() - updatedAt >= 5_000;
  useEffect(() => {
    if (isDue) void queryClient.invalidateQueries({ queryKey: queryKeys.attendance.all });
  }, [isDue, queryClient]);
}

function AttendanceSkeleton() {
  return (
    <div className={styles.layout} role="status" aria-busy="true" aria-label="Loading the check-in calendar">
      <div className={styles.side}>
        <div className={styles.panel}>
          <Skeleton width="60%" height="1.5rem" />
          <Skeleton height="72px" radius="var(--radius-lg)" />
          <Skeleton height="48px" radius="var(--radius-md)" />
        </div>
        <div className={styles.panel}>
          <Skeleton width="40%" height="1.25rem" />
          <Skeleton width="70%" />
        </div>
      </div>
      <div className={styles.main}>
        <Skeleton width="40%" height="1.5rem" />
        <div className={styles.skeletonDays}>
          {Array.from({ length: 14 }, (_, index) => (
            <Skeleton key={index} height="116px" radius="var(--radius-md)" />
          ))}
        </div>
      </div>
    </div>
  );
}
