import type { TConsolePass } from '@cypher/contract';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import { usePublishConsolePass } from '../api/publish-console-pass.ts';
import { ConfirmedAction } from './confirmed-action.tsx';
import styles from './drops.module.css';

/** The editor holds changes not saved yet: publishing would take the pass without them. */
export const unsavedPublishBlocker = 'Save your changes first: publishing takes it as it was last saved.';

/**
 * Publish a draft pass behind a confirmation that says what goes public and what is fixed for good: collectors see it
 * (while its brand is published), its supply is issued, and it never goes back to a draft.
 */
export function PublishPassAction({ pass, hasUnsavedChanges }: { pass: TConsolePass; hasUnsavedChanges: boolean }) {
  const publish = usePublishConsolePass(pass.id);
  return (
    <ConfirmedAction
      label="Publish"
      title={`Publish ${pass.name}?`}
      description="Publishing makes the pass public for good."
      blocker={hasUnsavedChanges ? unsavedPublishBlocker : undefined}
      action={publish}
      doneToast={(published) => ({
        title: `${published.name} is published`,
        description: `Its ${formatCount(published.supply)} passes are issued.`,
      })}
    >
      <ul className={styles.publishList}>
        <li>
          <strong>Collectors see it</strong> on the passes page and its own page, while its brand is published, and can
          buy it from {formatDateTimeWithZone(pass.saleBeginAt)} to {formatDateTimeWithZone(pass.saleEndAt)}.
        </li>
        <li>
          <strong>Its supply is issued:</strong> {formatCount(pass.supply)} numbered{' '}
          {pass.supply === 1 ? 'pass' : 'passes'}, fixed from then on.
        </li>
        <li>
          Its words, artwork, price, limit and times can still change; it cannot go back to a draft or be deleted.
        </li>
      </ul>
    </ConfirmedAction>
  );
}
