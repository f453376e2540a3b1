import { Link } from 'react-router';
import type { TEdition, TFigureBase, TFigureBaseSlotFit } from '@cypher/contract';
import { formatCount, formatCountOf } from '../../../lib/format.ts';
import { useFigureBases } from '../api/list-figure-bases.ts';
import styles from './nft-page.module.css';

/** The same rule the base applies on equip: a slot names a product, a rarity, both or neither. */
function slotFits(slot: TFigureBaseSlotFit, edition: TEdition): boolean {
  return (
    (slot.productId === null || slot.productId === edition.product.id) &&
    (slot.rarity === null || slot.rarity === edition.product.rarity)
  );
}

/** Bases of the edition's collection with a slot it fits, how many, and how many of those the person left free. */
function basesItFits(bases: TFigureBase[], edition: TEdition) {
  return bases
    .map((base) => {
      const fitting = base.slots.filter((slot) => slotFits(slot, edition));
      const free = fitting.filter((slot) => !base.filledSlotIds.includes(slot.id)).length;
      return { base, slots: fitting.length, free };
    })
    .filter(({ slots }) => slots > 0);
}

/** "2 slots for it", "1 of 2 slots for it free", "its slot is taken", "both slots for it are taken". */
function slotsText(slots: number, free: number): string {
  if (free === slots) return `${formatCountOf(slots, 'slot')} for it`;
  if (free > 0) return `${formatCount(free)} of ${formatCountOf(slots, 'slot')} for it free`;
  if (slots === 1) return 'its slot is taken';
  return slots === 2 ? 'both slots for it are taken' : `all ${formatCount(slots)} slots for it are taken`;
}

/**
 * From the NFT page, the way to stand it on a figure base of its collection (the base's page is where a slot is chosen).
 * Read as the collection's page reads the bases, so going there finds them already loaded. Nothing while they load, or
 * when no slot fits: the panel's other actions stand on their own.
 */
export function FigureBasesItFits({ edition, collectionId }: { edition: TEdition; collectionId: string }) {
  const bases = useFigureBases({ page: 1, size: 20, collectionId }, true);
  const fitting = bases.data ? basesItFits(bases.data.items, edition) : [];
  if (fitting.length === 0) return null;
  return (
    <ul className={styles.placements} aria-label="Figure bases it fits">
      {fitting.map(({ base, slots, free }) => (
        <li key={base.id}>
          <Link to={`/collections/${collectionId}/figure_base/${base.id}/editions`} className={styles.link}>
            Place it on {base.name}
          </Link>{' '}
          <span className={styles.muted}>· {slotsText(slots, free)}</span>
        </li>
      ))}
    </ul>
  );
}
