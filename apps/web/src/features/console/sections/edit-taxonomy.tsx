import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { ConsoleNotFound } from '../components/console-not-found.tsx';
import type { ConsoleSection } from '../console-sections.ts';
import { TaxonomyForm } from './taxonomy-form.tsx';

/**
 * Editing a category or a tag. The API reads these as lists only (there is no GET by id), so the entry is found in
 * the list, which holds them all (a hundred at most, far more than the catalogue uses).
 */
export function EditTaxonomy({ section, id }: { section: ConsoleSection & { id: 'categories' | 'tags' }; id: string }) {
  const entries = useConsoleEntries(section.id, { size: 100 });
  const back = { to: `/console/${section.id}`, label: `All ${section.label.toLowerCase()}` };

  if (entries.isPending) {
    return (
      <div aria-busy="true">
        <h1 className="visually-hidden">Loading</h1>
        <Skeleton height="240px" radius="var(--radius-lg)" />
      </div>
    );
  }
  if (entries.isError && !entries.data) {
    return (
      <ErrorState
        title={`We could not load this ${section.singular}`}
        error={entries.error}
        onRetry={() => void entries.refetch()}
        isRetrying={entries.isRefetching}
        titleAs="h1"
      />
    );
  }
  const entry = entries.data.items.find((item) => item.id === id);
  if (!entry) {
    return <ConsoleNotFound title={`This ${section.singular} is not here`} body="It may have been removed." />;
  }
  return (
    <>
      <ConsoleHeader back={back} title={entry.name} />
      <TaxonomyForm kind={section.id} entry={entry} key={JSON.stringify(entry)} />
    </>
  );
}
