import type { TConsoleMe } from '@cypher/contract';
import { createContext, useContext } from 'react';

/** The signed-in operator, provided by ConsoleFrame once `/console/me` has answered. */
export const OperatorContext = createContext<TConsoleMe | null>(null);

export function useOperator(): TConsoleMe {
  const me = useContext(OperatorContext);
  if (!me) throw new Error('useOperator() needs a <ConsoleFrame> above it.');
  return me;
}

/**
 * The brand a new entry is for when the operator manages exactly one (and is no admin): chosen for them, and shown,
 * rather than a required list of one to pick from on every form.
 */
export function useOnlyBrand(): TConsoleMe['brands'][number] | undefined {
  const me = useOperator();
  return !me.isAdmin && me.brands.length === 1 ? me.brands[0] : undefined;
}
