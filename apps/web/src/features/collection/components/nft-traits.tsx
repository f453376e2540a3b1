import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useNftTraits } from '../api/get-nft-traits.ts';
import styles from './nft-page.module.css';

/** The NFT's traits ("Background: Neon"), then rarity and serial number, as a wallet would list them. */
export function NftTraits({ editionId }: { editionId: string }) {
  const traits = useNftTraits(editionId);
  if (traits.isPending) return <Skeleton height="72px" radius="var(--radius-md)" />;
  if (traits.isError && !traits.data) {
    return (
      <ErrorState
        titleAs="h3"
        title="We could not load the properties"
        error={traits.error}
        onRetry={() => void traits.refetch()}
        isRetrying={traits.isRefetching}
      />
    );
  }
  return (
    <dl className={styles.traits}>
      {traits.data.map((trait) => (
        <div key={trait.traitType} className={styles.trait}>
          <dt>{trait.traitType}</dt>
          <dd>{trait.value}</dd>
        </div>
      ))}
    </dl>
  );
}
