import { isApiError } from '../../../api/api-error.ts';
import { brandPath, collectionProductsPath, licensePath, productPath } from '../../../lib/catalog-paths.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import type { TConsoleEntry, TPublishableResource } from '../api/console-resources.ts';
import { useConsoleEntry } from '../api/get-console-entry.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { ConsoleNotFound } from '../components/console-not-found.tsx';
import { PublicationActions } from '../components/publication-actions.tsx';
import type { ConsoleSection } from '../console-sections.ts';
import { BannerForm } from './banner-form.tsx';
import { BrandForm } from './brand-form.tsx';
import { CollectionForm } from './collection-form.tsx';
import { LicenseForm } from './license-form.tsx';
import { ProductForm } from './product-form.tsx';

type TAnyEntry = TConsoleEntry<TPublishableResource>;

/** Where the public sees an entry, and what else must be public before they can. */
function publicView(resource: TPublishableResource, entry: TAnyEntry): { path: string; note?: string } {
  switch (resource) {
    case 'brands':
      return { path: brandPath(entry as TConsoleEntry<'brands'>) };
    case 'licenses':
      return { path: licensePath(entry), note: 'Visitors see it once its brand is published too.' };
    case 'collections': {
      const collection = entry as TConsoleEntry<'collections'>;
      return {
        path: collectionProductsPath({ id: collection.id, brandId: collection.brand.id }),
        note: 'Visitors see it once its brand is published too.',
      };
    }
    case 'products':
      return { path: productPath(entry), note: 'Visitors see it once its brand and collection are published too.' };
    case 'banners':
      return { path: '/', note: 'It shows on the home page within its start and end times.' };
  }
}

function entryName(entry: TAnyEntry): string {
  return 'title' in entry ? entry.title : entry.name;
}

/**
 * Editing one publishable entry: its status and "View on site" in the header, the form below. The form is keyed on
 * `updatedAt`, so after a save it starts again from what the API now holds.
 */
export function EditEntry({ section, id }: { section: ConsoleSection & { id: TPublishableResource }; id: string }) {
  const entry = useConsoleEntry(section.id, id);
  const back = { to: `/console/${section.id}`, label: `All ${section.label.toLowerCase()}` };

  if (entry.isPending) {
    return (
      <div aria-busy="true">
        <h1 className="visually-hidden">Loading</h1>
        <Skeleton height="480px" radius="var(--radius-lg)" />
      </div>
    );
  }
  if (entry.isError) {
    if (isApiError(entry.error) && (entry.error.status === 404 || entry.error.status === 403)) {
      return (
        <ConsoleNotFound
          title={`This ${section.singular} is not here`}
          body={`It does not exist, or it belongs to a brand you do not manage.`}
        />
      );
    }
    return (
      <ErrorState
        title={`We could not load this ${section.singular}`}
        error={entry.error}
        onRetry={() => void entry.refetch()}
        isRetrying={entry.isRefetching}
        titleAs="h1"
      />
    );
  }

  const data = entry.data;
  const view = publicView(section.id, data);
  return (
    <>
      <ConsoleHeader
        back={back}
        title={entryName(data)}
        actions={
          <PublicationActions
            resource={section.id}
            entry={data}
            singular={section.singular}
            name={entryName(data)}
            sitePath={view.path}
            visibilityNote={view.note}
          />
        }
      />
      <EntryForm resource={section.id} entry={data} key={data.updatedAt} />
    </>
  );
}

/** The form for a resource: empty for a new entry, filled for an existing one. */
export function EntryForm({ resource, entry }: { resource: TPublishableResource; entry?: TAnyEntry }) {
  switch (resource) {
    case 'brands':
      return <BrandForm brand={entry as TConsoleEntry<'brands'> | undefined} />;
    case 'licenses':
      return <LicenseForm license={entry as TConsoleEntry<'licenses'> | undefined} />;
    case 'collections':
      return <CollectionForm collection={entry as TConsoleEntry<'collections'> | undefined} />;
    case 'products':
      return <ProductForm product={entry as TConsoleEntry<'products'> | undefined} />;
    case 'banners':
      return <BannerForm banner={entry as TConsoleEntry<'banners'> | undefined} />;
  }
}
