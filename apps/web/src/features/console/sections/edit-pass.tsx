import { useState } from 'react';
import { passPath } from '../../../lib/drop-paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { passStatusLabels } from '../../../lib/pass-status.ts';
import { useConsoleEntry } from '../api/get-console-entry.ts';
import { ConsoleEntryPage } from '../components/console-entry-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import { DeletePassAction } from '../components/delete-pass-action.tsx';
import { PublicationBadge } from '../components/publication-badge.tsx';
import { PublishPassAction } from '../components/publish-pass-action.tsx';
import type { ConsoleSection } from '../console-sections.ts';
import { PassForm } from './pass-form.tsx';
import publicationStyles from '../components/publication-actions.module.css';
import { BrandSiteLink } from '../components/site-link.tsx';

/** A new pass is a draft (decision record 50); published, collectors see it while its brand is published. */
export const passVisibilityNote = 'A new pass is a draft: only operators see it until it is published.';

/**
 * Editing one pass: Draft or Published and where its sale stands in the header, with Publish and Delete draft for a
 * draft and "View on site" once published; the form below. The form is keyed on `updatedAt` (the version an edit is
 * made from), so after a save or a publish it starts again from what the API now holds, while a sale counted meanwhile
 * leaves what is being typed alone.
 */
export function EditPass({ section, id }: { section: ConsoleSection & { id: 'passes' }; id: string }) {
  const entry = useConsoleEntry('passes', id);
  const [hasUnsavedChanges, setHasUnsavedChanges] = useState(false);
  const back = { to: '/console/passes', label: `All ${section.label.toLowerCase()}` };

  return (
    <ConsoleEntryPage entry={entry} singular={section.singular}>
      {(pass) => {
        const isDraft = pass.publicationStatus === 'DRAFT';
        return (
          <>
            <ConsoleHeader
              back={back}
              title={pass.name}
              description={
                isDraft
                  ? `A draft: only operators see it until it is published, when its ${formatCount(pass.supply)} passes are issued.`
                  : `${passStatusLabels[pass.status]} · ${formatCount(pass.sold)} of ${formatCount(pass.supply)} sold, ${formatCount(pass.remaining)} left. Collectors see it while its brand is published.`
              }
              actions={
                <div className={publicationStyles.actions}>
                  <PublicationBadge status={pass.publicationStatus} />
                  {isDraft ? (
                    <>
                      <DeletePassAction pass={pass} backTo={back.to} />
                      <PublishPassAction pass={pass} hasUnsavedChanges={hasUnsavedChanges} />
                    </>
                  ) : (
                    <BrandSiteLink to={passPath(pass.id)} brandId={pass.brand.id} />
                  )}
                </div>
              }
            />
            <PassForm pass={pass} onDirtyChange={setHasUnsavedChanges} key={pass.updatedAt} />
          </>
        );
      }}
    </ConsoleEntryPage>
  );
}
