import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function PaymentPage() {
  return (
    <ComingSoonPage
      name="Payment"
      purpose="See your balance and history, add funds, withdraw, and manage your cards and bank account."
    />
  );
}
