import type { TConsoleFusion } from '@cypher/contract';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import { usePublishConsoleFusion } from '../api/publish-console-fusion.ts';
import { ConfirmedAction } from './confirmed-action.tsx';
import { unsavedPublishBlocker } from './publish-pass-action.tsx';
import styles from './drops.module.css';

/**
 * Publish a draft fusion behind a confirmation that says what goes public and what is fixed for good: collectors see
 * it (coming up, then open), its results are minted, and it never goes back to a draft.
 */
export function PublishFusionAction({
  fusion,
  hasUnsavedChanges,
}: {
  fusion: TConsoleFusion;
  hasUnsavedChanges: boolean;
}) {
  const publish = usePublishConsoleFusion(fusion.id);
  const hasBegun = Date.parse(fusion.beginAt) <= Date.now();
  return (
    <ConfirmedAction
      label="Publish"
      title={`Publish ${fusion.name}?`}
      description="Publishing makes the fusion public for good."
      blocker={hasUnsavedChanges ? unsavedPublishBlocker : undefined}
      action={publish}
      doneToast={(published) => ({
        title: `${published.name} is published`,
        description: `Its ${formatCount(published.result.supply)} results are minted.`,
      })}
    >
      <ul className={styles.publishList}>
        <li>
          <strong>Collectors see it</strong> while its brand is published:{' '}
          {hasBegun ? 'open at once' : `coming up, then open from ${formatDateTimeWithZone(fusion.beginAt)}`}, until{' '}
          {formatDateTimeWithZone(fusion.endAt)}.
        </li>
        <li>
          <strong>Its results are minted:</strong> {formatCount(fusion.result.supply)}{' '}
          {fusion.result.supply === 1 ? 'edition' : 'editions'} of {fusion.result.product.name} take their serial
          numbers now. Its result and supply are fixed from then on.
        </li>
        <li>Its other details can change until it begins; it cannot go back to a draft or be deleted.</li>
      </ul>
    </ConfirmedAction>
  );
}
