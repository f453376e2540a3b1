import { useConsoleEntry } from '../api/get-console-entry.ts';
import { ConsoleEntryPage } from '../components/console-entry-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { ConsoleSection } from '../console-sections.ts';
import { TicketGrantForm } from './ticket-grant-form.tsx';
import { TicketGrants } from './ticket-grants.tsx';
import { TicketKindForm } from './ticket-kind-form.tsx';

/** Who sees a kind: there is no draft, it is on sale while active and priced. */
export const ticketKindVisibilityNote = 'Collectors can buy it while it is active and has a price.';

/**
 * One kind of ticket: whether it is on sale now, its form (keyed on `updatedAt`, so after a save it starts again from
 * what the API holds), the form that grants tickets of it to a person, and the grants given so far.
 */
export function EditTicketKind({ section, id }: { section: ConsoleSection & { id: 'ticket-kinds' }; id: string }) {
  const entry = useConsoleEntry('ticket-kinds', id);
  const back = { to: '/console/ticket-kinds', label: `All ${section.label.toLowerCase()}` };

  return (
    <ConsoleEntryPage entry={entry} singular={section.singular}>
      {(kind) => {
        const isOnSale = kind.isActive && kind.price !== null;
        return (
          <>
            <ConsoleHeader
              back={back}
              title={kind.name}
              description={
                isOnSale ? 'On sale now.' : 'Not on sale: it is inactive or has no price. It can still be granted.'
              }
            />
            <TicketKindForm kind={kind} key={kind.updatedAt} />
            <TicketGrantForm kind={kind} />
            <TicketGrants kind={kind} />
          </>
        );
      }}
    </ConsoleEntryPage>
  );
}
