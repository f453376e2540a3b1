import { useParams } from 'react-router';
import { consoleResources, isConsoleResource, type TConsoleResource } from './api/console-resources.ts';
import { ConsoleFrame } from './components/console-frame.tsx';
import { ConsoleHeader } from './components/console-header.tsx';
import { ConsoleNotFound } from './components/console-not-found.tsx';
import { useOperator } from './components/operator-context.ts';
import { sectionById, type ConsoleSection } from './console-sections.ts';
import { AirdropDetail } from './sections/airdrop-detail.tsx';
import { NewAirdrop } from './sections/airdrop-form.tsx';
import { EditAttendanceCalendar, NewAttendanceCalendar } from './sections/edit-attendance-calendar.tsx';
import { EditDrop, NewDrop } from './sections/edit-drop.tsx';
import { EditEntry, EntryForm } from './sections/edit-entry.tsx';
import { EditFigureBase, figureBaseVisibilityNote } from './sections/edit-figure-base.tsx';
import { EditFusion, NewFusion } from './sections/edit-fusion.tsx';
import { EditTaxonomy } from './sections/edit-taxonomy.tsx';
import { EditPass, passVisibilityNote } from './sections/edit-pass.tsx';
import { EditTicketKind, ticketKindVisibilityNote } from './sections/edit-ticket-kind.tsx';
import { FigureBaseForm } from './sections/figure-base-form.tsx';
import { PassForm } from './sections/pass-form.tsx';
import { RedeemBatchDetail } from './sections/redeem-batch-detail.tsx';
import { NewRedeemBatch } from './sections/redeem-batch-form.tsx';
import { TaxonomyForm } from './sections/taxonomy-form.tsx';
import { TicketKindForm } from './sections/ticket-kind-form.tsx';
import { WithdrawalDetail } from './sections/withdrawal-detail.tsx';

/** Who will see a new entry: drafts until published; figure bases follow their collection; the rest at once. */
function newEntryNote(resource: TConsoleResource): string | undefined {
  if (resource === 'figure-bases') return figureBaseVisibilityNote;
  if (resource === 'passes') return passVisibilityNote;
  if (resource === 'ticket-kinds') return ticketKindVisibilityNote;
  return consoleResources[resource].isPublishable
    ? 'It starts as a draft: only operators see it until you publish it.'
    : undefined;
}

function NewEntryForm({ resource }: { resource: TConsoleResource }) {
  if (resource === 'categories' || resource === 'tags') return <TaxonomyForm kind={resource} />;
  if (resource === 'figure-bases') return <FigureBaseForm />;
  if (resource === 'passes') return <PassForm />;
  if (resource === 'ticket-kinds') return <TicketKindForm />;
  return <EntryForm resource={resource} />;
}

function EntryBody({ section, id }: { section: ConsoleSection | undefined; id: string | undefined }) {
  const me = useOperator();
  if (section?.id === 'withdrawals') {
    if (!me.isAdmin) return <ConsoleNotFound title="Admins only" body="Only admins can open withdrawals." />;
    if (id === undefined) {
      return <ConsoleNotFound title="Nothing to create here" body="Withdrawals are requested by collectors." />;
    }
    return <WithdrawalDetail id={id} />;
  }
  if (section?.id === 'drops') return id === undefined ? <NewDrop /> : <EditDrop id={id} />;
  if (section?.id === 'fusions') return id === undefined ? <NewFusion /> : <EditFusion id={id} />;
  if (section?.id === 'attendance-calendars') {
    if (!me.isAdmin) return <ConsoleNotFound title="Admins only" body="Only admins can open attendance." />;
    return id === undefined ? <NewAttendanceCalendar /> : <EditAttendanceCalendar id={id} />;
  }
  if (section?.id === 'redeem-batches') return id === undefined ? <NewRedeemBatch /> : <RedeemBatchDetail id={id} />;
  if (section?.id === 'airdrops') return id === undefined ? <NewAirdrop /> : <AirdropDetail id={id} />;
  if (!section || !isConsoleResource(section.id)) {
    return <ConsoleNotFound title="Nothing to edit here" body="Pick a section and an entry from its list." />;
  }
  if (section.isAdminOnly && !me.isAdmin) {
    return <ConsoleNotFound title="Admins only" body={`Only admins can open ${section.label.toLowerCase()}.`} />;
  }
  const resource = section.id;
  const back = { to: `/console/${resource}`, label: `All ${section.label.toLowerCase()}` };

  if (id === undefined) {
    if (!section.canCreate(me)) {
      return <ConsoleNotFound title="Admins only" body={`Only admins can add ${section.label.toLowerCase()}.`} />;
    }
    return (
      <>
        <ConsoleHeader back={back} title={`New ${section.singular}`} description={newEntryNote(resource)} />
        <NewEntryForm resource={resource} />
      </>
    );
  }
  if (resource === 'categories' || resource === 'tags') {
    return <EditTaxonomy section={{ ...section, id: resource }} id={id} />;
  }
  if (resource === 'figure-bases') return <EditFigureBase section={{ ...section, id: resource }} id={id} />;
  if (resource === 'passes') return <EditPass section={{ ...section, id: resource }} id={id} />;
  if (resource === 'ticket-kinds') return <EditTicketKind section={{ ...section, id: resource }} id={id} />;
  return <EditEntry section={{ ...section, id: resource }} id={id} />;
}

/**
 * `/console/:section/new` and `/console/:section/:id`: create an entry, or edit and publish one; for withdrawals,
 * one request with its payout details, history and next step.
 */
export default function ConsoleEntryPage() {
  const { section: sectionId, id } = useParams();
  const section = sectionById(sectionId);
  const title = !section
    ? 'Not found'
    : section.id === 'withdrawals'
      ? 'Withdrawal'
      : section.id === 'drops' && id
        ? 'Drop'
        : section.id === 'fusions' && id
          ? 'Fusion'
          : section.id === 'redeem-batches'
            ? id
              ? 'Batch of codes'
              : 'New batch of codes'
            : section.id === 'airdrops' && id
              ? 'Airdrop'
              : section.id === 'attendance-calendars' && id
                ? 'Calendar'
                : id
                  ? `Edit ${section.singular}`
                  : `New ${section.singular}`;
  return (
    <ConsoleFrame title={title} current={section?.id}>
      <EntryBody section={section} id={id} key={`${sectionId}/${id ?? 'new'}`} />
    </ConsoleFrame>
  );
}
