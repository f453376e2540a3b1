import { PageMeta } from '../../ui/page-meta.tsx';
import { HomeHero } from './components/home-hero.tsx';
import { HomePillars } from './components/home-pillars.tsx';
import { HomeUpcoming } from './components/home-upcoming.tsx';
import { NewsletterBox } from './components/newsletter-box.tsx';

export default function HomePage() {
  return (
    <>
      <PageMeta />
      <HomeHero />
      <HomePillars />
      <HomeUpcoming />
      <NewsletterBox />
    </>
  );
}
