import { formatMoney, type TBalanceParts, type TMyBalances } from '@cypher/contract';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useMyBalances } from '../../../api/my-balances.ts';
import { useNow } from '../../../lib/use-now.ts';
import { settlingSentence } from '../settling-words.ts';
import styles from '../payment-page.module.css';

/**
 * The balance cards: USD with the parts that say what may be withdrawn and what is held, CYP (spent, never withdrawn),
 * and how the two units relate (the rate the API configured). An empty dollar balance offers to add funds; one with
 * money to withdraw offers that too.
 */
export function BalanceSection() {
  const balances = useMyBalances();
  if (balances.isPending) {
    return (
      <div role="status" className={styles.balanceGrid} aria-busy="true" aria-label="Loading your balance">
        {['USD', 'CYP'].map((unit) => (
          <div key={unit} className={styles.balanceCard}>
            <Skeleton width="4rem" />
            <Skeleton width="10rem" height="2.25rem" />
            <Skeleton />
            <Skeleton />
            <Skeleton />
          </div>
        ))}
      </div>
    );
  }
  if (balances.isError && !balances.data) {
    return (
      <ErrorState
        title="We could not load your balance"
        error={balances.error}
        onRetry={() => void balances.refetch()}
        isRetrying={balances.isFetching}
      />
    );
  }
  const { usd, cyp, cypUnit, settling } = balances.data;
  const isEmpty = usd.total.amount === 0;
  return (
    <div className={styles.balanceGrid}>
      <BalanceCard title="US dollars" parts={usd} unit={cypUnit}>
        {isEmpty ? (
          <div className={styles.balanceAction}>
            {/* The dollars, not the balance: CYP credit beside them may not be empty. */}
            <p className={styles.muted}>Your USD balance is empty. Add funds to buy packs, passes and tickets.</p>
            <ButtonLink to="/payment?tab=add-funds" variant="primary">
              <Icon name="plus" size={16} /> Add funds
            </ButtonLink>
          </div>
        ) : (
          <div className={styles.balanceAction}>
            {settling ? <SettlingNote settling={settling} /> : null}
            {/* Both ways from here: on a phone the tab row shows Withdraw only once it is scrolled to. */}
            <div className={styles.balanceButtons}>
              <ButtonLink to="/payment?tab=add-funds" size="sm">
                <Icon name="plus" size={16} /> Add funds
              </ButtonLink>
              {usd.withdrawable.amount > 0 ? (
                <ButtonLink to="/payment?tab=withdraw" size="sm">
                  Withdraw
                </ButtonLink>
              ) : null}
            </div>
          </div>
        )}
      </BalanceCard>
      <BalanceCard title="CYP" parts={cyp} unit={cypUnit} isCredit>
        <div className={styles.balanceAction}>
          <p className={styles.muted}>{cypInWords(cypUnit)}</p>
        </div>
      </BalanceCard>
    </div>
  );
}

function SettlingNote({ settling }: { settling: NonNullable<TMyBalances['settling']> }) {
  const now = useNow(60_000);
  return <p className={styles.muted}>{settlingSentence(settling, now)}</p>;
}

/** How the two balances relate, from the unit the API configured: "$1.00 is 100.00 CYP" at the default rate. */
function cypInWords(unit: TMyBalances['cypUnit']): string {
  const oneDollarInCyp = formatMoney(
    { amount: Math.round(unit.cypPerUsd * 10 ** unit.minorUnits), currency: 'CYP' },
    { cypMinorUnits: unit.minorUnits },
  );
  return `CYP is the marketplace's own unit: ${formatMoney({ amount: 100, currency: 'USD' })} is ${oneDollarInCyp}. Drop prices show both. Purchases from your balance spend this credit first, at that rate; it cannot be withdrawn.`;
}

/**
 * A balance and its parts. Credit (`isCredit`, CYP) is never withdrawn, so it has one part: what can be spent. Rows
 * saying "Withdrawable 0.00 CYP" beside "it cannot be withdrawn" read as if it one day could.
 */
function BalanceCard({
  title,
  parts,
  unit,
  isCredit = false,
  children,
}: {
  title: string;
  parts: TBalanceParts;
  unit: TMyBalances['cypUnit'];
  isCredit?: boolean;
  children?: ReactNode;
}) {
  const format = (money: TBalanceParts['total']) => formatMoney(money, { cypMinorUnits: unit.minorUnits });
  return (
    <section className={styles.balanceCard} aria-label={`${title} balance`}>
      <h3 className={styles.balanceUnit}>{title}</h3>
      <p className={styles.balanceTotal}>{format(parts.total)}</p>
      <dl className={styles.facts}>
        {isCredit ? (
          <>
            <dt>Spendable on purchases</dt>
            <dd>{format(parts.total)}</dd>
          </>
        ) : (
          <>
            <dt>Withdrawable</dt>
            <dd>{format(parts.withdrawable)}</dd>
            <dt>Not withdrawable</dt>
            <dd>{format(parts.nonWithdrawable)}</dd>
            <dt>Held in review</dt>
            <dd>{format(parts.held)}</dd>
          </>
        )}
      </dl>
      {children}
    </section>
  );
}
