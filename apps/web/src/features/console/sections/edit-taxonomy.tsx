import { useConsoleEntry } from '../api/get-console-entry.ts';
import { ConsoleEntryPage } from '../components/console-entry-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { ConsoleSection } from '../console-sections.ts';
import { TaxonomyForm } from './taxonomy-form.tsx';

/**
 * Editing a category or a tag, read by id: finding it in the list read only the first page (100), so the 101st was
 * "not here".
 */
export function EditTaxonomy({ section, id }: { section: ConsoleSection & { id: 'categories' | 'tags' }; id: string }) {
  const entry = useConsoleEntry(section.id, id);
  const back = { to: `/console/${section.id}`, label: `All ${section.label.toLowerCase()}` };

  return (
    <ConsoleEntryPage entry={entry} singular={section.singular}>
      {(found) => (
        <>
          <ConsoleHeader back={back} title={found.name} />
          <TaxonomyForm kind={section.id} entry={found} key={JSON.stringify(found)} />
        </>
      )}
    </ConsoleEntryPage>
  );
}
