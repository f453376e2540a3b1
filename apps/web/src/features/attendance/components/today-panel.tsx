import { useEffect, useRef, useState } from 'react';
import type { TAttendanceCheckIn, TAttendanceTodayV2 } from '@cypher/contract';
import { isApiError, isFinalRefusal } from '../../../api/api-error.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Countdown } from '../../../ui/countdown.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { GrantDeliveryCard, GrantThumb, grantTitle } from '../../../ui/grant-delivery.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { StatusPanel } from '../../../ui/status-panel.tsx';
import { useCheckIn } from '../api/check-in.ts';
import { daysText, formatFullDay } from '../attendance-words.ts';
import styles from './today-panel.module.css';
import { formatCount } from '../../../lib/format.ts';

/**
 * Today, signed in (spec section 2, `/tickets/attendance`): the date in the configured time zone, today's reward and
 * the streak bonus checking in would complete (each said to be all given out when its supply is), the Check in button
 * and how long today lasts; once checked in, what it gave, with the way to where each reward now lives, and when the
 * next check-in opens.
 */
export function TodayPanel({ today, now }: { today: TAttendanceTodayV2; now: Date }) {
  const checkIn = useCheckIn();
  const idempotency = useIdempotencyKey('check-in');
  const [error, setError] = useState<unknown>(null);
  // The check-in made here and now, lit as it arrives; one read from the API (a reload) shows it quietly.
  const [receivedId, setReceivedId] = useState<string | null>(null);

  function send() {
    setError(null);
    // One attempt per day: a retry after a lost answer sends the same key, and tomorrow's first press a new one.
    checkIn.mutate(
      { idempotencyKey: idempotency.keyFor({ date: today.date }) },
      {
        onSuccess: (made) => {
          idempotency.settle();
          setReceivedId(made.id);
        },
        onError: (failure) => {
          if (isFinalRefusal(failure)) idempotency.settle();
          setError(failure);
        },
      },
    );
  }

  const made = checkIn.data?.date === today.date ? checkIn.data : today.checkIn;
  if (made) return <CheckedIn checkIn={made} today={today} now={now} isNew={made.id === receivedId} />;

  if (!today.reward) {
    return (
      <StatusPanel isLive={false} headline="Nothing to check in for today" countdown={null} now={now}>
        <p className={styles.muted}>No reward calendar covers today. Check-ins open again when the next one begins.</p>
      </StatusPanel>
    );
  }

  const bonus = today.nextStreakBonus?.streakDays === today.streak + 1 ? today.nextStreakBonus : null;
  const isRefused = error !== null && isFinalRefusal(error);
  return (
    // The reward is the news here; how long today lasts is a footnote under the button.
    <StatusPanel isLive headline="Check in for today" countdown={null} now={now}>
      <p className={styles.date}>{formatFullDay(today.date)}</p>
      <div className={styles.reward}>
        <GrantThumb grant={today.reward} size={56} />
        <div className={styles.rewardText}>
          <p className={styles.caption}>Today’s reward</p>
          <p className={styles.rewardTitle}>{grantTitle(today.reward)}</p>
        </div>
      </div>
      {/* Said before the check-in, which would otherwise spend the day and only then say it had run out. */}
      {today.isRewardLeft ? null : (
        <p className={styles.gone}>
          <Icon name="info" size={18} />
          <span>All given out: checking in today still counts for your streak.</span>
        </p>
      )}
      {bonus ? (
        <p className={styles.bonus}>
          <Icon name="flame" size={18} />
          {bonus.isRewardLeft ? (
            <span>
              Checking in today makes {daysText(bonus.streakDays)} in a row: you also receive{' '}
              <strong>{grantTitle(bonus.reward)}</strong>.
            </span>
          ) : (
            <span>
              Checking in today makes {daysText(bonus.streakDays)} in a row. Its bonus,{' '}
              <strong>{grantTitle(bonus.reward)}</strong>, has all been given out.
            </span>
          )}
        </p>
      ) : null}
      <Button variant="primary" size="lg" isBlock isLoading={checkIn.isPending} onClick={send}>
        <Icon name="check" size={18} />
        Check in
      </Button>
      <p className={styles.ends}>
        <Icon name="clock" size={16} />
        Today ends in <Countdown to={today.nextDayStartsAt} now={now} />
      </p>
      {error ? (
        <Alert
          tone="error"
          action={
            isApiError(error) && error.code === 'EMAIL_VERIFICATION_REQUIRED' ? (
              <ButtonLink to="/email/verify" size="sm">
                Verify your email
              </ButtonLink>
            ) : undefined
          }
        >
          {error instanceof Error && error.message ? error.message : 'Something went wrong.'}
          {isRefused
            ? null
            : ' We could not tell whether your check-in went through. Trying again is safe: a day is rewarded once.'}
        </Alert>
      ) : null}
    </StatusPanel>
  );
}

/** Checked in: what today gave (the day's reward, then a streak bonus if one was due) and when tomorrow opens. */
function CheckedIn({
  checkIn,
  today,
  now,
  isNew,
}: {
  checkIn: TAttendanceCheckIn;
  today: TAttendanceTodayV2;
  now: Date;
  isNew: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button the person pressed is gone: their focus moves to what they received, which a screen reader reads out.
  useEffect(() => {
    if (isNew) headingRef.current?.focus();
  }, [isNew]);
  return (
    <StatusPanel
      isLive={false}
      headline={
        <>
          <Icon name="check" size={22} className={styles.done} />
          Checked in for today
        </>
      }
      countdown={{ label: 'Next check-in opens in', to: today.nextDayStartsAt }}
      now={now}
    >
      <p className={styles.date}>
        {formatFullDay(checkIn.date)} ·{' '}
        {checkIn.streak === 1 ? 'Day 1 of a new streak' : `Day ${formatCount(checkIn.streak)} in a row`}
      </p>
      <h2 ref={headingRef} tabIndex={-1} className={styles.receivedHeading}>
        {isNew ? 'You received' : 'Today you received'}
      </h2>
      <ul className={styles.received} aria-label="Rewards received today">
        {checkIn.rewards.map((delivery, index) => (
          <li key={delivery.id}>
            <GrantDeliveryCard
              delivery={delivery}
              caption={index === 0 ? 'Today’s reward' : `${formatCount(checkIn.streak)}-day streak bonus`}
              isHighlighted={isNew}
            />
          </li>
        ))}
      </ul>
    </StatusPanel>
  );
}
