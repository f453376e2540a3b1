import { Link, useParams } from 'react-router';
import { dropPath } from '../../lib/drop-paths.ts';
import { useNow } from '../../lib/use-now.ts';
import { Alert } from '../../ui/alert.tsx';
import { Countdown } from '../../ui/countdown.tsx';
import { DetailError, DetailSkeleton } from '../../ui/detail-states.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { useDrop } from './api/get-drop.ts';
import { useClaimLogHead } from './api/get-claim-log.ts';
import { useDropProvenance } from './api/get-drop-provenance.ts';
import { ClaimLogVerdict } from './components/claim-log-check.tsx';
import { claimsLoggedText } from './components/claim-log-words.ts';
import { MyClaimsCheck } from './components/my-claims-check.tsx';
import { isRevealed, MyPacksCheck, ProvenanceVerdict } from './components/provenance-check.tsx';
import { ProvenanceCard } from './components/provenance-card.tsx';
import styles from './components/provenance.module.css';

/**
 * `/drops/:id/provenance` (public): the commitment published with the drop and the claim log's head as it grows; once
 * the drop is revealed (decision record 0023: after the end, once every open payment is decided), the seed and the
 * claim log, checked here in the browser against the commitment, and a buyer's own packs and claims against them.
 */
export default function DropProvenancePage() {
  const { id = '' } = useParams();
  const drop = useDrop(id);
  const now = useNow();
  const hasEnded = drop.data ? now.getTime() >= Date.parse(drop.data.dropEndAt) : false;
  const provenance = useDropProvenance(id, { isAwaitingReveal: hasEnded });
  const isSealed = provenance.data?.isRevealed === false;
  // While the drop sells, the head sealed up to this moment: the provenance answer's can be a minute behind.
  const freshHead = useClaimLogHead(id, { isEnabled: isSealed });

  // Until both are first read (a read again that fails keeps the page: the provenance is asked again while sealed).
  if (drop.data === undefined || provenance.data === undefined) {
    const failed = drop.isError ? drop : provenance.isError ? provenance : null;
    if (!failed) return <DetailSkeleton label="Loading the provenance" />;
    return (
      <DetailError
        what="drop"
        error={failed.error}
        onRetry={() => void Promise.all([drop.refetch(), provenance.refetch()])}
        isRetrying={drop.isRefetching || provenance.isRefetching}
        browseTo="/drops"
        browseLabel="Browse drops"
      />
    );
  }
  const data = provenance.data;
  const dropData = drop.data;
  const head = isSealed && freshHead.data ? freshHead.data : data.claimLogHead;

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta
        title={`Provenance · ${dropData.name}`}
        description={`Check that the packs of ${dropData.name} hold what was committed before the sale.`}
      />
      <header className={styles.header}>
        <Link to={dropPath(dropData.id)} className={styles.back}>
          {dropData.name}
        </Link>
        <h1 className={styles.title}>Provenance</h1>
        <p className={styles.lead}>
          Nobody, not even us, can change what a pack holds after the sale opens, and nobody picks which pack a buyer
          gets: here is how you can check it yourself.
        </p>
      </header>

      <ProvenanceCard title="How it works">
        <ol className={styles.steps}>
          <li>
            Every edition of the drop is listed in a fixed order (products by id, then serial numbers), shuffled with
            randomness drawn from a secret seed, and cut into packs of {data.editionsPerPack}.
          </li>
          <li>
            Before the sale, we publish the commitment: the SHA-256 hash of the seed and every pack&apos;s contents.
            Changing one edition in one pack would change it.
          </li>
          <li>
            Every pack a purchase claims is written to the drop&apos;s claim log with its order and a hash only the
            buyer can recognise, and so is every pack given back when a payment does not arrive. The entries are chained
            by hashes from the commitment, and the log&apos;s head is shown below while the drop sells: note it right
            after buying, and nobody can rewrite the log up to that point without it showing.
          </li>
          <li>
            Once the drop has ended and every payment still open for its packs is decided, the seed, the contents and
            the claim log are revealed, and anyone can recompute all three.
          </li>
        </ol>
        <dl className={styles.facts}>
          <dt>Commitment</dt>
          <dd className={styles.mono}>{data.commitment}</dd>
          <dt>Claim log</dt>
          <dd>{claimsLoggedText(head.length)}</dd>
          <dd className={styles.mono}>{head.chainHash}</dd>
          <dt>Algorithm</dt>
          <dd>{data.algorithm}</dd>
        </dl>
      </ProvenanceCard>

      {isRevealed(data) ? (
        <>
          <ProvenanceVerdict provenance={data} />
          <ClaimLogVerdict dropId={dropData.id} commitment={data.commitment} expectedLength={head.length} />
          <MyPacksCheck drop={dropData} provenance={data} />
          <MyClaimsCheck dropId={dropData.id} />
        </>
      ) : hasEnded ? (
        <Alert tone="info" title="The drop has ended">
          Its seed, contents and claim log are revealed once every payment still open for its packs is decided: a card
          or Tilia payment can take a while to be paid or to run out. Until then the commitment and the head above hold
          everything fixed, and this page shows the check as soon as they are revealed.
        </Alert>
      ) : (
        <Alert tone="info" title="The seed is revealed when the drop ends">
          Until then the commitment above is what holds the contents fixed. The drop ends in{' '}
          <Countdown to={dropData.dropEndAt} now={now} />; come back then to check it here.
        </Alert>
      )}
    </div>
  );
}
