import type { To } from 'react-router';
import type { TPack } from '@cypher/contract';
import { useMyPacks } from '../../../api/packs/list-my-packs.ts';
import { formatCount } from '../../../lib/format.ts';
import { ArtCard, artCardStyles } from '../../../ui/art-card.tsx';
import { CardGrid } from '../../../ui/card-grid.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { packOpenedHere } from '../../../ui/pack-dialog-history.ts';
import styles from './my-collection.module.css';

/** My sealed packs (of one brand's drops, with a brand filter): what the Collectibles tab shows above the editions. */
export function useUnopenedPacks(brandId: string | undefined) {
  const sealed = useMyPacks({ isOpened: false });
  const packs = (sealed.data?.groups ?? [])
    .flatMap((group) => group.packs)
    .filter((pack) => !pack.isOpened && (!brandId || pack.drop.brand.id === brandId));
  return { query: sealed, packs };
}

/**
 * My Collection's sealed packs (spec section 4 counts them among what a person holds): each opens in the pack
 * dialog, on this page, at `packHref`; once opened it leaves this list and its editions join the brands below.
 * Nothing at all while there are none, or while they load (the editions have their own skeleton).
 */
export function UnopenedPacks({
  sealed,
  packHref,
}: {
  sealed: ReturnType<typeof useUnopenedPacks>;
  packHref: (id: string) => To;
}) {
  const { query, packs } = sealed;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        titleAs="h2"
        title="We could not load your unopened packs"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
      />
    );
  }
  if (packs.length === 0) return null;
  return (
    <section aria-labelledby="unopened-packs-heading" className={styles.group}>
      <h2 id="unopened-packs-heading" className={styles.groupHeading}>
        Unopened packs
        <span className={styles.groupCount}>{formatCount(packs.length)}</span>
      </h2>
      <CardGrid label="Unopened packs">
        {packs.map((pack) => (
          <li key={pack.id}>
            <SealedPackCard pack={pack} to={packHref(pack.id)} />
          </li>
        ))}
      </CardGrid>
    </section>
  );
}

function SealedPackCard({ pack, to }: { pack: TPack; to: To }) {
  return (
    <ArtCard
      to={to}
      state={packOpenedHere}
      imageUrl={pack.drop.imageUrl}
      tone="strong"
      tint="var(--color-accent)"
      className={styles.sealed}
      corner={<span className={`${artCardStyles.corner} ${artCardStyles.flag}`}>Sealed</span>}
    >
      <h3 className={artCardStyles.name}>{pack.drop.name}</h3>
      <span className={artCardStyles.sub}>
        Pack #{formatCount(pack.number)} · {pack.isGift ? 'A gift' : `Round ${pack.round}`}
      </span>
      <span className={styles.packAction}>Open pack</span>
    </ArtCard>
  );
}
