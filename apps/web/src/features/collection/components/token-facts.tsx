import type { TEdition } from '@cypher/contract';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import styles from './nft-page.module.css';

/** What makes the edition a token: its contract (with Copy), token id, owner, and the product and collection. */
export function TokenFacts({ edition }: { edition: TEdition }) {
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
    <dl className={styles.facts}>
      <div className={`${styles.fact} ${styles.wide}`}>
        <dt>Contract address</dt>
        <dd className={styles.address}>
          <span className={styles.mono}>{edition.contractAddress}</span>
          <Button size="sm" variant="secondary" onClick={() => void copyAddress()}>
            Copy
          </Button>
        </dd>
      </div>
      <div className={styles.fact}>
        <dt>Token ID</dt>
        <dd className={styles.mono}>{edition.tokenId}</dd>
      </div>
      <div className={styles.fact}>
        <dt>Owner</dt>
        <dd>{edition.owner ? (edition.owner.nickname ?? 'A collector') : 'Not in a Cypher collection'}</dd>
      </div>
      <div className={styles.fact}>
        <dt>Product</dt>
        <dd>
          <Link to={`/products/${edition.product.id}`}>{edition.product.name}</Link>
        </dd>
      </div>
      <div className={styles.fact}>
        <dt>Edition</dt>
        <dd>
          #{formatCount(edition.serialNumber)}
          {edition.editionSize === null ? '' : ` of ${formatCount(edition.editionSize)}`}
        </dd>
      </div>
      {edition.collection ? (
        <div className={styles.fact}>
          <dt>Collection</dt>
          <dd>{edition.collection.name}</dd>
        </div>
      ) : null}
    </dl>
  );
}
