import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function AccountDeletePage() {
  return (
    <ComingSoonPage
      name="Delete account"
      purpose="Ask for your account to be deleted; you can cancel the request within seven days."
    />
  );
}
