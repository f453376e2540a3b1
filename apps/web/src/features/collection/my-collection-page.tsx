import { myCollectionSorts, rarities, type TEdition, type TMyCollectionSort } from '@cypher/contract';
import { myPacksPath } from '../../lib/drop-paths.ts';
import { formatCount } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { oneOf, useUrlFilters } from '../../lib/use-url-filters.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { CardGrid, CardGridSkeleton } from '../../ui/card-grid.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FilterLinks } from '../../ui/filter-links.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { rarityLabel } from '../../ui/rarity-badge.tsx';
import { useMyEditions } from './api/list-my-editions.ts';
import { CollectedEditionCard } from './components/collected-edition-card.tsx';
import styles from './components/my-collection.module.css';

const PAGE_SIZE = 24;

const sortLabels: Record<TMyCollectionSort, string> = {
  newest: 'Newest first',
  rarity: 'Rarest first',
  serial: 'By serial number',
};

/**
 * `/collections/`: My Collection (spec section 2). What I hold, brand after brand with each brand's count, filtered
 * by brand and rarity and sorted within each brand; the filters live in the address. Visitors are asked to sign in.
 */
export default function MyCollectionPage() {
  const { isLoggedIn } = useSession();
  return (
    <div className="container">
      <PageMeta title="My Collection" description="Every collectible you hold, brand by brand." />
      {isLoggedIn ? (
        <SignedInCollection />
      ) : (
        <>
          <PageHeader eyebrow="Collection" title="My Collection" />
          <EmptyState
            icon="frame"
            title="Sign in to see your collection"
            body="Everything you collect from drops lives here, grouped by brand."
            action={<ButtonLink to="/signin?redirectTo=%2Fcollections">Sign in</ButtonLink>}
          />
        </>
      )}
    </div>
  );
}

function SignedInCollection() {
  const { get, page, setFilters, hrefFor } = useUrlFilters();
  const brandId = get('brand');
  const rarity = oneOf(get('rarity'), rarities);
  const sort = oneOf(get('sort'), myCollectionSorts) ?? 'newest';
  const collection = useMyEditions({ page, size: PAGE_SIZE, brandId, rarity, sort });
  const isFiltered = Boolean(brandId || rarity);

  const brandChips = collection.data?.brands ?? [];
  const held = brandChips.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <>
      <PageHeader
        eyebrow="Collection"
        title="My Collection"
        lead={
          held > 0
            ? `${held === 1 ? '1 collectible' : `${formatCount(held)} collectibles`} you hold, brand by brand.`
            : 'Every collectible you hold, brand by brand.'
        }
      >
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
      </PageHeader>

      <div className={styles.results}>
        {collection.isPending ? (
          <CardGridSkeleton count={8} label="Loading your collection" />
        ) : collection.isError && !collection.data ? (
          <ErrorState
            title="We could not load your collection"
            error={collection.error}
            onRetry={() => void collection.refetch()}
            isRetrying={collection.isRefetching}
          />
        ) : collection.data.items.length === 0 ? (
          isFiltered ? (
            <EmptyState
              icon="frame"
              title="Nothing here matches these filters"
              action={
                <Button onClick={() => setFilters({ brand: undefined, rarity: undefined })}>Clear filters</Button>
              }
            />
          ) : (
            <EmptyState
              icon="package"
              title="Your collection is empty"
              body="Buy a pack in a live drop and open it: its editions land here, grouped by brand. Packs you bought wait under My packs until you open them."
              action={
                <>
                  <ButtonLink to="/drops">See live drops</ButtonLink>
                  <ButtonLink to={myPacksPath} variant="secondary">
                    My packs
                  </ButtonLink>
                </>
              }
            />
          )
        ) : (
          <>
            {isFiltered ? (
              <p className={styles.count} aria-live="polite">
                {collection.data.total === 1
                  ? '1 collectible matches'
                  : `${formatCount(collection.data.total)} collectibles match`}
              </p>
            ) : null}
            <div className={collection.isPlaceholderData ? styles.refreshing : undefined}>
              <BrandGroups editions={collection.data.items} counts={brandChips} />
            </div>
            <Pagination
              page={collection.data.page}
              size={collection.data.size}
              total={collection.data.total}
              hrefFor={(next) => hrefFor({ page: next })}
              label="Collection pages"
            />
          </>
        )}
      </div>
    </>
  );
}

/** The page's editions in their brands' sections, in the order the API sent them (brand after brand). */
function BrandGroups({
  editions,
  counts,
}: {
  editions: readonly TEdition[];
  counts: readonly { brand: { id: string }; count: number }[];
}) {
  const groups: { brand: TEdition['brand']; editions: TEdition[] }[] = [];
  for (const edition of editions) {
    const last = groups.at(-1);
    if (last?.brand.id === edition.brand.id) last.editions.push(edition);
    else groups.push({ brand: edition.brand, editions: [edition] });
  }
  const countOf = new Map(counts.map((entry) => [entry.brand.id, entry.count]));
  return (
    <div className={styles.results}>
      {groups.map((group) => (
        <section key={group.brand.id} aria-label={group.brand.name} className={styles.group}>
          <h2 className={styles.groupHeading}>
            {group.brand.name}
            <span className={styles.groupCount}>
              {formatCount(countOf.get(group.brand.id) ?? group.editions.length)}
            </span>
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
