import { useMyBalances } from '../../api/my-balances.ts';

/**
 * The CYP unit's decimals (`CYP_MINOR_UNITS` on the server, 2 unless configured), which a console credit is typed and
 * shown with. The API answers them with the balances; until it has, `decimals` is undefined and a credit cannot be
 * read (5 CYP is 500 minor units at two decimals and 5 at none).
 */
export function useCypUnit() {
  const balances = useMyBalances();
  return {
    decimals: balances.data?.cypUnit.minorUnits,
    /** The unit with its rate (CYP per USD), for what a credit is worth in dollars. */
    unit: balances.data?.cypUnit,
    isPending: balances.isPending,
    error: balances.error,
    isRefetching: balances.isRefetching,
    refetch: balances.refetch,
  };
}
