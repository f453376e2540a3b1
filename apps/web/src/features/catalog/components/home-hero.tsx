import { COMMUNITY_TEXT, PAGE_DESCRIPTION, PAGE_TITLE } from '@cypher/contract';
import { useSession } from '../../../lib/session.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useHomeBanners } from '../api/list-banners.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { HeroDropCall } from './hero-drop-call.tsx';
import { HeroShowcase } from './hero-showcase.tsx';
import styles from './home-hero.module.css';

// The last two words of the product title carry the accent; the heading still reads as the exact title.
const HIGHLIGHTED_WORDS = 'digital collectibles';
const titleLead = PAGE_TITLE.endsWith(HIGHLIGHTED_WORDS) ? PAGE_TITLE.slice(0, -HIGHLIGHTED_WORDS.length) : PAGE_TITLE;
const titleHighlight = titleLead === PAGE_TITLE ? '' : HIGHLIGHTED_WORDS;

/**
 * The top of the home page: the product title, the community text, the drop on sale now (or opening next) with its
 * countdown, and the way in: to that drop first. With banners showing, they are
 * the hero's picture; without any (or while they fail to load: banners are a bonus, not the page) the illustrated
 * showcase stands in.
 */
export function HomeHero() {
  const banners = useHomeBanners();
  const { isLoggedIn } = useSession();
  const items = banners.data?.items ?? [];
  const hasBanners = items.length > 0;
  const layout = banners.isPending || hasBanners ? styles.stacked : styles.split;

  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={`container ${styles.layout} ${layout}`}>
        <div className={styles.copy}>
          <p className={styles.community}>
            <span className={styles.communityIcon} aria-hidden="true">
              <Icon name="users" size={14} />
            </span>
            <span>
              <strong>{COMMUNITY_TEXT}</strong> collecting together
            </span>
          </p>
          <h1 id="home-title" className={styles.title}>
            {titleLead}
            {titleHighlight ? <span className={styles.highlight}>{titleHighlight}</span> : null}
          </h1>
          <p className={styles.description}>{PAGE_DESCRIPTION}</p>
          <HeroDropCall
            secondaryAction={
              isLoggedIn ? (
                <ButtonLink to="/products" variant="secondary" size="lg">
                  Explore products
                </ButtonLink>
              ) : (
                <ButtonLink to="/signup" variant="secondary" size="lg">
                  Create an account
                </ButtonLink>
              )
            }
          />
        </div>
        {banners.isPending ? (
          <div
            className={styles.bannerPlaceholder}
            role="status"
            aria-busy="true"
            aria-label="Loading featured banners"
          >
            <Skeleton height="100%" radius="var(--radius-xl)" />
          </div>
        ) : hasBanners ? (
          <BannerCarousel banners={items} />
        ) : (
          <HeroShowcase />
        )}
      </div>
    </section>
  );
}
