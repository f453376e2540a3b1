import { responsiveImages, uploadSrcSet, type TBanner } from '@cypher/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { sitePathOf } from '../../../lib/safe-redirect.ts';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { Icon } from '../../../ui/icon.tsx';
import styles from './banner-carousel.module.css';

const AUTOPLAY_MS = 7000;
const BANNER = responsiveImages.homeBanner;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** Internal links stay in the app; the contract allows only site paths and https addresses. */
function BannerLink({ href, title }: { href: string; title: string }) {
  const label = (
    <>
      Explore
      <Icon name="arrow-right" size={18} />
    </>
  );
  const describedLabel = `Explore: ${title}`;
  const sitePath = sitePathOf(href);
  if (sitePath !== null) {
    return (
      <Link to={sitePath} className={styles.cta} aria-label={describedLabel}>
        {label}
      </Link>
    );
  }
  // Another site only by an https address; a link saved before the contract refused `/\example.org` leads nowhere.
  return href.startsWith('https://') ? (
    <a href={href} className={styles.cta} aria-label={describedLabel} rel="noopener noreferrer">
      {label}
    </a>
  ) : null;
}

/**
 * The home page's banners as a carousel (WAI-ARIA carousel pattern): slides scroll with a swipe or the arrow
 * buttons, dots jump to one, and it advances on its own every few seconds unless paused, hovered, focused, or the
 * visitor prefers reduced motion (WCAG 2.2.2: anything that moves by itself can be paused).
 */
export function BannerCarousel({ banners }: { banners: TBanner[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // Paused from the start for someone who asked for less motion (read after hydration: the server cannot know);
  // after that, as the visitor chooses.
  const isReducedMotion = useReducedMotion();
  const [pausedChoice, setPausedChoice] = useState<boolean | null>(null);
  const isPaused = pausedChoice ?? isReducedMotion;
  const [isHeld, setIsHeld] = useState(false);
  const count = banners.length;

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track) return;
      const next = (index + count) % count;
      track.scrollTo({ left: next * track.clientWidth, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      setCurrent(next);
    },
    [count],
  );

  // Swipes and keyboard scrolling move the track without the buttons; follow them so the dots stay right.
  function onScroll() {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setCurrent(Math.round(track.scrollLeft / track.clientWidth));
  }

  useEffect(() => {
    if (isPaused || isHeld || count < 2) return;
    const timer = window.setInterval(() => goTo(current + 1), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [isPaused, isHeld, count, current, goTo]);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="Featured"
      onMouseEnter={() => setIsHeld(true)}
      onMouseLeave={() => setIsHeld(false)}
      onFocus={() => setIsHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsHeld(false);
      }}
    >
      <div ref={trackRef} className={styles.track} onScroll={onScroll} aria-live={isPaused ? 'polite' : 'off'}>
        {banners.map((banner, index) => (
          <div
            key={banner.id}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            inert={index !== current}
          >
            <img
              className={styles.image}
              src={banner.imageUrl}
              srcSet={uploadSrcSet(banner.imageUrl, BANNER.largestVariant)}
              sizes={BANNER.sizes}
              alt=""
              width={BANNER.width}
              height={BANNER.height}
              // The first slide is the page's largest paint (the API preloads the same candidate in the HTML).
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
            <div className={styles.caption}>
              <h2 className={styles.title}>{banner.title}</h2>
              {banner.subtitle ? <p className={styles.subtitle}>{banner.subtitle}</p> : null}
              {banner.linkUrl ? <BannerLink href={banner.linkUrl} title={banner.title} /> : null}
            </div>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            onClick={() => setPausedChoice(!isPaused)}
            aria-label={isPaused ? 'Play the slides' : 'Pause the slides'}
          >
            <Icon name={isPaused ? 'play' : 'pause'} size={16} />
          </button>
          <div className={styles.dots}>
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className={styles.dot}
                aria-label={`Show slide ${index + 1}: ${banner.title}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.control}
            onClick={() => goTo(current - 1)}
            aria-label="Previous slide"
          >
            <Icon name="arrow-left" size={16} />
          </button>
          <button type="button" className={styles.control} onClick={() => goTo(current + 1)} aria-label="Next slide">
            <Icon name="arrow-right" size={16} />
          </button>
        </div>
      ) : null}
    </section>
  );
}
