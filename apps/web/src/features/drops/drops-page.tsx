import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useBrandOptions } from '../../api/filter-options.ts';
import { idOrUndefined } from '../../lib/address-id.ts';
import { packPath } from '../../lib/drop-paths.ts';
import { latestSearchParams } from '../../lib/navigator.ts';
import { useSession } from '../../lib/session.ts';
import { pageNumberOf } from '../../lib/use-url-filters.ts';
import { FilterSelect, NamedOptions } from '../../ui/filter-select.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PackDialog } from '../../ui/pack-dialog.tsx';
import { useClosePackDialog } from '../../ui/pack-dialog-history.ts';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import type { TDropsListStatus } from '../../api/list-drops.ts';
import { DropList } from './components/drop-list.tsx';
import { MyPacks } from './components/my-packs.tsx';
import pageStyles from './drops.module.css';

const dropTabs = [
  { id: 'available', label: 'Available now', status: 'AVAILABLE' },
  { id: 'upcoming', label: 'Upcoming', status: 'NEXT' },
  { id: 'completed', label: 'Completed', status: 'COMPLETED' },
] as const satisfies ReadonlyArray<{ id: string; label: string; status: TDropsListStatus }>;

type TTab = (typeof dropTabs)[number]['id'] | 'packs';

/** `?tab=upcoming`, or the API's own word (`?status=NEXT`) for links written that way. */
function tabFor(searchParams: URLSearchParams): TTab {
  const tab = searchParams.get('tab');
  if (tab === 'packs') return 'packs';
  const byId = dropTabs.find((entry) => entry.id === tab);
  if (byId) return byId.id;
  const byStatus = dropTabs.find((entry) => entry.status === searchParams.get('status'));
  return byStatus?.id ?? 'available';
}

/**
 * `/drops`: drops available now, upcoming and completed, one tab each, narrowed to one brand's if asked (a brand's
 * page leads here with `?brand=<id>`); the tab, brand and page are in the address, and the brand stays across tabs.
 * For a signed-in collector "My packs", where a pack opens in a dialog at `?pack=<id>`.
 */
export default function DropsPage() {
  const { isLoggedIn } = useSession();
  const { pathname, search } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFor(searchParams);
  const page = pageNumberOf(searchParams.get('page'));
  const brandId = idOrUndefined(searchParams.get('brand') ?? undefined);
  const packId = searchParams.get('pack');
  // A pack opened from My packs closes by going back to it; one opened by a link from elsewhere, by replacing.
  const closePack = useClosePackDialog(() =>
    setSearchParams(
      (rendered) => {
        const next = latestSearchParams(rendered);
        next.delete('pack');
        return next;
      },
      { replace: true, preventScrollReset: true },
    ),
  );

  // My packs and a pack's dialog are a collector's own: visitors sign in first and come back here.
  if (!isLoggedIn && (tab === 'packs' || packId)) {
    return <Navigate to={`/signin?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`} replace />;
  }

  const searchFor = (id: TTab, nextPage = 1, brand: string | null = brandId ?? null) => {
    const params = new URLSearchParams(id === 'available' ? {} : { tab: id });
    if (brand && id !== 'packs') params.set('brand', brand);
    if (nextPage > 1) params.set('page', String(nextPage));
    return params;
  };
  const hrefFor = (id: TTab, nextPage = 1) => {
    const query = searchFor(id, nextPage).toString();
    return `/drops${query ? `?${query}` : ''}`;
  };

  const items = [
    ...dropTabs.map((entry) => ({
      id: entry.id,
      label: entry.label,
      panel: (
        <DropList
          status={entry.status}
          page={page}
          brandId={brandId}
          hrefFor={(nextPage) => hrefFor(entry.id, nextPage)}
          onClearBrand={() => setSearchParams(searchFor(entry.id, 1, null))}
        />
      ),
    })),
    ...(isLoggedIn ? [{ id: 'packs', label: 'My packs', panel: <MyPacks /> }] : []),
  ];

  return (
    <div className={`container ${pageStyles.page}`}>
      <PageMeta
        title={tab === 'packs' ? 'My packs' : 'Drops'}
        description="Limited packs from the brands you love, sold in rounds: see what is on sale now, what is coming, and what has sold."
      />
      <PageHeader
        eyebrow="Drops"
        title={tab === 'packs' ? 'My packs' : 'Drops'}
        lead="Limited packs from the brands you love, sold in rounds with their own sale windows. Every pack's contents are fixed and committed before the sale opens."
        isFlush
      >
        {tab === 'packs' ? null : (
          <BrandFilter
            value={brandId}
            onChange={(brand) => setSearchParams(searchFor(tab, 1, idOrUndefined(brand) ?? null))}
          />
        )}
      </PageHeader>
      <Tabs label="Drops" value={tab} onValueChange={(id) => setSearchParams(searchFor(id as TTab))} items={items} />
      {packId ? <PackDialog key={packId} packId={packId} packHref={packPath} onClose={closePack} /> : null}
    </div>
  );
}

/** The drops of one brand, or of all: a choice kept in the address, as the fusions page's brand filter is. */
function BrandFilter({ value, onChange }: { value: string | undefined; onChange: (brand: string) => void }) {
  const brands = useBrandOptions();
  return (
    <div className={pageStyles.filters}>
      <FilterSelect label="Brand" value={value ?? ''} onChange={onChange}>
        <NamedOptions allLabel="All brands" items={brands.data?.items} />
      </FilterSelect>
    </div>
  );
}
