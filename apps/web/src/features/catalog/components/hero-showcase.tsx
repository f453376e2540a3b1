import styles from './hero-showcase.module.css';

const cards = [
  { position: styles.left, art: styles.afterglow, rarity: 'Epic', name: 'Afterglow', number: '#41 / 500' },
  { position: styles.right, art: styles.prism, rarity: 'Rare', name: 'Prism', number: '#318 / 1,000' },
  { position: styles.center, art: styles.nocturne, rarity: 'Legendary', name: 'Nocturne', number: '#7 / 50' },
];

/** Decorative: three sample editions showing what a card looks like, one per rarity colour. */
export function HeroShowcase() {
  return (
    <div className={styles.showcase} aria-hidden="true">
      <div className={styles.glow} />
      {cards.map((card) => (
        <div key={card.name} className={`${styles.card} ${card.position}`}>
          <div className={`${styles.art} ${card.art}`} />
          <span className={styles.badge}>{card.rarity}</span>
          <div className={styles.meta}>
            <span className={styles.name}>{card.name}</span>
            <span className={styles.number}>{card.number}</span>
          </div>
        </div>
      ))}
    </div>
  );
}
