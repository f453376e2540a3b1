import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { placesAheadAt, secondsUntil, type TWaitingRoom } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { useFormatDateTime } from '../../../lib/use-format-date-time.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Countdown } from '../../../ui/countdown.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { isApiError } from '../../../api/api-error.ts';
import type { useWaitingRoom } from '../api/get-waiting-room.ts';
import { useJoinWaitingRoom } from '../api/join-waiting-room.ts';
import styles from './waiting-room-panel.module.css';

interface WaitingRoomPanelProps {
  dropId: string;
  round: number;
  /** The panel's heading (and the region's name): "Waiting room" for the round in focus, else which round's. */
  title?: string;
  /** The round's waiting room read (useWaitingRoom), owned by the status panel, which decides what else to show. */
  room: ReturnType<typeof useWaitingRoom>;
  /** The page's clock (useNow): everything here ticks with the page's countdowns. */
  now: Date;
  /** Whether the round sells now and the viewer may buy (purchaseAllowance); otherwise why not. */
  canBuy: boolean;
  buyReason: string | null;
  /** Opens the purchase popup with the admission (the status panel passes the token on to the order). */
  onBuy: () => void;
}

/**
 * Route: uses GET and POST /v1/drops/{id}/rounds/{round}/waiting-room · UI: the drop page's status panel
 * (drop-detail-page.tsx), in place of the Buy button while a round with a waiting room is the one in focus ·
 * Tests: waiting-room-panel.test.tsx.
 *
 * The waiting room of a first-come round (issue 18): before it opens, when it does; then "Join the waiting room";
 * then my place in line, the people ahead and the wait, counted down every second from my admission time (the
 * server's clock, not the device's), asked again as the API says; once admitted, Buy packs (the page opens the
 * purchase popup by itself the first time); once my turn has passed, Join again.
 */
export function WaitingRoomPanel({
  dropId,
  round,
  title = 'Waiting room',
  room,
  now,
  canBuy,
  buyReason,
  onBuy,
}: WaitingRoomPanelProps) {
  const formatDateTime = useFormatDateTime();
  const { isLoggedIn } = useSession();
  const { pathname, search } = useLocation();
  const join = useJoinWaitingRoom(dropId, round);
  const headingId = `waiting-room-${round}-heading`;
  const data = room.data;
  const serverNow = serverNowOf(room, now);
  const viewer = data?.viewer ?? null;
  const admitAt = viewer?.admitAt ?? null;
  const isDue = viewer?.status === 'WAITING' && admitAt !== null && serverNow.getTime() >= Date.parse(admitAt);
  const { refetch } = room;

  // My time has come by the clock: ask now for the admission rather than at the next poll.
  useEffect(() => {
    if (isDue) void refetch();
  }, [isDue, refetch]);

  if (!data) {
    // The first read (the status panel shows this only then): whether the round has a room is not known yet.
    return (
      <section className={styles.room} aria-labelledby={headingId} aria-busy="true">
        <Heading id={headingId} title={title} />
        <span className="visually-hidden">Loading the waiting room</span>
        <Skeleton width="70%" />
        <Skeleton height="var(--control-height-lg)" radius="var(--radius-pill)" />
      </section>
    );
  }

  const roundName = `round ${data.round}`;
  const isOpen = isOpenForJoiningAt(data, serverNow);
  const fairness = (
    <p className={styles.note}>
      Everyone who joins before {roundName} opens gets a place drawn at random, so arriving early gives no advantage.
      Later arrivals queue behind in the order they come.
    </p>
  );
  const joinError = join.error;
  const joinErrorAction =
    isApiError(joinError) && joinError.code === 'EMAIL_VERIFICATION_REQUIRED' ? (
      <ButtonLink to="/email/verify" size="sm" variant="primary">
        Verify your email
      </ButtonLink>
    ) : isApiError(joinError) && joinError.code === 'PHONE_VERIFICATION_REQUIRED' ? (
      <ButtonLink to="/account/security" size="sm" variant="primary">
        Account security
      </ButtonLink>
    ) : undefined;
  const joinButton = (label: string) => (
    <>
      <Button variant="primary" size="lg" isBlock isLoading={join.isPending} onClick={() => join.mutate()}>
        <Icon name="users" size={18} />
        {label}
      </Button>
      {joinError ? (
        <Alert tone="error" action={joinErrorAction}>
          {joinError.message}
        </Alert>
      ) : null}
    </>
  );

  let body;
  if (!viewer || viewer.status === 'NOT_JOINED') {
    if (!isOpen && data.joinOpensAt && serverNow < new Date(data.joinOpensAt)) {
      body = (
        <>
          <p className={styles.lead}>
            Opens for joining in <Countdown to={data.joinOpensAt} now={serverNow} className={styles.strong} />
            <span className={styles.when}> ({formatDateTime(data.joinOpensAt)})</span>
          </p>
          {fairness}
        </>
      );
    } else if (!isOpen) {
      body = <p className={styles.lead}>The waiting room for {roundName} is closed.</p>;
    } else if (!isLoggedIn) {
      body = (
        <>
          <ButtonLink
            to={`/signin?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`}
            variant="primary"
            size="lg"
            isBlock
          >
            Sign in to join the waiting room
          </ButtonLink>
          {fairness}
        </>
      );
    } else {
      body = (
        <>
          {joinButton('Join the waiting room')}
          {fairness}
          {data.requiresVerifiedPhone ? (
            <p className={styles.note}>This room asks for a phone verified by two-factor sign-in by SMS.</p>
          ) : null}
        </>
      );
    }
  } else if (viewer.status === 'WAITING' && viewer.place === null) {
    body = (
      <>
        <p className={styles.lead}>
          <Icon name="check" size={18} className={styles.check} /> You are in the waiting room.
        </p>
        <p className={styles.lead}>
          Places are drawn when {roundName} opens, in{' '}
          {/* The page's clock, as the drop's own "Opens in" beside it, so the two never disagree by a second. */}
          <Countdown to={data.saleBeginAt} now={now} className={styles.strong} />
        </p>
        {fairness}
      </>
    );
  } else if (viewer.status === 'WAITING' && viewer.place !== null && admitAt !== null) {
    const ahead = isDue ? 0 : placesAheadAt(admitAt, serverNow, data.admitPerMinute ?? 1);
    const wait = secondsUntil(admitAt, serverNow);
    const admittedAhead = Math.max(0, viewer.place - 1 - ahead);
    body = (
      <>
        <dl className={styles.line} aria-label="Your place in line">
          <div>
            <dt>Your place</dt>
            <dd className={styles.place}>{formatCount(viewer.place)}</dd>
          </div>
          <div>
            <dt>People ahead</dt>
            <dd>{formatCount(ahead)}</dd>
          </div>
          <div>
            <dt>Estimated wait</dt>
            <dd>{isDue ? 'Any moment' : waitText(wait)}</dd>
          </div>
        </dl>
        {viewer.place > 1 ? (
          <progress
            className={styles.progress}
            max={viewer.place - 1}
            value={admittedAhead}
            aria-label="People ahead of you who have had their turn"
          />
        ) : null}
        <p className={styles.note}>
          Keep this page open: when your turn comes, the purchase opens by itself. You will have{' '}
          {minutesText(data.tokenTtlSeconds ?? 0)} to buy.
        </p>
      </>
    );
  } else if (viewer.status === 'ADMITTED' && viewer.admissionExpiresAt) {
    body = (
      <>
        <Alert tone="success" title="It is your turn">
          Buy before your turn ends, in <Countdown to={viewer.admissionExpiresAt} now={serverNow} />.
        </Alert>
        <Button variant="primary" size="lg" isBlock disabled={!canBuy} onClick={onBuy}>
          Buy packs
        </Button>
        {!canBuy && buyReason ? <p className={styles.note}>{buyReason}</p> : null}
      </>
    );
  } else {
    body = (
      <>
        <Alert tone="info" title="Your turn has passed">
          Join again to queue at the back of the line.
        </Alert>
        {isOpen ? joinButton('Join again') : null}
      </>
    );
  }

  return (
    <section className={styles.room} aria-labelledby={headingId}>
      <Heading id={headingId} title={title} />
      {/* The state is announced when it changes (not the counts, which move every second). */}
      <p className="visually-hidden" aria-live="polite">
        {announcement(viewer)}
      </p>
      <div className={styles.body}>{body}</div>
      {room.isError ? (
        <Alert
          tone="error"
          title="We could not refresh the waiting room"
          action={
            <Button size="sm" variant="secondary" onClick={() => void refetch()} isLoading={room.isFetching}>
              Try again
            </Button>
          }
        >
          {room.error.message} Your place is kept; we keep trying.
        </Alert>
      ) : null}
    </section>
  );
}

