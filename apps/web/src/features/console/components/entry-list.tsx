import type { ReactNode } from 'react';
import { oneOf, searchTextOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { consoleResources, type TConsoleListItem, type TConsoleResource } from '../api/console-resources.ts';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import type { ConsoleSection } from '../console-sections.ts';
import { BrandFilter } from './brand-filter.tsx';
import { ConsoleHeader } from './console-header.tsx';
import type { EntryColumn } from './entries-table.tsx';
import { useOperator } from './operator-context.ts';
import { PagedEntries } from './paged-entries.tsx';
import { PublicationFilter } from './publication-filter.tsx';
import styles from './entry-list.module.css';
import { ClearFiltersButton } from '../../../ui/clear-filters-button.tsx';

const PAGE_SIZE = 20;
const statuses = ['DRAFT', 'PUBLISHED'] as const;

interface EntryListProps<R extends TConsoleResource> {
  section: ConsoleSection & { id: R };
  columns: EntryColumn<TConsoleListItem<R>>[];
  hasStatusFilter?: boolean;
  hasSearch?: boolean;
  hasBrandFilter?: boolean;
  /** A line under the heading, e.g. why a brand manager cannot add brands. */
  note?: ReactNode;
}

/**
 * A console section's list: status filter, search and brand filter kept in the address, the table, pages, and the
 * loading, empty and error states. The API decides what an operator may see; this only shows it.
 */
export function EntryList<R extends TConsoleResource>({
  section,
  columns,
  hasStatusFilter = true,
  hasSearch = true,
  hasBrandFilter = false,
  note,
}: EntryListProps<R>) {
  const me = useOperator();
  const { get, page, setFilters } = useUrlFilters();
  const status = hasStatusFilter ? oneOf(get('status')?.toUpperCase(), statuses) : undefined;
  const q = hasSearch ? searchTextOf(get('q')) : '';
  const brandId = hasBrandFilter ? get('brand') : undefined;
  const entries = useConsoleEntries(section.id, { page, size: PAGE_SIZE, status, q, brandId });
  const isFiltered = Boolean(status || q || brandId);
  const newLabel = `New ${section.singular}`;

  return (
    <>
      <ConsoleHeader
        title={section.label}
        description={note ?? section.description}
        actions={
          section.canCreate(me) ? (
            <ButtonLink to={`/console/${section.id}/new`} variant="primary">
              <Icon name="plus" size={18} />
              {newLabel}
            </ButtonLink>
          ) : undefined
        }
      />
      {hasStatusFilter || hasSearch || hasBrandFilter ? (
        <div className={styles.toolbar}>
          {hasSearch ? (
            <SearchField
              className={styles.search}
              label={`Search ${section.label.toLowerCase()}`}
              placeholder={`Search ${section.label.toLowerCase()}`}
              value={q}
              onSearch={(text, history) => setFilters({ q: text }, { history })}
            />
          ) : null}
          {hasStatusFilter ? (
            <PublicationFilter value={status?.toLowerCase() ?? ''} onChange={(next) => setFilters({ status: next })} />
          ) : null}
          {hasBrandFilter ? <BrandFilter value={brandId ?? ''} onChange={(brand) => setFilters({ brand })} /> : null}
        </div>
      ) : null}

      <PagedEntries
        query={entries}
        noun={section.label.toLowerCase()}
        caption={section.label}
        columns={columns}
        skeletonRows={6}
        what={isFiltered ? `The ${section.label.toLowerCase()} that match` : undefined}
        empty={{
          icon: section.icon,
          title: isFiltered ? `No ${section.label.toLowerCase()} match` : `No ${section.label.toLowerCase()} yet`,
          body: isFiltered
            ? 'Try another status, brand or search.'
            : section.canCreate(me)
              ? consoleResources[section.id].isPublishable
                ? `Add the first ${section.singular}; it stays a draft until you publish it.`
                : `Add the first ${section.singular}.`
              : `Nothing here yet. An admin can add ${section.label.toLowerCase()}.`,
          action: isFiltered ? (
            <ClearFiltersButton onClear={() => setFilters({ status: undefined, q: undefined, brand: undefined })} />
          ) : section.canCreate(me) ? (
            <ButtonLink to={`/console/${section.id}/new`} variant="primary">
              {newLabel}
            </ButtonLink>
          ) : undefined,
        }}
      />
    </>
  );
}
