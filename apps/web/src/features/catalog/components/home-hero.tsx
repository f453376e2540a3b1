import { COMMUNITY_TEXT, PAGE_DESCRIPTION, PAGE_TITLE } from '@cypher/contract';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { HeroShowcase } from './hero-showcase.tsx';
import styles from './home-hero.module.css';

// The last two words of the product title carry the accent; the heading still reads as the exact title.
const HIGHLIGHTED_WORDS = 'digital collectibles';
const titleLead = PAGE_TITLE.endsWith(HIGHLIGHTED_WORDS) ? PAGE_TITLE.slice(0, -HIGHLIGHTED_WORDS.length) : PAGE_TITLE;
const titleHighlight = titleLead === PAGE_TITLE ? '' : HIGHLIGHTED_WORDS;

export function HomeHero() {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={`container ${styles.layout}`}>
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
          <div className={styles.actions}>
            <ButtonLink to="/drops" variant="primary" size="lg">
              Explore drops
              <Icon name="arrow-right" size={18} />
            </ButtonLink>
            <ButtonLink to="/signup" variant="secondary" size="lg">
              Create an account
            </ButtonLink>
          </div>
          <ul className={styles.verbs} aria-label="What you can do">
            <li>Collect</li>
            <li>Evolve</li>
            <li>Collaborate</li>
          </ul>
        </div>
        <HeroShowcase />
      </div>
    </section>
  );
}
