import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function AccountConnectPage() {
  return <ComingSoonPage name="Connected accounts" purpose="Connect your Discord account, or disconnect it." />;
}
