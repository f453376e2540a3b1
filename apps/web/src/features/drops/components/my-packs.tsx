import type { TPack } from '@cypher/contract';
import { packPath } from '../../../lib/drop-paths.ts';
import { packOpenedHere } from '../../../ui/pack-dialog-history.ts';
import { formatCount } from '../../../lib/format.ts';
import { ArtCard, artCardStyles } from '../../../ui/art-card.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { CardGrid, CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { RarityBadge, rarityColour, rarityLabel } from '../../../ui/rarity-badge.tsx';
import { useMyPacks } from '../../../api/packs/list-my-packs.ts';
import styles from './my-packs.module.css';

/**
 * My packs, grouped by rarity as the API answers them (rarest first, unopened last; spec section 9). A pack opens
 * (or shows what it held) in the pack dialog, at its own address.
 */
export function MyPacks() {
  const packs = useMyPacks();
  if (packs.isPending) return <CardGridSkeleton count={5} label="Loading your packs" />;
  if (packs.isError && !packs.data) {
    return (
      <ErrorState
        title="We could not load your packs"
        error={packs.error}
        onRetry={() => void packs.refetch()}
        isRetrying={packs.isFetching}
      />
    );
  }
  const groups = packs.data.groups.filter((group) => group.packs.length > 0);
  if (groups.length === 0) {
    return (
      <EmptyState
        icon="package"
        title="No packs yet"
        body="Packs you buy from a drop wait here until you open them. See which drops are on sale now."
        action={
          <ButtonLink to="/drops" variant="primary">
            Browse drops
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className={styles.groups}>
      {groups.map((group) => {
        const title = group.rarity ? rarityLabel(group.rarity) : 'Unopened';
        const headingId = `packs-${group.rarity ?? 'unopened'}`;
        return (
          <section key={group.rarity ?? 'unopened'} aria-labelledby={headingId} className={styles.group}>
            <h2 id={headingId} className={styles.groupTitle}>
              {title}
              <span className={styles.groupCount}>{formatCount(group.packs.length)}</span>
            </h2>
            <CardGrid label={`${title} packs`}>
              {group.packs.map((pack) => (
                <li key={pack.id}>
                  <PackCard pack={pack} />
                </li>
              ))}
            </CardGrid>
          </section>
        );
      })}
    </div>
  );
}

function PackCard({ pack }: { pack: TPack }) {
  return (
    <ArtCard
      to={packPath(pack.id)}
      state={packOpenedHere}
      imageUrl={pack.drop.imageUrl}
      tone="strong"
      tint={pack.rarity ? rarityColour(pack.rarity) : pack.isOpened ? undefined : 'var(--color-accent)'}
      className={pack.isOpened ? undefined : styles.sealed}
      corner={
        pack.rarity ? (
          <RarityBadge rarity={pack.rarity} className={artCardStyles.corner} />
        ) : (
          <span className={`${artCardStyles.corner} ${artCardStyles.flag}`}>Sealed</span>
        )
      }
    >
      <h3 className={artCardStyles.name}>{pack.drop.name}</h3>
      <span className={artCardStyles.sub}>
        Pack #{formatCount(pack.number)} · {pack.isGift ? 'A gift' : `Round ${pack.round}`}
      </span>
      <span className={styles.action}>{pack.isOpened ? 'See its editions' : 'Open pack'}</span>
    </ArtCard>
  );
}
