import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { raffleDrawPageMeta, type TRaffleDraw } from '@cypher/contract';
import { dropPath } from '../../lib/drop-paths.ts';
import { formatCount, formatDateTimeWithZone } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';
import { Alert } from '../../ui/alert.tsx';
import { Countdown } from '../../ui/countdown.tsx';
import { DetailLoadStates, DetailNotFound } from '../../ui/detail-states.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { useRaffleDraw } from './api/get-raffle-draw.ts';
import { ProvenanceCard } from './components/provenance-card.tsx';
import { isDrawn, RaffleDrawCheck, type TDrawnRaffle } from './components/raffle-draw-check.tsx';
import { RaffleEntryLookup } from './components/raffle-entry-lookup.tsx';
import styles from './components/provenance.module.css';
import raffleStyles from './components/raffle-draw.module.css';

/**
 * `/drops/:id/raffle/:roundId` (public; issue 18, not in spec section 2): a raffle round's draw, checkable by anyone
 * (decision record 0026). Reads: `GET /v1/raffles/{roundId}` · Writes: nothing · Shows: the commitment from the
 * opening; once drawn, the seed, the winners, "Recompute the winners" (run here with the contract's raffle-draw.ts)
 * and a handle lookup; not found for a round of another drop · Tests: raffle-draw-page.test.tsx.
 */
export default function RaffleDrawPage() {
  const { id = '', roundId = '' } = useParams();
  const raffle = useRaffleDraw(roundId);
  const now = useNow();

  if (raffle.data === undefined) {
    return (
      <DetailLoadStates
        query={raffle}
        what="raffle draw"
        loadingLabel="Loading the raffle draw"
        browseTo={dropPath(id)}
        browseLabel="Back to the drop"
      />
    );
  }
  const draw = raffle.data;
  // A round of another drop under this drop's address is not this drop's raffle (page-subjects.ts answers it 404).
  if (draw.dropId.toLowerCase() !== id.toLowerCase()) {
    return <DetailNotFound what="raffle draw" browseTo={dropPath(id)} browseLabel="Back to the drop" />;
  }
  const drawn = isDrawn(draw) ? draw : null;

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta {...raffleDrawPageMeta(draw)} />
      <header className={styles.header}>
        <Link to={dropPath(draw.dropId)} className={styles.back}>
          Back to the drop
        </Link>
        <h1 className={styles.title}>Round {draw.round} raffle draw</h1>
        <p className={styles.lead}>
          Nobody, not even us, picks the winners: they follow from a seed fixed before the first entry and from the
          entries frozen at the close. Here is how you can check it yourself.
        </p>
      </header>

      <ProvenanceCard title="How it works">
        <ol className={styles.steps}>
          <li>
            When registration opens, we publish the commitment: the SHA-256 hash of a secret random seed. The seed
            cannot change after that without the hash showing it.
          </li>
          <li>Registration closes at its time; the entries are frozen then, one per person, each with a handle.</li>
          <li>
            At the draw, the seed and every entry&apos;s handle are published. Each entry is scored by SHA-256 of the
            seed, a colon and its handle;{' '}
            {draw.places === 1 ? 'the lowest score wins.' : `the ${formatCount(draw.places)} lowest scores win.`}
          </li>
          <li>
            Places not bought in time go to a second draw: the next entries in the same order, after the first
            draw&apos;s winners.
          </li>
        </ol>
        <dl className={styles.facts}>
          <dt>Commitment</dt>
          <dd className={styles.mono}>{draw.commitment}</dd>
          <dt>Registration</dt>
          <dd>
            {formatDateTimeWithZone(draw.registrationOpensAt)} to {formatDateTimeWithZone(draw.registrationClosesAt)}
          </dd>
          <dt>Places</dt>
          <dd>{formatCount(draw.places)}</dd>
          <dt>Entries</dt>
          <dd>
            {formatCount(draw.entriesCount)}
            {drawn ? '' : ' so far'}
          </dd>
          <dt>Algorithm</dt>
          <dd>{draw.algorithm}</dd>
        </dl>
      </ProvenanceCard>

      {drawn ? (
        <>
          <DrawResult draw={drawn} />
          <RaffleDrawCheck key={`${drawn.drawnAt}|${drawn.secondDraw?.drawnAt ?? ''}`} draw={drawn} />
          <RaffleEntryLookup draw={drawn} />
        </>
      ) : (
        <NotDrawn draw={draw} now={now} />
      )}
    </div>
  );
}

/** A draw's winners in their order, under a visible title: under "Entries" alone, they read as the entries. */
function WinnerList({ title, winners }: { title: string; winners: readonly string[] }) {
  const titleId = useId();
  return (
    <>
      <h3 id={titleId} className={raffleStyles.winnersTitle}>
        {title}
      </h3>
      {winners.length === 0 ? (
        <p className={styles.muted}>Nobody: no entries were left to draw from.</p>
      ) : (
        <ol className={raffleStyles.winners} aria-labelledby={titleId}>
          {winners.map((winner, index) => (
            <li key={winner} className={raffleStyles.winner}>
              <span className={raffleStyles.place}>{formatCount(index + 1)}.</span>
              <span className={raffleStyles.handle}>{winner}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function DrawResult({ draw }: { draw: TDrawnRaffle }) {
  const second = draw.secondDraw;
  return (
    <>
      <ProvenanceCard title="The draw">
        <dl className={styles.facts}>
          {draw.drawnAt ? (
            <>
              <dt>Drawn</dt>
              <dd>{formatDateTimeWithZone(draw.drawnAt)}</dd>
            </>
          ) : null}
          <dt>Revealed seed</dt>
          <dd className={styles.mono}>{draw.seedHex}</dd>
          <dt>Entries</dt>
          <dd>
            {formatCount(draw.entries.length)} {draw.entries.length === 1 ? 'entry' : 'entries'} for{' '}
            {formatCount(draw.places)} {draw.places === 1 ? 'place' : 'places'}
          </dd>
        </dl>
        <WinnerList title="Winners" winners={draw.winners} />
      </ProvenanceCard>
      {second ? (
        <ProvenanceCard title="Second draw">
          <dl className={styles.facts}>
            <dt>Drawn</dt>
            <dd>{formatDateTimeWithZone(second.drawnAt)}</dd>
            <dt>Places not bought in time</dt>
            <dd>{formatCount(second.places)}</dd>
          </dl>
          <WinnerList title="Winners of the second draw" winners={second.winners} />
        </ProvenanceCard>
      ) : null}
    </>
  );
}

function NotDrawn({ draw, now }: { draw: TRaffleDraw; now: Date }) {
  const time = now.getTime();
  let body;
  if (time < Date.parse(draw.registrationOpensAt)) {
    body = (
      <>
        Registration opens in <Countdown to={draw.registrationOpensAt} now={now} />. The commitment above is already
        fixed: note it now, and check it against the seed revealed at the draw.
      </>
    );
  } else if (time < Date.parse(draw.registrationClosesAt)) {
    body = (
      <>
        Registration closes in <Countdown to={draw.registrationClosesAt} now={now} />. The seed, the entries and the
        winners are published at the draw, right after.
      </>
    );
  } else {
    body = (
      <>
        Registration closed on {formatDateTimeWithZone(draw.registrationClosesAt)} and the entries are frozen. The draw
        is held at the close; this page shows it, with the seed, as soon as it is published.
      </>
    );
  }
  return (
    <Alert tone="info" title="The draw has not been held yet">
      {body}
    </Alert>
  );
}
