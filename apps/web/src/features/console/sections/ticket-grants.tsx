import type { TConsoleTicketGrantEntry, TConsoleTicketKind } from '@cypher/contract';
import { formatCountOf, formatDateTimeWithZone } from '../../../lib/format.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useTicketGrants } from '../api/list-ticket-grants.ts';
import { ConsoleRecipient, operatorLabel } from '../components/console-person.tsx';
import type { EntryColumn } from '../components/entries-table.tsx';
import { FormSection } from '../components/form-section.tsx';
import { MutedText } from '../components/name-cell.tsx';
import { useOperator } from '../components/operator-context.ts';
import { PagedEntries } from '../components/paged-entries.tsx';
import formStyles from '../components/console-form.module.css';

const PAGE_SIZE = 20;

const columns: EntryColumn<TConsoleTicketGrantEntry>[] = [
  {
    id: 'person',
    header: 'Person',
    cell: ({ user }) => <ConsoleRecipient person={user} />,
  },
  { id: 'count', header: 'Tickets', cell: ({ count }) => formatCountOf(count, 'ticket') },
  { id: 'note', header: 'Note', isSecondary: true, cell: ({ note }) => note ?? <MutedText>—</MutedText> },
  {
    id: 'by',
    header: 'Given by',
    isSecondary: true,
    cell: ({ grantedBy }) => <MutedText>{grantedBy ? operatorLabel(grantedBy) : 'The command line'}</MutedText>,
  },
  {
    id: 'when',
    header: 'When',
    cell: ({ createdAt }) => (
      <MutedText>
        <time dateTime={createdAt}>{formatDateTimeWithZone(createdAt)}</time>
      </MutedText>
    ),
  },
];

/**
 * The grants made of a kind from the console, newest first, a page at a time (the page in the address): what a
 * brand's team gave and to whom, read again after each grant. Only an admin sees the people's addresses.
 */
export function TicketGrants({ kind }: { kind: TConsoleTicketKind }) {
  const { isAdmin } = useOperator();
  const { page } = useUrlFilters();
  const grants = useTicketGrants(kind.id, { page, size: PAGE_SIZE });
  return (
    <FormSection id="ticket-grants" title="Grants given">
      {isAdmin ? null : <p className={formStyles.hint}>Addresses are shown to admins only.</p>}
      <PagedEntries
        query={grants}
        noun="grants"
        loadingLabel="Loading the grants"
        caption="Grants given"
        pagesLabel="Grant pages"
        columns={columns}
        empty={{
          icon: 'ticket',
          title: 'None given yet',
          body: 'Tickets given with the form above are listed here, newest first.',
        }}
        titleAs="h3"
        skeletonRows={3}
        skeletonHeight="44px"
      />
    </FormSection>
  );
}
