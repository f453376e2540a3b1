import type { TCollection } from '@cypher/contract';
import { Link } from 'react-router';
import { collectionPath } from '../../../lib/catalog-paths.ts';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import styles from './collection-list.module.css';

/** Collections as compact cards; each opens its collection's page. */
export function CollectionList({ collections }: { collections: TCollection[] }) {
  return (
    <ul className={styles.list}>
      {collections.map((collection) => (
        <li key={collection.id}>
          <Link className={styles.item} to={collectionPath(collection)}>
            <span className={styles.image}>
              {collection.imageUrl ? (
                <FixedWidthImage src={collection.imageUrl} shownWidth={72} loading="lazy" width={72} height={72} />
              ) : null}
            </span>
            <span className={styles.copy}>
              <span className={styles.name}>{collection.name}</span>
              {collection.license ? <span className={styles.meta}>{collection.license.name}</span> : null}
              {collection.description ? <span className={styles.description}>{collection.description}</span> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
