import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_WALLET_ADDRESSES, type TWalletAddress } from '@cypher/contract';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import { useAddWalletAddress, useDeleteWalletAddress, useWalletAddresses } from '../api/wallet-addresses.ts';
import { ZWalletAddressForm } from '../form-schemas.ts';
import { ConfirmRemoveDialog } from './confirm-remove-dialog.tsx';
import { ListSkeleton } from './list-skeleton.tsx';
import styles from '../payment-page.module.css';

type TAddressInput = z.input<typeof ZWalletAddressForm>;
type TAddressOutput = z.output<typeof ZWalletAddressForm>;

/** Spec section 2's "wallet address": up to five USDC addresses, offered by the USDC withdrawal form. */
export function WalletAddressesCard() {
  const addresses = useWalletAddresses();
  const addAddress = useAddWalletAddress();
  const deleteAddress = useDeleteWalletAddress();
  const [removing, setRemoving] = useState<TWalletAddress>();
  const isFull = (addresses.data?.length ?? 0) >= MAX_WALLET_ADDRESSES;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TAddressInput, unknown, TAddressOutput>({
    resolver: zodResolver(ZWalletAddressForm),
    defaultValues: { address: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await addAddress.mutateAsync(values);
      reset();
    } catch (error) {
      applyApiError(error, setError, {
        fields: ['address'],
        fieldForCode: { WALLET_ADDRESS_ALREADY_SAVED: 'address' },
      });
    }
  });

  let list;
  if (addresses.isPending) list = <ListSkeleton label="Loading your wallet addresses" />;
  else if (addresses.isError)
    list = (
      <ErrorState
        titleAs="h3"
        title="We could not load your wallet addresses"
        error={addresses.error}
        onRetry={() => void addresses.refetch()}
        isRetrying={addresses.isFetching}
      />
    );
  else if (addresses.data.length === 0)
    list = (
      <EmptyState
        titleAs="h3"
        icon="wallet"
        title="No saved wallet addresses"
        body="Save the USDC addresses you withdraw to, and pick them in the USDC form instead of pasting them again."
      />
    );
  else
    list = (
      <ul className={styles.rows} aria-label="Saved wallet addresses">
        {addresses.data.map((saved) => (
          <li key={saved.id} className={styles.row}>
            <div className={styles.rowSummary}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>
                  <Icon name="wallet" size={18} /> {saved.label}
                </span>
                <span className={`${styles.rowMeta} ${styles.mono}`}>{saved.address}</span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${saved.label}`}
                onClick={() => {
                  deleteAddress.reset();
                  setRemoving(saved);
                }}
              >
                <Icon name="trash" size={16} /> Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section className={styles.card} aria-labelledby="wallet-addresses-title">
      <h2 id="wallet-addresses-title" className={styles.sectionTitle}>
        Wallet addresses
      </h2>
      {list}
      {isFull ? (
        <p className={styles.muted}>
          You have saved {MAX_WALLET_ADDRESSES} wallet addresses, the most we keep. Remove one to add another.
        </p>
      ) : (
        <form className={styles.addressForm} onSubmit={onSubmit} noValidate aria-label="Add a wallet address">
          {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
          <Field
            label="USDC wallet address"
            hint="An Ethereum (ERC-20) address: 0x followed by 40 characters."
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
          <Button type="submit" isLoading={isSubmitting}>
            Save address
          </Button>
        </form>
      )}
      <ConfirmRemoveDialog
        name={removing?.label}
        title="Remove this wallet address?"
        isRemoving={deleteAddress.isPending}
        error={deleteAddress.isError ? deleteAddress.error.message : undefined}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          if (removing) deleteAddress.mutate(removing.id, { onSuccess: () => setRemoving(undefined) });
        }}
      />
    </section>
  );
}
