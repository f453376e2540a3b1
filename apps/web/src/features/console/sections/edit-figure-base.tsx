import { figureBasePath } from '../../../lib/catalog-paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useConsoleEntry } from '../api/get-console-entry.ts';
import { ConsoleEntryPage } from '../components/console-entry-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { ConsoleSection } from '../console-sections.ts';
import { FigureBaseForm } from './figure-base-form.tsx';

/** A base has no draft of its own, so there is nothing to publish: who sees it follows its collection and brand. */
export const figureBaseVisibilityNote = 'Visitors see it while its collection and brand are published.';

/**
 * Editing one figure base: "View on site" in the header, the form below. The form is keyed on `updatedAt`, so after
 * a save it starts again from what the API now holds (new slots with their ids).
 */
export function EditFigureBase({ section, id }: { section: ConsoleSection & { id: 'figure-bases' }; id: string }) {
  const entry = useConsoleEntry('figure-bases', id);
  const back = { to: '/console/figure-bases', label: `All ${section.label.toLowerCase()}` };

  return (
    <ConsoleEntryPage entry={entry} singular={section.singular}>
      {(base) => (
        <>
          <ConsoleHeader
            back={back}
            title={base.name}
            description={figureBaseVisibilityNote}
            actions={
              <ButtonLink to={figureBasePath(base)} variant="ghost">
                <Icon name="external" size={16} />
                View on site
              </ButtonLink>
            }
          />
          <FigureBaseForm base={base} key={base.updatedAt} />
        </>
      )}
    </ConsoleEntryPage>
  );
}
