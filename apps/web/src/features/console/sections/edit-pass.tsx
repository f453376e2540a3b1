import { passPath } from '../../../lib/drop-paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { passStatusLabels } from '../../../lib/pass-status.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useConsoleEntry } from '../api/get-console-entry.ts';
import { ConsoleEntryPage } from '../components/console-entry-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { ConsoleSection } from '../console-sections.ts';
import { passFormValues } from '../pass-form-values.ts';
import { PassForm } from './pass-form.tsx';

/** A pass has no draft of its own: who sees it follows its brand. */
export const passVisibilityNote = 'Visitors see it as soon as it is made, while its brand is published.';

/**
 * Editing one pass: where its sale stands and "View on site" in the header, the form below. The form is keyed on what
 * it edits (a pass has no updatedAt), so after a save it starts again from what the API now holds, while a sale
 * counted meanwhile leaves what is being typed alone.
 */
export function EditPass({ section, id }: { section: ConsoleSection & { id: 'passes' }; id: string }) {
  const entry = useConsoleEntry('passes', id);
  const back = { to: '/console/passes', label: `All ${section.label.toLowerCase()}` };

  return (
    <ConsoleEntryPage entry={entry} singular={section.singular}>
      {(pass) => (
        <>
          <ConsoleHeader
            back={back}
            title={pass.name}
            description={`${passStatusLabels[pass.status]} · ${formatCount(pass.sold)} of ${formatCount(pass.supply)} sold, ${formatCount(pass.remaining)} left. ${passVisibilityNote}`}
            actions={
              <ButtonLink to={passPath(pass.id)} variant="ghost">
                <Icon name="external" size={16} />
                View on site
              </ButtonLink>
            }
          />
          <PassForm pass={pass} key={JSON.stringify(passFormValues(pass))} />
        </>
      )}
    </ConsoleEntryPage>
  );
}
