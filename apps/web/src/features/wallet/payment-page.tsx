import { useSearchParams } from 'react-router';
import { depositMethods, type TDepositMethod } from '@cypher/contract';
import { shortfallFrom, useFundsReturnPath } from '../../lib/funds-return.ts';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { AddFundsSection } from './components/add-funds-section.tsx';
import { BalanceSection } from './components/balance-section.tsx';
import { OpenDeposits } from './components/open-deposits.tsx';
import { DepositOutcome } from './components/deposit-outcome.tsx';
import { HistorySection } from './components/history-section.tsx';
import { UnpaidDeposits } from './components/unpaid-deposits.tsx';
import { MethodsSection } from './components/methods-section.tsx';
import { PurchasesSection } from './components/purchases-section.tsx';
import { WithdrawSection } from './components/withdraw-section.tsx';
import pageStyles from '../../ui/account-page.module.css';
import styles from './payment-page.module.css';

const sections = ['balance', 'history', 'purchases', 'add-funds', 'withdraw', 'methods'] as const;
type TSection = (typeof sections)[number];

/** Short names other pages may link with. */
const sectionAliases: Record<string, TSection> = { add: 'add-funds' };

function sectionFor(value: string | null): TSection {
  if (value && Object.hasOwn(sectionAliases, value)) return sectionAliases[value]!;
  return sections.find((section) => section === value) ?? 'balance';
}

/**
 * `/payment` (signed in): balance, product history with receipts, purchases (orders with their receipts), add funds,
 * withdraw, and the saved payment methods (spec section 2). The section is in the address (`?tab=`), so the back
 * button and shared links work; `?deposit=<id>` is where the hosted checkout sends the person back, and shows that
 * payment's outcome on top. `?returnTo=<path>` (a drop whose popup said "insufficient funds") is kept across the
 * checkout, and offered once the funds are in; with `?shortfall=<cents>` (what that purchase lacks) the amount comes
 * filled in.
 */
export default function PaymentPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = sectionFor(searchParams.get('tab'));
  const depositId = searchParams.get('deposit');
  const fundsReturn = useFundsReturnPath(searchParams.get('returnTo'));

  return (
    <div className={`container ${pageStyles.page} ${pageStyles.wide}`}>
      <PageMeta title="Payment" />
      <header className={pageStyles.header}>
        <h1 className={pageStyles.title}>Payment</h1>
        <p className={pageStyles.intro}>Your balance and history, adding funds, withdrawals and payment methods.</p>
      </header>
      {depositId ? (
        <DepositOutcome
          key={depositId}
          depositId={depositId}
          returnPath={fundsReturn.path}
          onReturn={fundsReturn.forget}
        />
      ) : null}
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
                <OpenDeposits />
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
                <UnpaidDeposits />
              </div>
            ),
          },
          {
            id: 'purchases',
            label: 'Purchases',
            panel: (
              <div className={styles.stack}>
                <h2 className={styles.sectionTitle}>Purchases</h2>
                <PurchasesSection />
              </div>
            ),
          },
          {
            id: 'add-funds',
            label: 'Add funds',
            panel: (
              <AddFundsSection
                returnPath={fundsReturn.path}
                onReturn={fundsReturn.forget}
                shortfallCents={shortfallFrom(searchParams.get('shortfall'))}
                retry={retryFrom(searchParams)}
              />
            ),
          },
          { id: 'withdraw', label: 'Withdraw', panel: <WithdrawSection /> },
          { id: 'methods', label: 'Payment methods', panel: <MethodsSection /> },
        ]}
      />
    </div>
  );
}

/** `?amount=<cents>&method=<method>`: a failed payment's Try again (deposit-outcome.tsx). */
function retryFrom(searchParams: URLSearchParams): { cents: number; method: TDepositMethod } | null {
  const cents = shortfallFrom(searchParams.get('amount'));
  const method = searchParams.get('method');
  if (cents === null || !depositMethods.some((known) => known === method)) return null;
  return { cents, method: method as TDepositMethod };
}
