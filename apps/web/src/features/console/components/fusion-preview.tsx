import type { TFusionPreview } from '@cypher/contract';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { usePreviewConsoleFusion } from '../api/preview-console-fusion.ts';
import { previewRequestOf, type TFusionFormApi } from '../fusion-form-values.ts';
import styles from './fusion-slots-editor.module.css';

export type TSlotPreview = TFusionPreview['slots'][number];

/**
 * The slots' preview: asked for on demand with the brand and the rules as they stand, and shown under each slot while
 * those have not changed since (a preview of other rules would mislead).
 */
export function useSlotsPreview(form: TFusionFormApi) {
  const preview = usePreviewConsoleFusion();
  const [isIncomplete, setIsIncomplete] = useState(false);
  const brandId = useWatch({ control: form.control, name: 'brandId' });
  const slots = useWatch({ control: form.control, name: 'slots' });
  const current = previewRequestOf({ brandId, slots });
  const isStale = preview.data !== undefined && JSON.stringify(current) !== JSON.stringify(preview.variables);
  return {
    previewFor: (index: number): TSlotPreview | undefined =>
      preview.data && !isStale ? preview.data.slots[index] : undefined,
    run: () => {
      setIsIncomplete(current === null);
      if (current) preview.mutate(current);
    },
    isPending: preview.isPending,
    error: preview.error,
    hasResult: preview.data !== undefined,
    isStale,
    isIncomplete: isIncomplete && current === null,
  };
}

/** Preview, and what became of it: running, refused, out of date, or shown under the slots. */
export function FusionPreviewBar({ preview }: { preview: ReturnType<typeof useSlotsPreview> }) {
  const note = preview.isIncomplete
    ? 'Choose the brand and complete each slot’s rule to preview it.'
    : preview.isStale
      ? 'The slots changed since the last preview: preview again to see what fits now.'
      : preview.hasResult && !preview.isPending
        ? 'Under each slot: how many editions in collectors’ hands fit it now.'
        : 'See how many editions in collectors’ hands fit each slot before collectors do.';
  return (
    <div className={styles.previewBar}>
      {preview.error && !preview.isPending ? <Alert tone="error">{preview.error.message}</Alert> : null}
      <div className={styles.previewRow}>
        <Button variant="secondary" onClick={preview.run} isLoading={preview.isPending}>
          <Icon name="eye" size={18} />
          Preview
        </Button>
        <p className={styles.previewNote} aria-live="polite">
          {note}
        </p>
      </div>
    </div>
  );
}
