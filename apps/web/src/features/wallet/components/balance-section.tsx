import { formatMoney, type TBalanceParts, type TMyBalances } from '@cypher/contract';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useMyBalances } from '../api/get-my-balances.ts';
import styles from '../payment-page.module.css';

/** The balance cards: USD and CYP, each with the parts that say what may be withdrawn and what is held. */
export function BalanceSection() {
  const balances = useMyBalances();
  if (balances.isPending) {
    return (
      <div className={styles.balanceGrid} aria-busy="true" aria-label="Loading your balance">
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
  if (balances.isError) {
    return (
      <ErrorState
        title="We could not load your balance"
        error={balances.error}
        onRetry={() => void balances.refetch()}
        isRetrying={balances.isFetching}
      />
    );
  }
  return (
    <div className={styles.balanceGrid}>
      <BalanceCard title="US dollars" parts={balances.data.usd} unit={balances.data.cypUnit} />
      <BalanceCard title="CYP" parts={balances.data.cyp} unit={balances.data.cypUnit} />
    </div>
  );
}

function BalanceCard({ title, parts, unit }: { title: string; parts: TBalanceParts; unit: TMyBalances['cypUnit'] }) {
  const format = (money: TBalanceParts['total']) => formatMoney(money, { cypMinorUnits: unit.minorUnits });
  return (
    <section className={styles.balanceCard} aria-label={`${title} balance`}>
      <h3 className={styles.balanceUnit}>{title}</h3>
      <p className={styles.balanceTotal}>{format(parts.total)}</p>
      <dl className={styles.facts}>
        <dt>Withdrawable</dt>
        <dd>{format(parts.withdrawable)}</dd>
        <dt>Not withdrawable</dt>
        <dd>{format(parts.nonWithdrawable)}</dd>
        <dt>Held in review</dt>
        <dd>{format(parts.held)}</dd>
      </dl>
    </section>
  );
}
