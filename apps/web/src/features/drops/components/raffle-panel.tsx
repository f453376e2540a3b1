import { Link } from 'react-router';
import { errorCatalogue, type TRaffleDraw } from '@cypher/contract';
import { isApiError } from '../../../api/api-error.ts';
import { myPacksPath, raffleDrawPath } from '../../../lib/drop-paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { useFormatDateTime } from '../../../lib/use-format-date-time.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { hasSecondDrawToCome, useEnterRaffle, useRaffleRound } from '../api/raffle-round.ts';
import styles from './raffle-panel.module.css';

/**
 * A raffle round on the drop page (issue 18): who may enter (everyone, or the holders of the round's pass only, with
 * the way to the pass for anyone without it), what entering costs (a ticket, or free for the round's holders), until
 * when, how many places for how many entries, my entry's public handle, and after the draw whether I won a place and
 * until when I may buy it (a first winner whose window has passed is told so, not to buy before a time gone), with
 * the public draw to recompute (`/drops/{id}/raffle/{roundId}`). It is asked again until the second draw is held (or
 * there will be none), so a second-draw win shows without a reload. A winner with nothing left to buy (their place's
 * packs bought, or the round sold out) is told that, not pointed at a Buy button the page no longer shows. Nothing for
 * a round that is not a raffle.
 */
export function RafflePanel({
  dropId,
  roundId,
  roundEndsAt,
  now,
  buying = null,
}: {
  dropId: string;
  roundId: string;
  /** The round's end: a second-draw winner buys until then, and a window that lasts the round leaves no second draw. */
  roundEndsAt: string;
  now: Date;
  /** The viewer's buying in this round while it is the one on sale; null for a round still to come (or a visitor). */
  buying?: TRaffleBuying | null;
}) {
  const raffle = useRaffleRound(roundId, roundEndsAt);
  if (!raffle.data) return null;
  return <RaffleFacts dropId={dropId} raffle={raffle.data} roundEndsAt={roundEndsAt} now={now} buying={buying} />;
}

/** Where the viewer's buying stands in the raffle's round, from the drop's viewer part and the round's counts. */
export interface TRaffleBuying {
  /** Packs the viewer's place still allows (the drop's `viewer.remaining` for this round). */
  remaining: number;
  /** Whether the viewer has bought (or holds) any pack of this round. */
  hasBought: boolean;
  /** Every pack of the round is sold (or held). */
  isSoldOut: boolean;
  /** The purchase whose packs are held while the viewer pays (not in My packs yet); null when none waits. */
  heldPurchasePath: string | null;
}

/**
 * The ticket an entry spends, as the API charges it (enter-raffle.ts), or null when entering is free. Only a round that
 * requires a pass has holders to let in free, and only its holders enter at all, so on such a round the holder's price
 * is the price; on a round open to everyone the ticket is due from everyone, whatever the raffle says of pass holders.
 */
function entryTicket(raffle: TRaffleDraw): { id: string; name: string } | null {
  const rules = raffle.rules;
  if (!rules?.ticketKind) return null;
  return rules.requiredPass && rules.isFreeForPassHolders ? null : rules.ticketKind;
}

function RaffleFacts({
  dropId,
  raffle,
  roundEndsAt,
  now,
  buying,
}: {
  dropId: string;
  raffle: TRaffleDraw;
  roundEndsAt: string;
  now: Date;
  buying: TRaffleBuying | null;
}) {
  const formatDateTime = useFormatDateTime();
  const drawPath = raffleDrawPath(dropId, raffle.roundId);
  const ticket = entryTicket(raffle);
  const cost = ticket ? `1 ${ticket.name}` : 'Free';
  const requiredPass = raffle.rules?.requiredPass ?? null;
  return (
    <section className={styles.panel} aria-labelledby={`raffle-${raffle.roundId}`}>
      <h3 id={`raffle-${raffle.roundId}`} className={styles.title}>
        Round {raffle.round} is a raffle
      </h3>
      <dl className={styles.facts}>
        <dt>Places</dt>
        <dd>{formatCount(raffle.places)}</dd>
        <dt>Entries</dt>
        <dd>{formatCount(raffle.entriesCount)}</dd>
        {requiredPass ? (
          <>
            <dt>Who may enter</dt>
            <dd>
              Holders of <Link to={`/pass/${requiredPass.id}`}>{requiredPass.name}</Link> only
            </dd>
          </>
        ) : null}
        <dt>To enter</dt>
        <dd>{cost}</dd>
        <dt>Registration</dt>
        <dd>
          <time dateTime={raffle.registrationOpensAt}>{formatDateTime(raffle.registrationOpensAt)}</time> to{' '}
          <time dateTime={raffle.registrationClosesAt}>{formatDateTime(raffle.registrationClosesAt)}</time>
        </dd>
      </dl>
      <RaffleState raffle={raffle} roundEndsAt={roundEndsAt} now={now} buying={buying} />
      <p className={styles.note}>
        The winners are drawn from a seed committed before anyone entered.{' '}
        <Link to={drawPath}>{raffle.drawnAt ? 'Check the draw' : 'See the commitment'}</Link>
      </p>
    </section>
  );
}

