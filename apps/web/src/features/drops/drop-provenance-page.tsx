import { Link, useParams } from 'react-router';
import { dropPath } from '../../lib/drop-paths.ts';
import { useNow } from '../../lib/use-now.ts';
import { Alert } from '../../ui/alert.tsx';
import { Countdown } from '../../ui/countdown.tsx';
import { DetailError, DetailSkeleton } from '../../ui/detail-states.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { useDrop } from './api/get-drop.ts';
import { useDropProvenance } from './api/get-drop-provenance.ts';
import { isRevealed, MyPacksCheck, ProvenanceVerdict } from './components/provenance-check.tsx';
import styles from './components/provenance.module.css';

/**
 * `/drops/:id/provenance` (public): the commitment published with the drop; once the drop has ended, the revealed
 * seed, checked here in the browser against the commitment and the shuffle, and a buyer's own packs against it.
 */
export default function DropProvenancePage() {
  const { id = '' } = useParams();
  const drop = useDrop(id);
  const provenance = useDropProvenance(id);
  const now = useNow();

  if (drop.isPending || provenance.isPending) return <DetailSkeleton label="Loading the provenance" />;
  const failed = drop.isError ? drop : provenance.isError ? provenance : null;
  if (failed) {
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
  const data = provenance.data!;
  const dropData = drop.data!;
  const hasEnded = now.getTime() >= Date.parse(dropData.dropEndAt);

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

      <section aria-labelledby="scheme-heading" className={styles.card}>
        <h2 id="scheme-heading" className={styles.heading}>
          How it works
        </h2>
        <ol className={styles.steps}>
          <li>
            Every edition of the drop is listed in a fixed order (products by id, then serial numbers), shuffled with
            randomness drawn from a secret seed, and cut into packs of {data.editionsPerPack}.
          </li>
          <li>
            Before the sale, we publish the commitment: the SHA-256 hash of the seed and every pack&apos;s contents.
            Changing one edition in one pack would change it.
          </li>
          <li>When the drop ends, the seed and the contents are revealed, and anyone can recompute both.</li>
        </ol>
        <dl className={styles.facts}>
          <dt>Commitment</dt>
          <dd className={styles.mono}>{data.commitment}</dd>
          <dt>Algorithm</dt>
          <dd>{data.algorithm}</dd>
        </dl>
      </section>

      {isRevealed(data) ? (
        <>
          <ProvenanceVerdict provenance={data} />
          <MyPacksCheck drop={dropData} provenance={data} />
        </>
      ) : (
        <Alert tone="info" title="The seed is revealed when the drop ends">
          {hasEnded ? (
            'The drop has ended; its seed and contents are being revealed. Please check back in a moment.'
          ) : (
            <>
              Until then the commitment above is what holds the contents fixed. The drop ends in{' '}
              <Countdown to={dropData.dropEndAt} now={now} />; come back then to check it here.
            </>
          )}
        </Alert>
      )}
    </div>
  );
}
