import type { UseQueryResult } from '@tanstack/react-query';
import type { To } from 'react-router';
import {
  myCollectionSorts,
  rarities,
  type TEdition,
  type TMyCollection,
  type TMyCollectionSort,
  type TRarity,
} from '@cypher/contract';
import { myPacksPath } from '../../../lib/drop-paths.ts';
import { formatCount } from '../../../lib/format.ts';
import type { TUrlFilterChanges } from '../../../lib/use-url-filters.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { CardGrid, CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FilterLinks } from '../../../ui/filter-links.tsx';
import { FilterSelect } from '../../../ui/filter-select.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { isPastLastPage, PastLastPage } from '../../../ui/past-last-page.tsx';
import { rarityLabel } from '../../../ui/rarity-badge.tsx';
import { CollectedEditionCard } from './collected-edition-card.tsx';
import { UnopenedPacks, useUnopenedPacks } from './unopened-packs.tsx';
import styles from './my-collection.module.css';
import { ClearFiltersButton } from '../../../ui/clear-filters-button.tsx';

const sortLabels: Record<TMyCollectionSort, string> = {
  newest: 'Newest first',
  rarity: 'Rarest first',
  serial: 'By serial number',
};

interface CollectedEditionsProps {
  collection: UseQueryResult<TMyCollection>;
  filters: { brandId: string | undefined; rarity: TRarity | undefined; sort: TMyCollectionSort; page: number };
  setFilters: (changes: TUrlFilterChanges) => void;
  hrefFor: (changes: TUrlFilterChanges) => To;
  packHref: (packId: string) => To;
}

/**
 * My Collection's Collectibles tab: the brand chips, rarity and sort; the sealed packs on the first page (a rarity
 * filter hides them: their rarity is not known until opened); then the editions brand after brand, a page at a time.
 */
export function CollectedEditions({ collection, filters, setFilters, hrefFor, packHref }: CollectedEditionsProps) {
  const { brandId, rarity, sort, page } = filters;
  const isFiltered = Boolean(brandId || rarity);
  const brandChips = collection.data?.brands ?? [];
  const held = brandChips.reduce((sum, entry) => sum + entry.count, 0);
  const sealed = useUnopenedPacks(brandId);
  const isShowingPacks = page === 1 && !rarity;

  let editions;
  if (collection.isPending) {
    editions = <CardGridSkeleton count={8} label="Loading your collection" />;
  } else if (collection.isError && !collection.data) {
    editions = (
      <ErrorState
        title="We could not load your collection"
        error={collection.error}
        onRetry={() => void collection.refetch()}
        isRetrying={collection.isRefetching}
      />
    );
  } else if (isPastLastPage(collection.data)) {
    editions = (
      <PastLastPage
        icon="frame"
        total={collection.data.total}
        size={collection.data.size}
        hrefFor={(last) => hrefFor({ page: last })}
        what="Your collectibles"
      />
    );
  } else if (collection.data.items.length === 0) {
    editions = isFiltered ? (
      <EmptyState
        icon="frame"
        title="Nothing here matches these filters"
        action={<ClearFiltersButton onClear={() => setFilters({ brand: undefined, rarity: undefined })} />}
      />
    ) : sealed.packs.length > 0 ? (
      <p className={styles.count}>Open a pack above: its editions land here, grouped by brand.</p>
    ) : (
      <EmptyState
        icon="package"
        title="Your collection is empty"
        body="Buy a pack in a live drop and open it: its editions land here, grouped by brand. A pack you buy waits on this page, unopened, until you open it."
        action={
          <>
            <ButtonLink to="/drops">See live drops</ButtonLink>
            <ButtonLink to={myPacksPath} variant="secondary">
              My packs
            </ButtonLink>
          </>
        }
      />
    );
  } else {
    editions = (
      <>
        {isFiltered ? (
          <p className={styles.count} aria-live="polite">
            {collection.data.total === 1
              ? '1 collectible matches'
              : `${formatCount(collection.data.total)} collectibles match`}
          </p>
        ) : null}
        <div className={collection.isPlaceholderData ? styles.refreshing : undefined}>
          {/* A brand's count is of everything held of it: under a rarity filter it would not be what the group shows. */}
          <BrandGroups editions={collection.data.items} counts={rarity ? null : brandChips} />
        </div>
        <Pagination
          page={collection.data.page}
          size={collection.data.size}
          total={collection.data.total}
          hrefFor={(next) => hrefFor({ page: next })}
          label="Collection pages"
        />
      </>
    );
  }

  return (
    <div className={styles.panel}>
      {brandChips.length > 0 ? (
        <div className={styles.toolbar}>
          <FilterLinks
            label="Brands"
            selectedId={brandId ?? 'all'}
            items={[
              { id: 'all', label: `All ${formatCount(held)}`, to: hrefFor({ brand: undefined }) },
              ...brandChips.map((entry) => ({
                id: entry.brand.id,
                label: `${entry.brand.name} ${formatCount(entry.count)}`,
                to: hrefFor({ brand: entry.brand.id }),
              })),
            ]}
          />
          <div className={styles.selects}>
            <FilterSelect label="Rarity" value={rarity ?? ''} onChange={(value) => setFilters({ rarity: value })}>
              <option value="">Every rarity</option>
              {rarities.map((value) => (
                <option key={value} value={value}>
                  {rarityLabel(value)}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect
              label="Sort"
              value={sort}
              onChange={(value) => setFilters({ sort: value === 'newest' ? undefined : value })}
            >
              {myCollectionSorts.map((value) => (
                <option key={value} value={value}>
                  {sortLabels[value]}
                </option>
              ))}
            </FilterSelect>
          </div>
        </div>
      ) : null}
      {isShowingPacks ? <UnopenedPacks sealed={sealed} packHref={packHref} /> : null}
      {editions}
    </div>
  );
}

/** The page's editions in their brands' sections, in the order the API sent them (brand after brand). */
function BrandGroups({
  editions,
  counts,
}: {
  editions: readonly TEdition[];
  /** Each brand's count beside its heading; null for none. */
  counts: readonly { brand: { id: string }; count: number }[] | null;
}) {
  const groups: { brand: TEdition['brand']; editions: TEdition[] }[] = [];
  for (const edition of editions) {
    const last = groups.at(-1);
    if (last?.brand.id === edition.brand.id) last.editions.push(edition);
    else groups.push({ brand: edition.brand, editions: [edition] });
  }
  const countOf = new Map(counts?.map((entry) => [entry.brand.id, entry.count]));
  return (
    <div className={styles.results}>
      {groups.map((group) => (
        <section key={group.brand.id} aria-label={group.brand.name} className={styles.group}>
          <h2 className={styles.groupHeading}>
            {group.brand.name}
            {counts ? (
              <span className={styles.groupCount}>
                {formatCount(countOf.get(group.brand.id) ?? group.editions.length)}
              </span>
            ) : null}
          </h2>
          <CardGrid label={`${group.brand.name} collectibles`}>
            {group.editions.map((edition) => (
              <li key={edition.id}>
                <CollectedEditionCard edition={edition} />
              </li>
            ))}
          </CardGrid>
        </section>
      ))}
    </div>
  );
}
