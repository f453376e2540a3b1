import type { TMoney } from '@cypher/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { withdrawalBandwidthHint } from '../form-schemas.ts';

interface WithdrawalAmountFieldProps {
  registration: UseFormRegisterReturn;
  error?: string;
  fee: TMoney | undefined;
  withdrawable: TMoney | undefined;
}

/** The amount of a USDC or wire withdrawal, in dollars, with the smallest and largest one can take now. */
export function WithdrawalAmountField({ registration, error, fee, withdrawable }: WithdrawalAmountFieldProps) {
  return (
    <Field label="Amount (USD)" hint={withdrawalBandwidthHint(fee, withdrawable)} error={error} isRequired>
      {(props) => <Input {...props} inputMode="decimal" autoComplete="off" {...registration} />}
    </Field>
  );
}
