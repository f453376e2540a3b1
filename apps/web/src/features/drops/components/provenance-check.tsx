import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  provenanceCommitment,
  verifyProvenance,
  type TDrop,
  type TDropProvenance,
  type TPack,
  type TProvenanceVerdict,
} from '@cypher/contract';
import { formatCount, formatCountOf } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useMyPacks } from '../../../api/packs/list-my-packs.ts';
import { ProvenanceCard } from './provenance-card.tsx';
import styles from './provenance.module.css';

type TRevealed = TDropProvenance & { seed: string; packs: NonNullable<TDropProvenance['packs']> };

export function isRevealed(provenance: TDropProvenance): provenance is TRevealed {
  return provenance.isRevealed && provenance.seed !== null && provenance.packs !== null;
}

interface TCheck extends TProvenanceVerdict {
  /** The hash this browser computed from the revealed seed and contents. */
  recomputed: string;
}

/**
 * Recomputes the commitment and the shuffle here, in the browser, with the same code the API used (contract
 * provenance.ts). A big drop takes a moment, so the page paints first and the check runs just after.
 */
function useProvenanceCheck(provenance: TRevealed): TCheck | null {
  const [check, setCheck] = useState<TCheck | null>(null);
  useEffect(() => {
    let isCurrent = true;
    const timer = setTimeout(() => {
      let result: TCheck;
      try {
        result = {
          ...verifyProvenance({
            commitment: provenance.commitment,
            seed: provenance.seed,
            editionsPerPack: provenance.editionsPerPack,
            packs: provenance.packs,
          }),
          recomputed: provenanceCommitment(provenance.seed, provenance.packs),
        };
      } catch {
        result = { isCommitmentMatched: false, isShuffleMatched: false, recomputed: '' };
      }
      if (isCurrent) setCheck(result);
    }, 0);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [provenance]);
  return check;
}

export function ProvenanceVerdict({ provenance }: { provenance: TRevealed }) {
  const check = useProvenanceCheck(provenance);
  const editionCount = provenance.packs.reduce((sum, pack) => sum + pack.items.length, 0);
  return (
    <ProvenanceCard title="Checked in your browser">
      {check === null ? (
        <p className={styles.checking} role="status">
          <Spinner /> Recomputing {formatCount(provenance.packs.length)} packs and {formatCount(editionCount)} editions…
        </p>
      ) : (
        <>
          <Alert
            tone={check.isCommitmentMatched && check.isShuffleMatched ? 'success' : 'error'}
            title={
              check.isCommitmentMatched && check.isShuffleMatched
                ? 'This drop checks out'
                : 'This drop does not check out'
            }
          >
            <ul className={styles.verdicts}>
              <li>
                <Icon name={check.isCommitmentMatched ? 'check' : 'alert'} size={18} />
                {check.isCommitmentMatched
                  ? 'The commitment matches: the revealed seed and contents hash to the commitment published with the drop, so the contents were fixed before the sale.'
                  : 'The commitment does not match: the revealed seed and contents do not hash to the commitment published with the drop.'}
              </li>
              <li>
                <Icon name={check.isShuffleMatched ? 'check' : 'alert'} size={18} />
                {check.isShuffleMatched
                  ? "The contents follow from the seed: every pack holds exactly what the seed's shuffle of the drop's editions gives, so nobody chose them by hand."
                  : "The contents do not follow from the seed: the packs differ from the seed's shuffle of the drop's editions."}
              </li>
            </ul>
          </Alert>
          <dl className={styles.facts}>
            <dt>Revealed seed</dt>
            <dd className={styles.mono}>{provenance.seed}</dd>
            <dt>Hash computed here</dt>
            <dd className={styles.mono}>{check.recomputed || 'Could not be computed'}</dd>
            <dt>Packs</dt>
            <dd>
              {formatCount(provenance.packs.length)} {provenance.packs.length === 1 ? 'pack' : 'packs'} of{' '}
              {formatCountOf(provenance.editionsPerPack, 'edition')} each
            </dd>
          </dl>
        </>
      )}
    </ProvenanceCard>
  );
}

type TPackCheck = 'matched' | 'differs' | 'sealed' | 'unknown';

function checkPack(pack: TPack, committed: Map<number, string>): TPackCheck {
  const expected = committed.get(pack.number);
  if (expected === undefined) return 'unknown';
  if (!pack.isOpened) return 'sealed';
  const held = pack.items
    .map((item) => `${item.product.id}#${item.edition.serialNumber}`)
    .sort()
    .join(',');
  return held === expected ? 'matched' : 'differs';
}

const packCheckWords: Record<TPackCheck, string> = {
  matched: 'Held exactly the committed editions',
  differs: 'Differs from the committed editions',
  sealed: 'Sealed: open it to compare its editions',
  unknown: 'Not in the revealed contents',
};

/** A signed-in buyer's own packs of this drop, each compared with what the commitment says it held. */
export function MyPacksCheck({ drop, provenance }: { drop: TDrop; provenance: TRevealed }) {
  const { isLoggedIn } = useSession();
  const packs = useMyPacks({ isEnabled: isLoggedIn });
  const names = new Map(drop.contents.map((content) => [content.product.id, content.product.name]));
  const committed = new Map(
    provenance.packs.map((pack) => [
      pack.number,
      pack.items
        .map((item) => `${item.productId}#${item.serialNumber}`)
        .sort()
        .join(','),
    ]),
  );
  const byNumber = new Map(provenance.packs.map((pack) => [pack.number, pack]));

  let content;
  if (!isLoggedIn) {
    content = (
      <p className={styles.muted}>
        <Link to={`/signin?redirectTo=${encodeURIComponent(`/drops/${drop.id}/provenance`)}`}>Sign in</Link> to check
        your own packs of this drop against the revealed contents.
      </p>
    );
  } else if (packs.isPending) {
    content = (
      <div role="status" aria-busy="true" aria-label="Loading your packs">
        <Skeleton height="3rem" />
      </div>
    );
  } else if (packs.isError) {
    content = (
      <Alert
        tone="error"
        action={
          <Button size="sm" onClick={() => void packs.refetch()} isLoading={packs.isRefetching}>
            Try again
          </Button>
        }
      >
        {packs.error.message}
      </Alert>
    );
  } else {
    const mine = packs.data.groups.flatMap((group) => group.packs).filter((pack) => pack.drop.id === drop.id);
    content =
      mine.length === 0 ? (
        <p className={styles.muted}>You hold no packs of this drop.</p>
      ) : (
        <ul className={styles.packs} aria-label="My packs of this drop">
          {mine
            .sort((a, b) => a.number - b.number)
            .map((pack) => {
              const result = checkPack(pack, committed);
              const expected = byNumber.get(pack.number)?.items ?? [];
              return (
                <li key={pack.id} className={styles.pack}>
                  <span className={styles.packTitle}>
                    <Icon
                      name={result === 'matched' ? 'check' : result === 'differs' ? 'alert' : 'info'}
                      size={18}
                      className={result === 'differs' ? styles.bad : result === 'matched' ? styles.good : undefined}
                    />
                    Pack #{formatCount(pack.number)}: {packCheckWords[result]}
                  </span>
                  {expected.length > 0 ? (
                    <span className={styles.muted}>
                      Committed:{' '}
                      {expected
                        .map(
                          (item) => `${names.get(item.productId) ?? item.productId} #${formatCount(item.serialNumber)}`,
                        )
                        .join(', ')}
                    </span>
                  ) : null}
                </li>
              );
            })}
        </ul>
      );
  }
  return <ProvenanceCard title="Your packs">{content}</ProvenanceCard>;
}
