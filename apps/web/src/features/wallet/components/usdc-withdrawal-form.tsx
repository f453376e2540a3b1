import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_WALLET_ADDRESSES } from '@cypher/contract';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { Select } from '../../../ui/select.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { useAddWalletAddress, useWalletAddresses } from '../api/wallet-addresses.ts';
import { centsToDollars, dollarsToCents, usdcWithdrawalForm } from '../form-schemas.ts';
import { WithdrawalAmountField } from './withdrawal-amount-field.tsx';
import { WithdrawalTotal, type WithdrawalFormProps } from './withdraw-section.tsx';
import { unsentWithdrawal, useWithdrawalRequest } from './withdrawal-submit.ts';
import { UsdcAddressField } from './usdc-address-field.tsx';
import formStyles from '../payment-forms.module.css';

type TUsdcInput = z.input<ReturnType<typeof usdcWithdrawalForm>>;
type TUsdcOutput = z.output<ReturnType<typeof usdcWithdrawalForm>>;

/** USDC to an Ethereum (ERC-20) address: typed, or one of the person's saved addresses. */
export function UsdcWithdrawalForm(props: WithdrawalFormProps) {
  const { fee } = props;
  const walletAddresses = useWalletAddresses();
  const addWalletAddress = useAddWalletAddress();
  const [isSavingAddress, setIsSavingAddress] = useState(false);
  const form = useForm<TUsdcInput, unknown, TUsdcOutput>({
    resolver: zodResolver(usdcWithdrawalForm(fee)),
    defaultValues: { amount: '', address: '', isConfirmed: false },
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    resetField,
    getFieldState,
    control,
    formState: { errors, isSubmitting },
  } = form;
  useUnsavedChanges(form, 'withdrawal', unsentWithdrawal);
  const withdrawal = useWithdrawalRequest({
    ...props,
    setAmountCents: (cents) => setValue('amount', centsToDollars(cents), { shouldDirty: true, shouldValidate: true }),
  });
  const amount = useWatch({ control, name: 'amount' });
  const typedAddress = useWatch({ control, name: 'address' });
  const savedAddresses = walletAddresses.data ?? [];
  const chosen = savedAddresses.find((saved) => saved.address.toLowerCase() === typedAddress?.trim().toLowerCase());
  // Someone with saved addresses mostly withdraws to one again: the form starts with the newest, as its default value,
  // so leaving it untouched asks nothing. Not over an address the person typed.
  const newestAddress = savedAddresses[0]?.address;
  useEffect(() => {
    if (newestAddress && !getFieldState('address').isDirty) resetField('address', { defaultValue: newestAddress });
  }, [newestAddress, getFieldState, resetField]);
  const canSaveAddress = !chosen && walletAddresses.isSuccess && savedAddresses.length < MAX_WALLET_ADDRESSES;

  const onSubmit = handleSubmit(async ({ amount: cents, address, isConfirmed }) => {
    const body = {
      method: 'usdc' as const,
      amount: { amount: cents, currency: 'USD' as const },
      address,
      isConfirmed: isConfirmed as true,
    };
    const isTaken = await withdrawal.request(body, (error) =>
      applyApiError(error, setError, { fields: ['amount', 'address', 'isConfirmed'] }),
    );
    if (!isTaken) return;
    reset();
    if (isSavingAddress && canSaveAddress) {
      setIsSavingAddress(false);
      await withdrawal.saveDestination('wallet address', async () => {
        await addWalletAddress.mutateAsync({ address });
        return undefined;
      });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="USDC withdrawal">
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <WithdrawalAmountField
        registration={register('amount')}
        error={errors.amount?.message}
        fee={fee}
        withdrawable={props.withdrawable}
      />
      {savedAddresses.length > 0 ? (
        <Field label="Use a saved address">
          {(props) => (
            <Select
              {...props}
              value={chosen?.id ?? ''}
              onChange={(event) => {
                const saved = savedAddresses.find((each) => each.id === event.target.value);
                setValue('address', saved?.address ?? '', { shouldValidate: Boolean(saved) });
              }}
            >
              <option value="">Enter a new address</option>
              {savedAddresses.map((saved) => (
                <option key={saved.id} value={saved.id}>
                  {saved.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <UsdcAddressField registration={register('address')} error={errors.address?.message} />
      <WithdrawalTotal amountCents={dollarsToCents(amount ?? '')} fee={fee} />
      {canSaveAddress ? (
        <Checkbox
          label="Save this address for my next withdrawals"
          checked={isSavingAddress}
          onChange={(event) => setIsSavingAddress(event.target.checked)}
        />
      ) : null}
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
