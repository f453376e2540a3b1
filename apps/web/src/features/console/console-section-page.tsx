import { useParams } from 'react-router';
import { isConsoleResource } from './api/console-resources.ts';
import { ConsoleFrame } from './components/console-frame.tsx';
import { ConsoleNotFound } from './components/console-not-found.tsx';
import { useOperator } from './components/operator-context.ts';
import { sectionById, type ConsoleSection } from './console-sections.ts';
import { AirdropsSection } from './sections/airdrops-section.tsx';
import { AttendanceCalendarsSection } from './sections/attendance-calendars-section.tsx';
import { AuditLogSection } from './sections/audit-log-section.tsx';
import { DropsSection } from './sections/drops-section.tsx';
import { ResourceList } from './sections/entry-lists.tsx';
import { FusionsSection } from './sections/fusions-section.tsx';
import { LedgerSection } from './sections/ledger-section.tsx';
import { OperatorsSection } from './sections/operators-section.tsx';
import { PaymentReviewsSection } from './sections/payment-reviews-section.tsx';
import { RedeemBatchesSection } from './sections/redeem-batches-section.tsx';
import { WithdrawalsSection } from './sections/withdrawals-section.tsx';

function SectionBody({ section }: { section: ConsoleSection | undefined }) {
  const me = useOperator();
  if (!section) return <ConsoleNotFound title="No such section" body="Pick a section from the list." />;
  if (section.isAdminOnly && !me.isAdmin) {
    return <ConsoleNotFound title="Admins only" body={`Only admins can open ${section.label.toLowerCase()}.`} />;
  }
  if (section.id === 'audit-log') return <AuditLogSection />;
  if (section.id === 'operators') return <OperatorsSection />;
  if (section.id === 'withdrawals') return <WithdrawalsSection />;
  if (section.id === 'ledger') return <LedgerSection />;
  if (section.id === 'payment-reviews') return <PaymentReviewsSection />;
  if (section.id === 'drops') return <DropsSection />;
  if (section.id === 'fusions') return <FusionsSection />;
  if (section.id === 'attendance-calendars') return <AttendanceCalendarsSection />;
  if (section.id === 'redeem-batches') return <RedeemBatchesSection />;
  if (section.id === 'airdrops') return <AirdropsSection />;
  if (isConsoleResource(section.id)) return <ResourceList section={{ ...section, id: section.id }} />;
  return null;
}

/** `/console/:section`: a section's list (or the audit log, or the operators). */
export default function ConsoleSectionPage() {
  const { section: sectionId } = useParams();
  const section = sectionById(sectionId);
  return (
    <ConsoleFrame title={section?.label ?? 'Not found'} current={section?.id}>
      <SectionBody section={section} key={section?.id} />
    </ConsoleFrame>
  );
}
