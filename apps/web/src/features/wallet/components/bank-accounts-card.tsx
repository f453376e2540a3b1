import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type Ref } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { countries, MAX_BANK_ACCOUNTS, type TBankAccount } from '@cypher/contract';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { useInlineFormFocus } from '../../../ui/use-inline-form-focus.ts';
import { useAddBankAccount, useBankAccounts, useDeleteBankAccount } from '../api/bank-accounts.ts';
import { ZBankAccountForm } from '../form-schemas.ts';
import { ConfirmRemoveDialog } from './confirm-remove-dialog.tsx';
import { SavedList } from './saved-list.tsx';
import { emptyWire, WireDetailsFields, wireDetailsToSend, wireFieldPaths } from './wire-details-fields.tsx';
import styles from '../payment-page.module.css';
import formStyles from '../payment-forms.module.css';

type TBankInput = z.input<typeof ZBankAccountForm>;
type TBankOutput = z.output<typeof ZBankAccountForm>;
const formFields = ['isConfirmed', ...wireFieldPaths] as Path<TBankInput>[];

const countryNames = new Map<string, string>(countries.map((entry) => [entry.code, entry.name]));

/** Spec section 2's "bank account setup": up to five bank accounts, offered by the wire withdrawal form. */
export function BankAccountsCard() {
  const accounts = useBankAccounts();
  const deleteAccount = useDeleteBankAccount();
  const [isAdding, setIsAdding] = useState(false);
  const inlineForm = useInlineFormFocus();
  const [removing, setRemoving] = useState<TBankAccount>();
  const isFull = (accounts.data?.length ?? 0) >= MAX_BANK_ACCOUNTS;

  const list = (
    <SavedList
      query={accounts}
      what="bank accounts"
      icon="globe"
      empty={{
        title: 'No saved bank accounts',
        body: 'Save the bank details you wire withdrawals to, and pick them in the wire form instead of typing them again.',
      }}
      toRow={(account) => ({
        id: account.id,
        title: account.label,
        name: account.label,
        meta: `${account.holderName} · ${countryNames.get(account.country) ?? account.country}`,
        // Saved under older rules: kept, and said not usable until added again, rather than refused on use.
        problem: account.unusableReason ?? undefined,
      })}
      onRemove={(account) => {
        deleteAccount.reset();
        setRemoving(account);
      }}
    />
  );

  return (
    <section className={styles.card} aria-labelledby="bank-accounts-title">
      <div className={styles.cardHeader}>
        <h2 id="bank-accounts-title" className={styles.sectionTitle}>
          Bank accounts
        </h2>
        {isAdding || !accounts.isSuccess || isFull ? null : (
          <Button size="sm" ref={inlineForm.buttonRef} onClick={() => setIsAdding(true)}>
            <Icon name="plus" size={16} /> Add a bank account
          </Button>
        )}
      </div>
      {list}
      {isFull ? (
        <p className={styles.muted}>
          You have saved {MAX_BANK_ACCOUNTS} bank accounts, the most we keep. Remove one to add another.
        </p>
      ) : null}
      {isAdding ? <AddBankAccountForm formRef={inlineForm.formRef} onDone={() => setIsAdding(false)} /> : null}
      <ConfirmRemoveDialog
        name={removing?.label}
        title="Remove this bank account?"
        isRemoving={deleteAccount.isPending}
        error={deleteAccount.isError ? deleteAccount.error.message : undefined}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          if (removing) deleteAccount.mutate(removing.id, { onSuccess: () => setRemoving(undefined) });
        }}
      />
    </section>
  );
}

function AddBankAccountForm({ formRef, onDone }: { formRef: Ref<HTMLFormElement>; onDone: () => void }) {
  const addAccount = useAddBankAccount();
  const form = useForm<TBankInput, unknown, TBankOutput>({
    resolver: zodResolver(ZBankAccountForm),
    defaultValues: { wire: emptyWire, isConfirmed: false },
  });
  const {
    handleSubmit,
    register,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  // The payment page shows one tab at a time: another tab drops the form as surely as another page.
  const { markSaved, askBeforeClosing } = useUnsavedChanges(form, 'bank account', {
    notSaved: 'The bank account you are adding is not saved.',
    resetByQuery: ['tab'],
  });

  const onSubmit = handleSubmit(async ({ wire, isConfirmed }) => {
    try {
      await addAccount.mutateAsync({ wire: wireDetailsToSend(wire), isConfirmed: isConfirmed as true });
      markSaved();
      onDone();
    } catch (error) {
      applyApiError(error, setError, { fields: formFields });
    }
  });

  return (
    <FormProvider {...form}>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Add a bank account">
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        <WireDetailsFields />
        <Checkbox
          label="I confirm the bank information is correct"
          error={errors.isConfirmed?.message}
          {...register('isConfirmed')}
        />
        <div className={formStyles.actions}>
          <Button type="submit" variant="primary" isLoading={isSubmitting}>
            Save bank account
          </Button>
          <Button onClick={() => askBeforeClosing(onDone)}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}
