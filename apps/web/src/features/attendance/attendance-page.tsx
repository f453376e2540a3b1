import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function AttendancePage() {
  return <ComingSoonPage name="Daily check-in" purpose="Check in every day to collect attendance rewards." />;
}
