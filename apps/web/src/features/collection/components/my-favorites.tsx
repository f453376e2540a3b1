import { useMyFavorites } from '../../../api/favorites/list-my-favorites.ts';
import { formatCount } from '../../../lib/format.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FavoriteCards } from '../../../ui/favorite-cards.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { isPastLastPage, PastLastPage } from '../../../ui/past-last-page.tsx';
import styles from './my-collection.module.css';

const PAGE_SIZE = 24;

/** My Collection's Favorites tab: what I favorited, newest first; the same list my public profile shows. */
export function MyFavorites() {
  const { page, hrefFor } = useUrlFilters();
  const favorites = useMyFavorites({ page, size: PAGE_SIZE });

  if (favorites.isPending) return <CardGridSkeleton count={5} label="Loading your favorites" />;
  if (favorites.isError && !favorites.data) {
    return (
      <ErrorState
        title="We could not load your favorites"
        error={favorites.error}
        onRetry={() => void favorites.refetch()}
        isRetrying={favorites.isRefetching}
      />
    );
  }
  if (favorites.data.total === 0) {
    return (
      <EmptyState
        icon="heart"
        title="No favorites yet"
        body="Press the heart on a product or an NFT you love: it shows here, and on your public profile."
        action={<ButtonLink to="/products">Browse products</ButtonLink>}
      />
    );
  }
  if (isPastLastPage(favorites.data)) {
    return (
      <PastLastPage
        icon="heart"
        total={favorites.data.total}
        size={favorites.data.size}
        hrefFor={(last) => hrefFor({ page: last })}
        what="Your favorites"
      />
    );
  }
  return (
    <div className={styles.panel}>
      {/* The cards' names are h3s, as under the collection tab's brand groups: this tab's heading goes between. */}
      <h2 className="visually-hidden">My favorites</h2>
      <p className={styles.count}>
        {favorites.data.total === 1 ? '1 favorite' : `${formatCount(favorites.data.total)} favorites`}, newest first.
      </p>
      <div className={favorites.isPlaceholderData ? styles.refreshing : undefined}>
        <FavoriteCards favorites={favorites.data.items} label="My favorites" />
      </div>
      <Pagination
        page={favorites.data.page}
        size={favorites.data.size}
        total={favorites.data.total}
        hrefFor={(next) => hrefFor({ page: next })}
        label="Favorites pages"
      />
    </div>
  );
}
