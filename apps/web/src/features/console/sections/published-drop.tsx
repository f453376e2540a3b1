import { dropMessages, formatMoney, liveRoundsAt, type TConsoleDrop } from '@cypher/contract';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { dropProvenancePath } from '../../../lib/drop-paths.ts';
import { formatCount, formatCountOf, formatDateTimeWithZone, formatPercent } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import { RarityBadge } from '../../../ui/rarity-badge.tsx';
import { LIVE_DROP_REFRESH_MS } from '../api/get-console-drop.ts';
import { DropOddsTable } from '../components/drop-odds-table.tsx';
import { PublicationProgress } from '../components/publication-progress.tsx';
import { RoundAccess } from '../components/round-access.tsx';
import { RoundBuyers } from '../components/round-buyers.tsx';
import accessStyles from '../components/round-access.module.css';
import { FormSection } from '../components/form-section.tsx';
import styles from '../components/drops.module.css';

function Details({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={styles.details}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const time = (iso: string) => <time dateTime={iso}>{formatDateTimeWithZone(iso)}</time>;

/**
 * The packs no order has taken, as of the read: those of rounds on sale or to come, and those a round left when it
 * ended, which no later round sells (each round sells its own packs). Held packs count as taken until their hold ends.
 */
function packsLeft(drop: TConsoleDrop, readAt: number): { left: number; unsold: number } {
  // Held-back packs are the drop page's concern (who may buy them now), not the count of what is left.
  const rounds = drop.rounds.map((round) => ({
    ...round,
    soldCount: round.soldCount + round.heldCount,
    heldBackLeftCount: 0,
  }));
  let left = 0;
  let unsold = 0;
  for (const round of liveRoundsAt(drop, rounds, new Date(readAt))) {
    if (round.state === 'ENDED') unsold += round.leftCount;
    else left += round.leftCount;
  }
  return { left, unsold };
}

/** One of the live counts: a small caps name over a large number, and what it counts. */
function CountFigure({ term, count, caption }: { term: string; count: number; caption: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        {formatCount(count)}
        <small>{caption}</small>
      </dd>
    </div>
  );
}

/** Sold, held and left over every round, with a bar, then each round's own figures. */
function LiveCounts({ drop, readAt }: { drop: TConsoleDrop; readAt: number }) {
  const { dropCount, soldCount, heldCount } = drop.counts;
  const { left, unsold } = packsLeft(drop, readAt);
  const share = (count: number) => (dropCount > 0 ? count / dropCount : 0);
  const isLive = drop.status === 'AVAILABLE';
  return (
    <FormSection id="drop-counts" title="Live counts">
      <dl className={styles.counts}>
        <CountFigure
          term="Sold"
          count={soldCount}
          caption={`of ${formatCount(dropCount)} packs · ${formatPercent(share(soldCount))}`}
        />
        <CountFigure term="Held" count={heldCount} caption="awaiting payment" />
        <CountFigure term="Left" count={left} caption="on sale or to come" />
        {unsold > 0 ? <CountFigure term="Unsold" count={unsold} caption="left by rounds that ended" /> : null}
      </dl>
      <div
        className={styles.meter}
        role="img"
        aria-label={`${formatCount(soldCount)} sold, ${formatCount(heldCount)} held, ${formatCount(left)} left${unsold > 0 ? `, ${formatCount(unsold)} unsold` : ''} of ${formatCountOf(dropCount, 'pack')}`}
      >
        <span className={styles.meterSold} style={{ width: `${share(soldCount) * 100}%` }} />
        <span className={styles.meterHeld} style={{ width: `${share(heldCount) * 100}%` }} />
      </div>
      <p className={styles.legend}>
        <span style={{ '--swatch': 'var(--color-accent)' } as CSSProperties}>Sold</span>
        <span style={{ '--swatch': 'var(--color-warning)' } as CSSProperties}>Held</span>
        <span style={{ '--swatch': 'var(--color-border-strong)' } as CSSProperties}>Left</span>
      </p>
      <div className={styles.tableScroll}>
        <table className={`${styles.roundTable} ${styles.stackOnPhone}`}>
          <caption className="visually-hidden">Rounds</caption>
          <thead>
            <tr>
              <th scope="col">Round</th>
              <th scope="col">Sale</th>
              <th scope="col">Price</th>
              <th scope="col">Sold</th>
              <th scope="col">Who may buy</th>
            </tr>
          </thead>
          <tbody>
            {drop.rounds.map((round) => (
              <tr key={round.id}>
                <th scope="row">
                  <span className={styles.phoneLabel}>Round </span>
                  {round.round}
                </th>
                <td data-label="Sale">
                  {time(round.saleBeginAt)}
                  <span className={styles.sub}>to {formatDateTimeWithZone(round.saleEndAt)}</span>
                </td>
                <td data-label="Price">
                  {formatMoney(round.price)}
                  <span className={styles.sub}>
                    {round.perPersonLimit === null ? 'no limit' : `${formatCount(round.perPersonLimit)} per person`}
                  </span>
                </td>
                <td data-label="Sold">
                  {formatCount(round.soldCount)} / {formatCount(round.packCount)}
                  <span className={styles.sub}>
                    packs #{formatCount(round.beginIssuedPackNumber)}–#{formatCount(round.endIssuedPackNumber)}
                  </span>
                </td>
                <td data-label="Who may buy">
                  <RoundBuyers round={round} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {drop.giftRound ? (
        <p className={styles.note}>
          Gift round {drop.giftRound.round}: {formatCount(drop.giftRound.givenCount)} of{' '}
          {formatCount(drop.giftRound.packCount)} packs given (packs #
          {formatCount(drop.giftRound.beginIssuedPackNumber)}
          –#{formatCount(drop.giftRound.endIssuedPackNumber)}), by redeem codes, check-in rewards and airdrops; never on
          sale, and not in the counts above.
        </p>
      ) : null}
      <p className={styles.updated}>
        Read at {new Date(readAt).toLocaleTimeString('en-US', { timeZoneName: 'short' })}
        {isLive ? `; read again every ${LIVE_DROP_REFRESH_MS / 1000} seconds while the drop is live.` : '.'}
      </p>
    </FormSection>
  );
}

function Contents({ drop }: { drop: TConsoleDrop }) {
  return (
    <FormSection id="drop-contents" title="Contents">
      <div className={styles.tableScroll}>
        <table className={`${styles.roundTable} ${styles.stackOnPhone} ${styles.threeOnPhone}`}>
          <caption className="visually-hidden">Products in the packs</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Rarity</th>
              <th scope="col">Editions</th>
              <th scope="col">Serial numbers</th>
            </tr>
          </thead>
          <tbody>
            {drop.contents.map((content) => (
              <tr key={content.productId}>
                <th scope="row">{content.productName}</th>
                <td data-label="Rarity">
                  <RarityBadge rarity={content.rarity} />
                </td>
                <td data-label="Editions">{formatCount(content.editionCount)}</td>
                <td data-label="Serials">
                  {content.firstSerialNumber === null
                    ? '—'
                    : `#${formatCount(content.firstSerialNumber)}–#${formatCount(content.firstSerialNumber + content.editionCount - 1)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DropOddsTable contents={drop.contents} editionsPerPack={drop.editionsPerPack} />
    </FormSection>
  );
}

/** While the packs are written: how far, and what it means for the sale. */
function Publishing({ drop }: { drop: TConsoleDrop }) {
  return (
    <FormSection id="drop-publication" title="Publication">
      {drop.publication ? <PublicationProgress publication={drop.publication} /> : null}
      <p className={styles.note}>
        The serial numbers and the secret seed are fixed; the packs are being written in batches. The drop shows on the
        site and goes on sale only once every pack is written. You can leave this page: publishing goes on without it.
      </p>
    </FormSection>
  );
}

/**
 * Each round's raffle and waiting room, set on the published drop (the API refuses once they are under way). A link to
 * one round (`#round-access-<id>`, from the audit log) brings it into view once it is drawn: the browser could not, as
 * the page was not there yet.
 */
function Access({ drop }: { drop: TConsoleDrop }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.startsWith('#round-access-')) document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <FormSection id="drop-access" title="Access">
      <div className={accessStyles.rounds}>
        {drop.rounds.map((round) => (
          <RoundAccess key={round.id} drop={drop} round={round} />
        ))}
      </div>
    </FormSection>
  );
}

/**
 * A published drop, read-only (dropMessages.publishedIsFinal): its live counts (read again every few seconds while
 * it is on sale), the commitment published with it, its contents with their serial numbers, and its schedule. While
 * it is being published, the progress of its packs stands where the counts will be.
 */
export function PublishedDrop({ drop, readAt }: { drop: TConsoleDrop; readAt: number }) {
  const editions = drop.contents.reduce((sum, content) => sum + content.editionCount, 0);
  const isPublishing = drop.publicationStatus === 'PUBLISHING';
  return (
    <>
      <Alert tone="info">{dropMessages.publishedIsFinal}</Alert>
      {isPublishing ? <Publishing drop={drop} /> : <LiveCounts drop={drop} readAt={readAt} />}
      {drop.publicationStatus === 'PUBLISHED' ? <Access drop={drop} /> : null}
      <div className={styles.layout}>
        <div className={styles.column}>
          <Contents drop={drop} />
        </div>
        <div className={styles.column}>
          <FormSection id="drop-provenance" title="Provenance commitment">
            <p className={styles.commitment}>{drop.commitment ?? 'Fixed with the first packs written.'}</p>
            <p className={styles.note}>
              A SHA-256 hash of the secret seed and every pack’s contents, fixed when the drop was published. The seed
              is revealed when the drop ends, and anyone can then{' '}
              {isPublishing ? (
                'check every pack against it'
              ) : (
                <Link to={dropProvenancePath(drop.id)}>check every pack against it</Link>
              )}
              .
            </p>
          </FormSection>
          <FormSection id="drop-schedule" title="Drop">
            <div className={styles.about}>
              <FixedWidthImage
                className={styles.artwork}
                src={drop.imageUrl}
                shownWidth={112}
                alt={`${drop.name}: artwork`}
              />
              {drop.description ? <p className={`${styles.note} ${styles.typed}`}>{drop.description}</p> : null}
            </div>
            <Details
              rows={[
                ['Brand', drop.brand.name],
                ['Visible from', time(drop.visibleAt)],
                ['Begins', time(drop.dropBeginAt)],
                ['Ends', time(drop.dropEndAt)],
                [
                  'Packs',
                  `${formatCount(drop.counts.dropCount)}${drop.giftRound ? ` + ${formatCount(drop.giftRound.packCount)} set aside,` : ''} of ${formatCount(drop.editionsPerPack)} ${drop.editionsPerPack === 1 ? 'edition' : 'editions'} each (${formatCount(editions)} editions in all)`,
                ],
                [
                  'Published',
                  drop.publishedAt ? time(drop.publishedAt) : isPublishing ? 'When every pack is written' : '—',
                ],
              ]}
            />
          </FormSection>
        </div>
      </div>
    </>
  );
}
