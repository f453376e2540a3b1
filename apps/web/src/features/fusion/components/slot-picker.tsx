import type { TFusionMaterial, TFusionSlot } from '@cypher/contract';
import { formatCount, formatEditionNumber } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useFusionMaterials } from '../api/list-fusion-materials.ts';
import { protectionReasons } from '../fusion-words.ts';
import shared from './fusion.module.css';
import styles from './slot-picker.module.css';
import { SlotRule } from './slot-rule.tsx';

interface SlotPickerProps {
  fusionId: string;
  slot: TFusionSlot;
  /** What I have chosen for this slot, in the order chosen. */
  chosen: TFusionMaterial[];
  /** Editions chosen for another slot, by edition id, with that slot's name: one edition burns once. */
  chosenElsewhere: ReadonlyMap<string, string>;
  onChange: (chosen: TFusionMaterial[]) => void;
  isDisabled: boolean;
}

/**
 * One slot of the fusion: what it takes, my editions that fit it as tiles to tick (protected ones greyed, with a lock
 * and the reason), and "2 of 3 selected". A full slot takes no more until one is cleared.
 */
export function SlotPicker({ fusionId, slot, chosen, chosenElsewhere, onChange, isDisabled }: SlotPickerProps) {
  const materials = useFusionMaterials(fusionId, slot.id);
  const headingId = `slot-${slot.id}`;
  const chosenIds = new Set(chosen.map((material) => material.editionId));
  const isFull = chosen.length >= slot.requiredCount;

  // `chosen` holds only what this slot's materials still offer, unprotected (useSlotPicks checks the picks against them).
  const items = materials.data?.items;

  function toggle(material: TFusionMaterial) {
    if (chosenIds.has(material.editionId)) {
      onChange(chosen.filter((entry) => entry.editionId !== material.editionId));
    } else if (!isFull) {
      onChange([...chosen, material]);
    }
  }

  let body;
  if (materials.isPending) {
    body = (
      <ul className={styles.tiles} aria-busy="true" aria-label={`Loading your editions for ${slot.name}`}>
        {Array.from({ length: Math.min(4, slot.requiredCount + 1) }, (_, index) => (
          <li key={index}>
            <Skeleton height="180px" radius="var(--radius-md)" />
          </li>
        ))}
      </ul>
    );
  } else if (materials.isError && !materials.data) {
    body = (
      <p className={styles.slotError} role="alert">
        {materials.error.message}{' '}
        <Button size="sm" variant="secondary" onClick={() => void materials.refetch()} isLoading={materials.isFetching}>
          Try again
        </Button>
      </p>
    );
  } else if (materials.data.items.length === 0) {
    body = (
      <div className={styles.noMaterials}>
        <p>Nothing in your collection fits this slot yet.</p>
        <ButtonLink to="/drops" size="sm" variant="secondary">
          See live drops
        </ButtonLink>
      </div>
    );
  } else {
    const more = materials.data.total - materials.data.items.length;
    body = (
      <>
        <ul className={styles.tiles} aria-label={`Your editions for ${slot.name}`}>
          {materials.data.items.map((material) => {
            const isChosen = chosenIds.has(material.editionId);
            const elsewhere = chosenElsewhere.get(material.editionId);
            const reason = material.protection
              ? protectionReasons[material.protection]
              : elsewhere
                ? `Chosen for “${elsewhere}”`
                : null;
            return (
              <li key={material.editionId}>
                <MaterialTile
                  material={material}
                  isChosen={isChosen}
                  reason={reason}
                  isProtected={material.protection !== null}
                  isDisabled={isDisabled || reason !== null || (isFull && !isChosen)}
                  onToggle={() => toggle(material)}
                />
              </li>
            );
          })}
        </ul>
        {more > 0 ? (
          <p className={shared.muted}>
            {formatCount(more)} more of yours {more === 1 ? 'fits' : 'fit'}: these are the first{' '}
            {formatCount(materials.data.items.length)}.
          </p>
        ) : null}
      </>
    );
  }

  return (
    <li className={styles.slot} aria-labelledby={headingId}>
      <div className={styles.slotHeader}>
        <div className={styles.slotTitle}>
          <h2 id={headingId} className={styles.slotName}>
            {slot.name}
          </h2>
          <SlotRule requiredCount={slot.requiredCount} rule={slot.rule} />
        </div>
        <p className={isFull ? `${styles.counter} ${styles.counterFull}` : styles.counter} aria-live="polite">
          {isFull ? <Icon name="check" size={16} /> : null}
          {formatCount(chosen.length)} of {formatCount(slot.requiredCount)} selected
        </p>
      </div>
      {isFull && (items?.length ?? 0) > chosen.length ? (
        <p className={shared.muted}>This slot is full: clear one to choose another.</p>
      ) : null}
      {body}
    </li>
  );
}

interface MaterialTileProps {
  material: TFusionMaterial;
  isChosen: boolean;
  /** Why it cannot be chosen (protected, or chosen for another slot); null when it can. */
  reason: string | null;
  isProtected: boolean;
  isDisabled: boolean;
  onToggle: () => void;
}

/** An edition as a tile to tick: a real checkbox in the artwork's corner (its one mark), its name and number, and why not, if not. */
function MaterialTile({ material, isChosen, reason, isProtected, isDisabled, onToggle }: MaterialTileProps) {
  const reasonId = `reason-${material.editionId}`;
  return (
    <label className={styles.tile} data-chosen={isChosen || undefined} data-unavailable={reason !== null || undefined}>
      <input
        type="checkbox"
        className={styles.tileBox}
        checked={isChosen}
        disabled={isDisabled}
        onChange={onToggle}
        aria-describedby={reason ? reasonId : undefined}
      />
      <span className={styles.tileArt}>
        <FixedWidthImage src={material.imageUrl} shownWidth={240} width={240} height={240} loading="lazy" />
      </span>
      <span className={styles.tileName}>{material.product.name}</span>
      <span className={styles.tileSerial}>{formatEditionNumber(material.serialNumber, material.editionSize)}</span>
      {reason ? (
        <span id={reasonId} className={styles.tileReason}>
          <Icon name={isProtected ? 'lock' : 'info'} size={14} />
          {reason}
        </span>
      ) : null}
    </label>
  );
}
