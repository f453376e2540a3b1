import { useSearchParams } from 'react-router';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { AddFundsSection } from './components/add-funds-section.tsx';
import { BalanceSection } from './components/balance-section.tsx';
import { DepositOutcome } from './components/deposit-outcome.tsx';
import { HistorySection } from './components/history-section.tsx';
import { MethodsSection } from './components/methods-section.tsx';
import { WithdrawSection } from './components/withdraw-section.tsx';
import styles from './payment-page.module.css';

const sections = ['balance', 'history', 'add-funds', 'withdraw', 'methods'] as const;
type TSection = (typeof sections)[number];

function isSection(value: string | null): value is TSection {
  return sections.includes(value as TSection);
}

/**
 * `/payment` (signed in): balance, product history with receipts, add funds, withdraw, and the saved payment
 * methods (spec section 2). The section is in the address (`?tab=`), so the back button and shared links work;
 * `?deposit=<id>` is where the hosted checkout sends the person back, and shows that payment's outcome on top.
 */
export default function PaymentPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab');
  const selected: TSection = isSection(tab) ? tab : 'balance';
  const depositId = searchParams.get('deposit');

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Payment" />
      <header className={styles.header}>
        <h1 className={styles.title}>Payment</h1>
        <p className={styles.intro}>Your balance and history, adding funds, withdrawals and payment methods.</p>
      </header>
      {depositId ? <DepositOutcome key={depositId} depositId={depositId} /> : null}
      <Tabs
        label="Payment sections"
        value={selected}
        onValueChange={(id) => setSearchParams(id === 'balance' ? {} : { tab: id })}
        items={[
          {
            id: 'balance',
            label: 'Balance',
            panel: (
              <div className={styles.stack}>
                <h2 className="visually-hidden">Balance</h2>
                <BalanceSection />
              </div>
            ),
          },
          {
            id: 'history',
            label: 'History',
            panel: (
              <div className={styles.stack}>
                <h2 className={styles.sectionTitle}>Product history</h2>
                <HistorySection />
              </div>
            ),
          },
          { id: 'add-funds', label: 'Add funds', panel: <AddFundsSection /> },
          { id: 'withdraw', label: 'Withdraw', panel: <WithdrawSection /> },
          { id: 'methods', label: 'Payment methods', panel: <MethodsSection /> },
        ]}
      />
    </div>
  );
}
