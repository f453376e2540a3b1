import type { TConsoleProductListItem } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { RarityBadge } from '../../../ui/rarity-badge.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import styles from './drops.module.css';
import { hasFailed, ListFailed, moreToFind, SearchBox, useSearchText } from './search-picker.tsx';

/** A product's thumbnail in the list (drops.module.css `.thumb`). */
const THUMB_WIDTH = 44;

const RESULTS = 8;

/**
 * "Edition of 1,000", and what a new drop may still hold of it once other drops took some: "Edition of 1,000 · 600
 * left" (`editionsLeft` as the API counts it; undefined while not known).
 */
export function editionSizeLabel(editionSize: number | null | undefined, editionsLeft?: number | null): string | null {
  if (editionSize === undefined) return null;
  if (editionSize === null) return 'Open edition';
  const size = `Edition of ${formatCount(editionSize)}`;
  if (editionsLeft === undefined || editionsLeft === null || editionsLeft >= editionSize) return size;
  return editionsLeft === 0 ? `${size} · none left` : `${size} · ${formatCount(editionsLeft)} left`;
}

interface ProductPickerProps {
  brandId: string;
  /** Products already in the drop: shown as added, not offered twice. */
  chosenIds: ReadonlySet<string>;
  onPick: (product: TConsoleProductListItem) => void;
}

/**
 * Find a product of the drop's brand by name and add it to the contents. A plain search box (the editor is already a
 * form, so this one cannot be): Enter searches at once instead of submitting the drop.
 */
export function ProductPicker({ brandId, chosenIds, onPick }: ProductPickerProps) {
  const search = useSearchText();
  const { q } = search;
  const products = useConsoleEntries('products', { brandId, q, size: RESULTS, sort: 'name' }, { isEnabled: !!brandId });

  if (!brandId) {
    return <p className={styles.note}>Choose the brand first: a drop holds its brand’s products.</p>;
  }

  const items = products.data?.items ?? [];
  const more = moreToFind(products, { one: 'product', many: 'products' });
  return (
    <div className={styles.picker}>
      <SearchBox
        search={search}
        label="Add a product"
        placeholder="Search this brand’s products"
        labelClassName={styles.pickerLabel}
      />
      {products.isPending ? (
        <div role="status" className={styles.results} aria-busy="true" aria-label="Loading products">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height="48px" radius="var(--radius-md)" />
          ))}
        </div>
      ) : hasFailed(products) ? (
        <ListFailed list={products} />
      ) : items.length === 0 ? (
        <p className={styles.note}>
          {q
            ? `No product of this brand matches “${q}”.`
            : 'This brand has no products yet. Add them under Products, then come back.'}
        </p>
      ) : (
        <>
          <ul className={styles.results} aria-label="Products of this brand" aria-busy={products.isPlaceholderData}>
            {items.map((product) => {
              const isChosen = chosenIds.has(product.id);
              // Every serial number is taken: the drop could hold none of it (the API would refuse it on save).
              const isSpent = product.editionsLeft === 0;
              return (
                <li key={product.id} className={styles.result}>
                  <FixedWidthImage
                    className={styles.thumb}
                    src={product.imageThumbnailUrl ?? product.imageUrl}
                    shownWidth={THUMB_WIDTH}
                  />
                  <span className={styles.resultText}>
                    <span className={styles.productName}>{product.name}</span>
                    <span className={styles.meta}>
                      <RarityBadge rarity={product.rarity} />
                      <span>{editionSizeLabel(product.editionSize, product.editionsLeft)}</span>
                      {product.status === 'DRAFT' ? <Badge tone="warning">Draft</Badge> : null}
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant={isChosen || isSpent ? 'ghost' : 'secondary'}
                    disabled={isChosen || isSpent}
                    aria-label={
                      isChosen
                        ? `${product.name} is in the drop`
                        : isSpent
                          ? `${product.name} has no editions left`
                          : `Add ${product.name}`
                    }
                    onClick={() => onPick(product)}
                  >
                    {isChosen ? (
                      <>
                        <Icon name="check" size={16} />
                        Added
                      </>
                    ) : isSpent ? (
                      'None left'
                    ) : (
                      <>
                        <Icon name="plus" size={16} />
                        Add
                      </>
                    )}
                  </Button>
                </li>
              );
            })}
          </ul>
          {more ? <p className={styles.note}>{more}</p> : null}
        </>
      )}
    </div>
  );
}
