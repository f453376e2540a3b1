import { useLocation } from 'react-router';
import { myCollectionSorts, rarities } from '@cypher/contract';
import { useMyUser } from '../../api/my-user.ts';
import { idOrUndefined } from '../../lib/address-id.ts';
import { formatCount } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { oneOf, useUrlFilters } from '../../lib/use-url-filters.ts';
import { publicProfilePath } from '../../lib/user-paths.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PackDialog } from '../../ui/pack-dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useMyEditions } from './api/list-my-editions.ts';
import { CollectedEditions } from './components/collected-editions.tsx';
import { MyFavorites } from './components/my-favorites.tsx';
import { usePackDialog } from './use-pack-dialog.ts';
import styles from './components/my-collection.module.css';

const PAGE_SIZE = 24;
const tabs = ['collectibles', 'favorites'] as const;

/**
 * `/collections/`: My Collection (spec section 2). Two tabs, in the address (`?tab=favorites`): what I hold (sealed
 * packs first, each opening here in the pack dialog at `?pack=<id>`; then the editions brand after brand with each
 * brand's count, filtered by brand and rarity and sorted within each brand) and my favorites. My public profile is a
 * link away. Visitors are asked to sign in.
 */
export default function MyCollectionPage() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  return (
    <div className="container">
      <PageMeta title="My Collection" description="Every collectible you hold, brand by brand." />
      {isLoggedIn ? (
        <SignedInCollection />
      ) : (
        <div className={styles.page}>
          <PageHeader eyebrow="Collection" title="My Collection" isFlush />
          <EmptyState
            icon="frame"
            title="Sign in to see your collection"
            body="Everything you collect from drops lives here, grouped by brand."
            action={
              <ButtonLink
                // Back to this very view after signing in: its tab, sort and filters are in the query.
                to={`/signin?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
                variant="primary"
              >
                Sign in
              </ButtonLink>
            }
          />
        </div>
      )}
    </div>
  );
}

function SignedInCollection() {
  const { get, page, setFilters, hrefFor } = useUrlFilters();
  const { user } = useMyUser();
  const tab = oneOf(get('tab'), tabs) ?? 'collectibles';
  const brandId = idOrUndefined(get('brand'));
  const rarity = oneOf(get('rarity'), rarities);
  const sort = oneOf(get('sort'), myCollectionSorts) ?? 'newest';
  // Read on both tabs: the header counts what I hold either way (one request, cached, whichever tab asks).
  const collection = useMyEditions({ page, size: PAGE_SIZE, brandId, rarity, sort });
  const { packId, packHref, closePack } = usePackDialog();

  const held = (collection.data?.brands ?? []).reduce((sum, entry) => sum + entry.count, 0);
  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow="Collection"
        title="My Collection"
        lead={
          held > 0
            ? `${held === 1 ? '1 collectible' : `${formatCount(held)} collectibles`} you hold, brand by brand.`
            : 'Every collectible you hold, brand by brand.'
        }
        isFlush
      >
        {user ? (
          <div className={styles.headerActions}>
            <ButtonLink to={publicProfilePath(user.id)} variant="secondary" size="sm">
              <Icon name="eye" size={16} />
              View public profile
            </ButtonLink>
          </div>
        ) : null}
      </PageHeader>
      <Tabs
        label="My Collection"
        value={tab}
        // A tab starts clean: the other tab's filters and page mean nothing there.
        onValueChange={(id) =>
          setFilters({
            tab: id === 'collectibles' ? undefined : id,
            brand: undefined,
            rarity: undefined,
            sort: undefined,
            pack: undefined,
          })
        }
        items={[
          {
            id: 'collectibles',
            label: 'Collectibles',
            panel: (
              <CollectedEditions
                collection={collection}
                filters={{ brandId, rarity, sort, page }}
                setFilters={setFilters}
                hrefFor={hrefFor}
                packHref={packHref}
              />
            ),
          },
          { id: 'favorites', label: 'Favorites', panel: <MyFavorites /> },
        ]}
      />
      {packId ? <PackDialog key={packId} packId={packId} packHref={packHref} onClose={closePack} /> : null}
    </div>
  );
}
