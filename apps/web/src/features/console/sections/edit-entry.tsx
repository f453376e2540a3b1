import { brandPath, collectionPath, licensePath, productPath } from '../../../lib/catalog-paths.ts';
import type { TConsoleEntry, TPublishableResource } from '../api/console-resources.ts';
import { useConsoleEntry } from '../api/get-console-entry.ts';
import { ConsoleEntryPage } from '../components/console-entry-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import { PublicationActions } from '../components/publication-actions.tsx';
import { useWhyNotOnSite } from '../components/site-link.tsx';
import type { ConsoleSection } from '../console-sections.ts';
import { BannerForm } from './banner-form.tsx';
import { BrandForm } from './brand-form.tsx';
import { CollectionForm } from './collection-form.tsx';
import { GenerativeArtworkSection } from './generative-artwork-section.tsx';
import { LicenseForm } from './license-form.tsx';
import { ProductForm } from './product-form.tsx';

type TAnyEntry = TConsoleEntry<TPublishableResource>;

/**
 * Where the public sees an entry, and what else must be public for them to see it: said as a condition that holds
 * whether or not those are published now (the entry's answer does not carry its brand's status), where "once … too"
 * read as if they were not.
 */
function publicView(resource: TPublishableResource, entry: TAnyEntry): { path: string; note?: string } {
  switch (resource) {
    case 'brands':
      return { path: brandPath(entry as TConsoleEntry<'brands'>) };
    case 'licenses':
      return { path: licensePath(entry), note: 'Visitors see it while its brand is published.' };
    case 'collections': {
      const collection = entry as TConsoleEntry<'collections'>;
      return {
        path: collectionPath(collection),
        note: 'Visitors see it while its brand is published.',
      };
    }
    case 'products':
      return { path: productPath(entry), note: 'Visitors see it while its brand and collection are published.' };
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

  return (
    <ConsoleEntryPage entry={entry} singular={section.singular}>
      {(data) => <EntryPage section={section} entry={data} back={back} />}
    </ConsoleEntryPage>
  );
}

function EntryPage({
  section,
  entry: data,
  back,
}: {
  section: ConsoleSection & { id: TPublishableResource };
  entry: TAnyEntry;
  back: { to: string; label: string };
}) {
  const view = publicView(section.id, data);
  const notOnSite = useWhyNotOnSite(
    {
      status: data.status,
      brand: 'brand' in data ? data.brand : null,
      collection: section.id === 'products' ? (data as TConsoleEntry<'products'>).collection : null,
    },
    { isBrandOwned: section.id !== 'brands' },
  );
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
            notOnSite={notOnSite}
          />
        }
      />
      <EntryForm resource={section.id} entry={data} key={data.updatedAt} />
      {section.id === 'products' ? <GenerativeArtworkSection productId={data.id} /> : null}
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
