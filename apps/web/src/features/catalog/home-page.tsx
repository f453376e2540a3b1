import { PageMeta } from '../../ui/page-meta.tsx';
import { FeaturedBrands } from './components/featured-brands.tsx';
import { HomeDrops } from './components/home-drops.tsx';
import { HomeHero } from './components/home-hero.tsx';
import { HomePillars } from './components/home-pillars.tsx';
import { NewProducts } from './components/new-products.tsx';
import { NewsletterBox } from './components/newsletter-box.tsx';

/** `/`: banners, drops, featured brands, new products, how it works, and the newsletter (spec section 2). */
export default function HomePage() {
  return (
    <>
      <PageMeta />
      <HomeHero />
      <HomeDrops />
      <FeaturedBrands />
      <NewProducts />
      <HomePillars />
      <NewsletterBox />
    </>
  );
}
