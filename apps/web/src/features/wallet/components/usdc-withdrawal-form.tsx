import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useCreateWithdrawal } from '../api/create-withdrawal.ts';
import { dollarsToCents, ZUsdcWithdrawalForm } from '../form-schemas.ts';
import { useIdempotencyKey } from '../use-idempotency-key.ts';
import { WithdrawalTotal, type WithdrawalFormProps } from './withdraw-section.tsx';
import { shortfallOf } from './withdrawal-submit.ts';
import styles from '../payment-page.module.css';

type TUsdcInput = z.input<typeof ZUsdcWithdrawalForm>;
type TUsdcOutput = z.output<typeof ZUsdcWithdrawalForm>;

/** USDC to an Ethereum (ERC-20) address. The API keeps no saved address, so it is asked here each time. */
export function UsdcWithdrawalForm({ fee, withdrawable, onInsufficientFunds }: WithdrawalFormProps) {
  const { showToast } = useToast();
  const createWithdrawal = useCreateWithdrawal();
  const idempotency = useIdempotencyKey();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TUsdcInput, unknown, TUsdcOutput>({
    resolver: zodResolver(ZUsdcWithdrawalForm),
    defaultValues: { amount: '', address: '', isConfirmed: false },
  });
  const amount = useWatch({ control, name: 'amount' });

  const onSubmit = handleSubmit(async ({ amount: cents, address, isConfirmed }) => {
    const shortfall = shortfallOf(cents, fee, withdrawable);
    if (shortfall) {
      onInsufficientFunds(shortfall);
      return;
    }
    const body = { method: 'usdc' as const, amount: cents, address, isConfirmed: isConfirmed as true };
    try {
      await createWithdrawal.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.settle();
      reset();
      showToast({
        tone: 'success',
        title: 'Withdrawal requested',
        description: 'Compliance review takes up to two weeks. You can follow it below.',
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'INSUFFICIENT_FUNDS') {
        onInsufficientFunds();
        return;
      }
      applyApiError(error, setError, { fields: ['amount', 'address', 'isConfirmed'] });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="USDC withdrawal">
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <Field label="Amount (USD)" error={errors.amount?.message} isRequired>
        {(props) => (
          <Input {...props} inputMode="decimal" autoComplete="off" placeholder="100.00" {...register('amount')} />
        )}
      </Field>
      <Field
        label="USDC wallet address"
        hint="An Ethereum (ERC-20) address: 0x followed by 40 characters. USDC sent to another network is lost."
        error={errors.address?.message}
        isRequired
      >
        {(props) => (
          <Input
            {...props}
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            className={styles.mono}
            {...register('address')}
          />
        )}
      </Field>
      <WithdrawalTotal amountCents={dollarsToCents(amount ?? '')} fee={fee} />
      <Checkbox
        label="I confirm the wallet address is correct"
        error={errors.isConfirmed?.message}
        {...register('isConfirmed')}
      />
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={isSubmitting}>
        Request USDC withdrawal
      </Button>
    </form>
  );
}
