import type { TEdition, TEditionDetail } from '@cypher/contract';
import { Link } from 'react-router';
import { formatEditionNumber } from '../../../lib/format.ts';
import { publicProfilePath } from '../../../lib/user-paths.ts';
import { Button } from '../../../ui/button.tsx';
import { Fact, Facts } from '../../../ui/facts.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import styles from './nft-page.module.css';

/**
 * Where an edition with no owner went: a burned one is gone for good, an exported one lives on outside Cypher.
 */
export function leftCollectionText(edition: Pick<TEdition, 'state'>): string {
  return edition.state === 'BURNED' ? 'Burned in a fusion' : 'Not in a Cypher collection';
}

/**
 * What makes the edition a token: its contract (with Copy), token id, owner (leading to their public profile), and the
 * product and collection (each leading to its page while that page is public: it is not found once the product, the
 * collection or their brand is unpublished).
 */
export function TokenFacts({ edition }: { edition: TEditionDetail }) {
  const { showToast } = useToast();
  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(edition.contractAddress);
      showToast({ title: 'Contract address copied', tone: 'success', durationMs: 3_000 });
    } catch {
      showToast({ title: 'Copying is not allowed here; select the address instead', tone: 'error', durationMs: 5_000 });
    }
  };
  return (
    <Facts>
      <Fact term="Contract address" isWide className={styles.address}>
        <span className={styles.mono}>{edition.contractAddress}</span>
        <Button size="sm" variant="secondary" onClick={() => void copyAddress()}>
          Copy
        </Button>
      </Fact>
      <Fact term="Token ID" className={styles.mono}>
        {edition.tokenId}
      </Fact>
      <Fact term="Owner">
        {edition.owner ? (
          <Link to={publicProfilePath(edition.owner.id)}>{edition.owner.nickname ?? 'A collector'}</Link>
        ) : (
          leftCollectionText(edition)
        )}
      </Fact>
      <Fact term="Product">
        {edition.isProductPublic ? (
          <Link to={`/products/${edition.product.id}`}>{edition.product.name}</Link>
        ) : (
          edition.product.name
        )}
      </Fact>
      <Fact term="Edition">{formatEditionNumber(edition.serialNumber, edition.editionSize)}</Fact>
      {edition.collection ? (
        <Fact term="Collection">
          {edition.isCollectionPublic ? (
            <Link to={`/collections/${edition.collection.id}`}>{edition.collection.name}</Link>
          ) : (
            edition.collection.name
          )}
        </Fact>
      ) : null}
    </Facts>
  );
}
