import { formatMoney } from '@cypher/contract';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { TMoneyFormat } from '../components/ledger-labels.ts';
import { useCypUnit } from '../use-cyp-unit.ts';
import { HouseAccounts } from './ledger-house-accounts.tsx';
import { Journal } from './ledger-journal.tsx';

/** `/console/ledger` (admins): the ledger's audit with the house accounts per currency, and the journal. */
export function LedgerSection() {
  // CYP's decimals are the server's (CYP_MINOR_UNITS): no amount is shown before they are known, since a guess would
  // show every CYP amount of an audit scaled wrong.
  const cypUnit = useCypUnit();
  const cypMinorUnits = cypUnit.decimals;
  const format: TMoneyFormat = (money) => formatMoney(money, { cypMinorUnits });
  const header = (
    <ConsoleHeader
      title="Ledger"
      description="Where the money is: the house’s accounts in each currency, checked against every entry, and every movement that got it there."
    />
  );
  if (cypMinorUnits === undefined) {
    return (
      <>
        {header}
        {cypUnit.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading the ledger">
            <Skeleton height="320px" radius="var(--radius-lg)" />
          </div>
        ) : (
          <ErrorState
            titleAs="h2"
            title="We could not load the ledger"
            error={cypUnit.error}
            onRetry={() => void cypUnit.refetch()}
            isRetrying={cypUnit.isRefetching}
          />
        )}
      </>
    );
  }
  return (
    <>
      {header}
      <HouseAccounts format={format} />
      <Journal format={format} />
    </>
  );
}
