import type { TFusion, TFusionMaterial } from '@cypher/contract';
import { formatCount, formatEditionNumber } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { RarityBadge } from '../../../ui/rarity-badge.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { resultName } from '../fusion-words.ts';
import shared from './fusion.module.css';
import styles from './burn-dialog.module.css';

interface BurnDialogProps {
  fusion: TFusion;
  /** What each slot burns, by slot id. */
  chosen: Readonly<Record<string, TFusionMaterial[]>>;
  isOpen: boolean;
  isFusing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The burn confirmation (spec section 2): exactly which editions are destroyed, slot by slot, that it cannot be
 * undone, and what comes out. While the fusion runs it says so and cannot be closed or sent twice.
 */
export function BurnDialog({ fusion, chosen, isOpen, isFusing, onConfirm, onClose }: BurnDialogProps) {
  const total = fusion.slots.reduce((sum, slot) => sum + (chosen[slot.id]?.length ?? 0), 0);
  const { product } = fusion.result;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      // A fusion on its way cannot be called back: the dialog stays until its answer arrives.
      isBusy={isFusing}
      title="Burn these editions?"
      description={`${fusion.name} burns ${total === 1 ? 'this edition' : `these ${formatCount(total)} editions`} for good and makes one new edition.`}
      size="wide"
      footer={
        <>
          <p className={styles.fusing} role="status">
            {isFusing ? (
              <>
                <Spinner />
                Fusing…
              </>
            ) : null}
          </p>
          <Button variant="ghost" onClick={onClose} disabled={isFusing}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={isFusing}>
            <Icon name="flame" size={18} />
            Burn and fuse
          </Button>
        </>
      }
    >
      <div className={styles.burn} aria-busy={isFusing || undefined}>
        <section aria-labelledby="burned-heading">
          <h3 id="burned-heading" className={styles.burnHeading}>
            Burned
          </h3>
          <ul className={styles.burnSlots} aria-label="Editions to burn">
            {fusion.slots.map((slot) =>
              (chosen[slot.id] ?? []).map((material) => (
                <li key={material.editionId} className={styles.burnItem}>
                  <FixedWidthImage src={material.imageUrl} shownWidth={48} width={48} height={48} />
                  <span className={styles.burnText}>
                    <span className={styles.burnName}>
                      {material.product.name} {formatEditionNumber(material.serialNumber, material.editionSize)}
                    </span>
                    <span className={shared.muted}>{slot.name}</span>
                  </span>
                </li>
              )),
            )}
          </ul>
        </section>
        <section aria-labelledby="made-heading">
          <h3 id="made-heading" className={styles.burnHeading}>
            You receive
          </h3>
          <p className={styles.burnItem}>
            {product ? (
              <FixedWidthImage src={product.imageThumbnailUrl} shownWidth={48} width={48} height={48} />
            ) : null}
            <span className={styles.burnText}>
              <span className={styles.burnName}>1 × {resultName(fusion.result)}</span>
              {product ? <RarityBadge rarity={product.rarity} /> : null}
            </span>
          </p>
        </section>
        <p className={styles.irreversible}>
          <Icon name="alert" size={18} />
          This cannot be undone: burned editions leave your collection and cannot be brought back.
        </p>
      </div>
    </Dialog>
  );
}
