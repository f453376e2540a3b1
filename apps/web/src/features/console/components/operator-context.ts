import type { TConsoleMe } from '@cypher/contract';
import { createContext, useContext } from 'react';

/** The signed-in operator, provided by ConsoleFrame once `/console/me` has answered. */
export const OperatorContext = createContext<TConsoleMe | null>(null);

export function useOperator(): TConsoleMe {
  const me = useContext(OperatorContext);
  if (!me) throw new Error('useOperator() needs a <ConsoleFrame> above it.');
  return me;
}