function RaffleState({
  raffle,
  roundEndsAt,
  now,
  buying,
}: {
  raffle: TRaffleDraw;
  roundEndsAt: string;
  now: Date;
  buying: TRaffleBuying | null;
}) {
  const formatDateTime = useFormatDateTime();
  const { isLoggedIn } = useSession();
  const enter = useEnterRaffle(raffle.roundId);
  const mine = raffle.mine ?? null;
  const time = now.getTime();
  const isOpen = time >= Date.parse(raffle.registrationOpensAt) && time < Date.parse(raffle.registrationClosesAt);

  if (raffle.drawnAt && mine) {
    const windowEndsAt = raffle.rules?.purchaseWindowEndsAt ?? null;
    const hasSecondDraw = hasSecondDrawToCome(raffle, roundEndsAt);
    // Drop day: a winner who had bought their place's packs was still told to use a Buy button the page no longer
    // showed (the API answers PURCHASE_LIMIT_REACHED, or SOLD_OUT once the round is gone).
    if (mine.wonIn !== null && buying && (buying.remaining === 0 || (buying.isSoldOut && buying.hasBought))) {
      return (
        <Alert tone="success" title={mine.wonIn === 1 ? 'You won a place' : 'You won a place in the second draw'}>
          {buying.heldPurchasePath ? (
            <>
              Your packs from this raffle are held while you pay.{' '}
              <Link to={buying.heldPurchasePath}>See the purchase</Link>.
            </>
          ) : (
            <>
              You bought your packs from this raffle. See them in <Link to={myPacksPath}>My packs</Link>.
            </>
          )}{' '}
          Your entry: <code>{mine.handle}</code>
        </Alert>
      );
    }
    // A first winner buys until the window ends; past it, their place went on to the second draw's waiting list.
    if (mine.wonIn === 1 && windowEndsAt && time >= Date.parse(windowEndsAt)) {
      const secondDrawWords = raffle.secondDraw
        ? raffle.secondDraw.places > 0
          ? 'Places not bought by then went to a second draw. '
          : ''
        : hasSecondDraw
          ? 'Places not bought by then go to a second draw. '
          : '';
      return (
        <p className={styles.state}>
          You won a place in the first draw; its purchase window closed{' '}
          <time dateTime={windowEndsAt}>{formatDateTime(windowEndsAt)}</time>. {secondDrawWords}
          Your entry: <code>{mine.handle}</code>
        </p>
      );
    }
    if (mine.wonIn !== null && buying?.isSoldOut) {
      return (
        <p className={styles.state}>
          You won a place, but round {raffle.round} sold out before you bought your packs. Your entry:{' '}
          <code>{mine.handle}</code>
        </p>
      );
    }
    if (mine.wonIn !== null) {
      // The first draw's winners buy until the window ends, the second draw's until the round ends.
      const until = mine.wonIn === 1 ? windowEndsAt : roundEndsAt;
      return (
        <Alert tone="success" title={mine.wonIn === 1 ? 'You won a place' : 'You won a place in the second draw'}>
          Buy your packs with the Buy button
          {until ? (
            <>
              {' '}
              before <time dateTime={until}>{formatDateTime(until)}</time>
            </>
          ) : null}
          . Your entry: <code>{mine.handle}</code>
        </Alert>
      );
    }
    return (
      <p className={styles.state}>
        Not drawn this time (your entry <code>{mine.handle}</code>).{' '}
        {raffle.rules?.ticketsOnLoss === 'RETURNED' && mine.hasSpentTicket ? 'Your ticket was given back. ' : ''}
        {hasSecondDraw ? 'Places nobody buys go to a second draw.' : null}
      </p>
    );
  }
  if (mine) {
    return (
      <p className={styles.state}>
        You are in. Your entry: <code>{mine.handle}</code>. The draw is held when registration closes.
      </p>
    );
  }
  if (raffle.drawnAt || time >= Date.parse(raffle.registrationClosesAt)) {
    return <p className={styles.state}>Registration has closed.</p>;
  }
  if (!isOpen) {
    return (
      <p className={styles.state}>
        Registration opens{' '}
        <time dateTime={raffle.registrationOpensAt}>{formatDateTime(raffle.registrationOpensAt)}</time>.
      </p>
    );
  }
  if (!isLoggedIn) {
    return (
      <ButtonLink to={`/signin?redirectTo=${encodeURIComponent(`/drops/${raffle.dropId}`)}`} variant="secondary">
        Sign in to enter
      </ButtonLink>
    );
  }
  const requiredPass = raffle.rules?.requiredPass ?? null;
  // Said before the tap, not after it (PASS_REQUIRED): someone without the round's pass cannot enter, so no button.
  if (requiredPass && raffle.holdsRequiredPass === false) {
    return (
      <p className={styles.state}>
        Only holders of {requiredPass.name} can enter this raffle.{' '}
        <Link to={`/pass/${requiredPass.id}`}>Get the pass</Link>
      </p>
    );
  }
  const refusal = isApiError(enter.error) ? enter.error : null;
  // What the tap spends is on the button itself, since a ticket spent on an entry does not come back unless the round
  // returns it.
  const ticket = entryTicket(raffle);
  const label = ticket ? `Enter for 1 ${ticket.name}` : 'Enter the raffle';
  return (
    <div className={styles.enter}>
      <Button onClick={() => enter.mutate()} isLoading={enter.isPending}>
        {label}
      </Button>
      {refusal ? (
        <Alert tone="error" title="Not entered">
          {errorCatalogue[refusal.code as keyof typeof errorCatalogue]?.message ?? refusal.message}
          {refusal.code === 'NOT_ENOUGH_TICKETS' ? (
            <>
              {' '}
              <Link to="/tickets">Get a ticket</Link>
            </>
          ) : null}
        </Alert>
      ) : enter.isError ? (
        <Alert tone="error" title="Not entered">
          We could not reach the server. Please try again.
        </Alert>
      ) : null}
    </div>
  );
}
