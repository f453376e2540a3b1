import { useParams } from 'react-router';
import { collectorName, collectorPageMeta, type TPublicUser } from '@cypher/contract';
import { useMyUser } from '../../api/my-user.ts';
import { appConfig } from '../../config.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { useUrlFilters } from '../../lib/use-url-filters.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { CardGridSkeleton } from '../../ui/card-grid.tsx';
import { DetailLoadStates } from '../../ui/detail-states.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FavoriteCards } from '../../ui/favorite-cards.tsx';
import { Icon } from '../../ui/icon.tsx';
import { IdentityHero, identityHeroStyles } from '../../ui/identity-hero.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { isPastLastPage, PastLastPage } from '../../ui/past-last-page.tsx';
import { useCollectorFavorites } from './api/list-collector-favorites.ts';
import { usePublicUser } from './api/get-public-user.ts';
import styles from './public-profile-page.module.css';

const PAGE_SIZE = 20;

/**
 * `/users/:id`: a collector's public profile (issue 17): their nickname, photo and background, and their favorites,
 * newest first, each leading to its product or NFT page. An unknown or deleted account is "Collector not found". The
 * signed-in collector sees their own, with a way to edit it.
 */
export default function PublicProfilePage() {
  const { id = '' } = useParams();
  const profile = usePublicUser(id);
  const { user: me } = useMyUser();

  if (profile.data === undefined) {
    return <DetailLoadStates query={profile} what="collector" browseTo="/products" browseLabel="Browse products" />;
  }

  const collector = profile.data;
  const name = collectorName(collector);
  const isMe = me?.id === collector.id;
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta {...collectorPageMeta(collector, appConfig.brandName)} />
      <IdentityHero
        as="header"
        bannerUrl={collector.backgroundUrl}
        isLowWithoutBanner
        pictureUrl={collector.photoUrl}
        pictureAlt={`${name}'s photo`}
        eyebrow={isMe ? 'Your public profile' : 'Collector'}
        name={name}
        action={
          isMe ? (
            <ButtonLink to="/profile/edit" variant="secondary" className={identityHeroStyles.action}>
              <Icon name="pencil" size={16} />
              Edit profile
            </ButtonLink>
          ) : null
        }
      >
        <p className={styles.since}>
          Collecting since <time dateTime={collector.createdAt}>{formatDate(collector.createdAt)}</time>
        </p>
      </IdentityHero>
      <CollectorFavorites collector={collector} isMe={isMe} />
    </div>
  );
}

function CollectorFavorites({ collector, isMe }: { collector: TPublicUser; isMe: boolean }) {
  const { page, hrefFor } = useUrlFilters();
  const favorites = useCollectorFavorites(collector.id, { page, size: PAGE_SIZE });
  const name = collectorName(collector);

  let content;
  if (favorites.isPending) {
    content = <CardGridSkeleton count={5} label="Loading favorites" />;
  } else if (favorites.isError && !favorites.data) {
    content = (
      <ErrorState
        title="We could not load the favorites"
        error={favorites.error}
        onRetry={() => void favorites.refetch()}
        isRetrying={favorites.isRefetching}
      />
    );
  } else if (isPastLastPage(favorites.data)) {
    content = (
      <PastLastPage
        icon="heart"
        total={favorites.data.total}
        size={favorites.data.size}
        hrefFor={(last) => hrefFor({ page: last })}
        what={isMe ? 'Your favorites' : `${name}'s favorites`}
      />
    );
  } else if (favorites.data.total === 0) {
    content = isMe ? (
      <EmptyState
        icon="heart"
        title="No favorites yet"
        body="Press the heart on a product or an NFT you love: it shows here, for everyone who visits your profile."
        action={<ButtonLink to="/products">Browse products</ButtonLink>}
      />
    ) : (
      <EmptyState
        icon="heart"
        title="No favorites yet"
        body={`${name} has not favorited anything yet. Their favorites show here when they do.`}
        action={<ButtonLink to="/products">Browse products</ButtonLink>}
      />
    );
  } else {
    content = (
      <>
        <div className={favorites.isPlaceholderData ? styles.refreshing : undefined}>
          <FavoriteCards favorites={favorites.data.items} label={`${name}'s favorites`} />
        </div>
        <Pagination
          page={favorites.data.page}
          size={favorites.data.size}
          total={favorites.data.total}
          hrefFor={(next) => hrefFor({ page: next })}
          label="Favorites pages"
        />
      </>
    );
  }

  return (
    <section aria-labelledby="favorites-heading" className={styles.favorites}>
      <h2 id="favorites-heading" className={styles.sectionHeading}>
        Favorites
        {favorites.data && favorites.data.total > 0 ? (
          <span className={styles.count}>{formatCount(favorites.data.total)}</span>
        ) : null}
      </h2>
      {content}
    </section>
  );
}