/**
 * The server's time now: its clock when it answered the room's read, moved on by the page's clock since. The room and
 * the purchase popup count a turn down by it, so both agree with the API whatever the device's clock says.
 */
export function serverNowOf(room: Pick<ReturnType<typeof useWaitingRoom>, 'data' | 'dataUpdatedAt'>, now: Date): Date {
  return room.data ? new Date(now.getTime() + Date.parse(room.data.now) - room.dataUpdatedAt) : now;
}

/**
 * Whether people may join the room at `serverNow`, from its times, so it turns by the clock: nothing is polled for
 * someone who has not joined, and the API's `isOpenForJoining` is only what was so when it answered.
 */
export function isOpenForJoiningAt(room: TWaitingRoom, serverNow: Date): boolean {
  return room.joinOpensAt !== null && serverNow >= new Date(room.joinOpensAt) && serverNow < new Date(room.saleEndAt);
}

function announcement(viewer: TWaitingRoom['viewer']): string {
  if (!viewer || viewer.status === 'NOT_JOINED') return '';
  if (viewer.status === 'ADMITTED') return 'Your turn has come: the purchase is open.';
  if (viewer.status === 'EXPIRED') return 'Your turn to buy has ended.';
  if (viewer.place === null) return 'Joined. Places are drawn at the opening.';
  return `Places drawn: you are number ${formatCount(viewer.place)}.`;
}

function Heading({ id, title }: { id: string; title: string }) {
  return (
    <h2 id={id} className={styles.heading}>
      <Icon name="users" size={18} />
      {title}
    </h2>
  );
}

/** "under a minute", "about 4 minutes", "about 2 h 05 min". */
function waitText(seconds: number): string {
  if (seconds < 60) return 'Under a minute';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `About ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `About ${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

function minutesText(seconds: number): string {
  if (seconds % 60 !== 0 || seconds < 60) return `${formatCount(seconds)} seconds`;
  const minutes = seconds / 60;
  return `${formatCount(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
