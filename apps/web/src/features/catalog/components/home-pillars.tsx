import { Icon, type IconName } from '../../../ui/icon.tsx';
import styles from './home-sections.module.css';

// The three verbs of the product description (spec section 1), each tied to the features that deliver it.
const pillars: Array<{ icon: IconName; title: string; body: string }> = [
  {
    icon: 'frame',
    title: 'Collect',
    body: 'Buy packs in limited drops, passes and tickets, and keep every edition in a collection sorted by brand.',
  },
  {
    icon: 'flame',
    title: 'Evolve',
    body: 'Fuse the collectibles you own: burn the materials a fusion asks for and get something new in return.',
  },
  {
    icon: 'users',
    title: 'Collaborate',
    body: 'Connect Discord, check in every day for rewards, and redeem codes from the brands and the community.',
  },
];

export function HomePillars() {
  return (
    <section className={`container ${styles.section}`} aria-labelledby="pillars-heading">
      <div className={styles.header}>
        <p className={styles.eyebrow}>How it works</p>
        <h2 id="pillars-heading" className={styles.heading}>
          Collect, evolve, collaborate
        </h2>
      </div>
      <ul className={styles.pillars}>
        {pillars.map((pillar) => (
          <li key={pillar.title} className={styles.pillar}>
            <span className={styles.pillarIcon} aria-hidden="true">
              <Icon name={pillar.icon} size={22} />
            </span>
            <h3 className={styles.pillarTitle}>{pillar.title}</h3>
            <p className={styles.pillarBody}>{pillar.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
