import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_BANK_ACCOUNTS } from '@cypher/contract';
import { isApiError } from '../../../api/api-error.ts';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { useFocusFirstInvalid } from '../../../ui/focus-first-invalid.ts';
import { Select } from '../../../ui/select.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { bankAccountQuery, useAddBankAccount, useBankAccounts } from '../api/bank-accounts.ts';
import { centsToDollars, dollarsToCents, wireWithdrawalForm } from '../form-schemas.ts';
import { WithdrawalAmountField } from './withdrawal-amount-field.tsx';
import { WithdrawalTotal, type WithdrawalFormProps } from './withdraw-section.tsx';
import { emptyWire, WireDetailsFields, wireDetailsToSend, wireFieldPaths } from './wire-details-fields.tsx';
import { unsentWithdrawal, useWithdrawalRequest } from './withdrawal-submit.ts';
import styles from '../payment-page.module.css';
import formStyles from '../payment-forms.module.css';

type TWireInput = z.input<ReturnType<typeof wireWithdrawalForm>>;
type TWireOutput = z.output<ReturnType<typeof wireWithdrawalForm>>;
const formFields = ['amount', 'isConfirmed', ...wireFieldPaths] as Path<TWireInput>[];

/** The wire form: spec section 3's bank fields, the ones a country needs, with the fee and total before sending. */
export function WireWithdrawalForm({
  onWireRefused,
  ...props
}: WithdrawalFormProps & { onWireRefused: (messages: string[]) => void }) {
  const { fee } = props;
  const queryClient = useQueryClient();
  const bankAccounts = useBankAccounts();
  const addBankAccount = useAddBankAccount();
  const [savedAccountId, setSavedAccountId] = useState('');
  // The saved account the form starts from (the newest usable one), once its details have arrived.
  const [startingAccountId, setStartingAccountId] = useState('');
  const [prefill, setPrefill] = useState<{ isLoading: boolean; error?: string }>({ isLoading: false });
  const [isSavingAccount, setIsSavingAccount] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<TWireInput, unknown, TWireOutput>({
    resolver: zodResolver(wireWithdrawalForm(fee)),
    defaultValues: { amount: '', wire: emptyWire, isConfirmed: false },
    // The bank's fields come and go with its country, so registration order is not the page's: focus by the page.
    shouldFocusError: false,
  });
  useUnsavedChanges(form, 'withdrawal', unsentWithdrawal);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    control,
    formState: { errors, isSubmitting, submitCount },
  } = form;
  const withdrawal = useWithdrawalRequest({
    ...props,
    setAmountCents: (cents) =>
      form.setValue('amount', centsToDollars(cents), { shouldDirty: true, shouldValidate: true }),
  });
  useFocusFirstInvalid(formRef, submitCount, Object.keys(errors).length > 0);
  const amount = useWatch({ control, name: 'amount' });
  const savedAccounts = bankAccounts.data ?? [];
  const canSaveAccount = !savedAccountId && bankAccounts.isSuccess && savedAccounts.length < MAX_BANK_ACCOUNTS;

  /**
   * Fills the bank's fields from a saved account. The person's own choice counts as a change (keepDefaultValues):
   * leaving the form filled asks, as if typed. The form's starting choice (`isStart`) is what the form holds before
   * anything is typed, so leaving it untouched asks nothing; it is not made if the person has typed meanwhile.
   */
  async function fillFromSavedAccount(id: string, { isStart = false } = {}) {
    setSavedAccountId(id);
    if (!id) {
      reset({ ...getValues(), wire: emptyWire, isConfirmed: false }, { keepDefaultValues: true });
      setPrefill({ isLoading: false });
      return;
    }
    setPrefill({ isLoading: true });
    try {
      const account = await queryClient.fetchQuery(bankAccountQuery(id));
      if (isStart && form.formState.isDirty) {
        setSavedAccountId('');
        setPrefill({ isLoading: false });
        return;
      }
      // The saved details as stored, and a fresh confirmation: the person still checks them before sending.
      reset(
        { ...getValues(), wire: { ...emptyWire, ...account.details }, isConfirmed: false },
        { keepDefaultValues: !isStart },
      );
      if (isStart) setStartingAccountId(id);
      setIsSavingAccount(false);
      setPrefill({ isLoading: false });
    } catch (error) {
      setSavedAccountId('');
      setPrefill({ isLoading: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  // Someone with saved bank accounts mostly withdraws to one again: the form starts filled from the newest usable one.
  const newestUsableAccountId = savedAccounts.find((account) => account.isUsable)?.id;
  useEffect(() => {
    if (newestUsableAccountId && !startingAccountId && !form.formState.isDirty) {
      void fillFromSavedAccount(newestUsableAccountId, { isStart: true });
    }
    // Once: a list that changes later (an account saved or removed) leaves a started form as it is.
  }, [newestUsableAccountId]);

  const onSubmit = handleSubmit(async ({ amount: cents, wire, isConfirmed }) => {
    const details = wireDetailsToSend(wire);
    const body = {
      method: 'wire' as const,
      amount: { amount: cents, currency: 'USD' as const },
      wire: details,
      isConfirmed: isConfirmed as true,
    };
    const isTaken = await withdrawal.request(body, (error) => {
      applyApiError(error, setError, { fields: formFields });
      const refused = isApiError(error)
        ? (error.details ?? []).filter((detail) => detail.field.startsWith('wire.'))
        : [];
      if (refused.length > 0) onWireRefused(refused.map((detail) => detail.message));
    });
    if (!isTaken) return;
    // Empty again for the next request, or back to the saved account it started from.
    reset();
    setSavedAccountId(startingAccountId);
    if (isSavingAccount && canSaveAccount) {
      setIsSavingAccount(false);
      await withdrawal.saveDestination(
        'bank account',
        async () => (await addBankAccount.mutateAsync({ wire: details, isConfirmed: true })).label,
      );
    }
  });

  return (
    <FormProvider {...form}>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Wire withdrawal">
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        <WithdrawalAmountField
          registration={register('amount')}
          error={errors.amount?.message}
          fee={fee}
          withdrawable={props.withdrawable}
        />
        {savedAccounts.length > 0 ? (
          <Field
            label="Use a saved bank account"
            hint={
              prefill.isLoading
                ? 'Filling in the saved details…'
                : 'Fills in the details below; check them before sending.'
            }
          >
            {(props) => (
              <Select
                {...props}
                value={savedAccountId}
                disabled={prefill.isLoading}
                onChange={(event) => void fillFromSavedAccount(event.target.value)}
              >
                <option value="">Enter new bank details</option>
                {savedAccounts.map((account) => (
                  // One a withdrawal would refuse as saved is shown, not offered: its row under Payment methods
                  // says why and to add it again.
                  <option key={account.id} value={account.id} disabled={!account.isUsable}>
                    {account.label} · {account.holderName}
                    {account.isUsable ? '' : ' (not usable: add it again)'}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        {prefill.error ? <Alert tone="error">{prefill.error}</Alert> : null}
        <WireDetailsFields />
        <WithdrawalTotal amountCents={dollarsToCents(amount ?? '')} fee={fee} />
        <p className={styles.muted}>
          The wire fee applies to each request and may be kept even if the withdrawal is rejected. Review takes up to
          two weeks.
        </p>
        {canSaveAccount ? (
          <Checkbox
            label="Save this bank account for my next withdrawals"
            checked={isSavingAccount}
            onChange={(event) => setIsSavingAccount(event.target.checked)}
          />
        ) : null}
        <Checkbox
          label="I confirm the bank information is correct"
          error={errors.isConfirmed?.message}
          {...register('isConfirmed')}
        />
        <Button type="submit" variant="primary" size="lg" isBlock isLoading={isSubmitting}>
          Request wire withdrawal
        </Button>
      </form>
    </FormProvider>
  );
}
