import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_WALLET_ADDRESSES, type TWalletAddress } from '@cypher/contract';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useAddWalletAddress, useDeleteWalletAddress, useWalletAddresses } from '../api/wallet-addresses.ts';
import { ZWalletAddressForm } from '../form-schemas.ts';
import { ConfirmRemoveDialog } from './confirm-remove-dialog.tsx';
import { SavedList } from './saved-list.tsx';
import { UsdcAddressField } from './usdc-address-field.tsx';
import { useAddSavedMethod } from './use-add-saved-method.ts';
import styles from '../payment-page.module.css';
import formStyles from '../payment-forms.module.css';

type TAddressInput = z.input<typeof ZWalletAddressForm>;
type TAddressOutput = z.output<typeof ZWalletAddressForm>;

/** Spec section 2's "wallet address": up to five USDC addresses, offered by the USDC withdrawal form. */
export function WalletAddressesCard() {
  const addresses = useWalletAddresses();
  const addAddress = useAddWalletAddress();
  const deleteAddress = useDeleteWalletAddress();
  const [removing, setRemoving] = useState<TWalletAddress>();
  const isFull = (addresses.data?.length ?? 0) >= MAX_WALLET_ADDRESSES;
  const form = useForm<TAddressInput, unknown, TAddressOutput>({
    resolver: zodResolver(ZWalletAddressForm),
    defaultValues: { address: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { onSubmit } = useAddSavedMethod(form, {
    what: 'wallet address',
    add: (values) => addAddress.mutateAsync(values),
    errorFields: { fields: ['address'], fieldForCode: { WALLET_ADDRESS_ALREADY_SAVED: 'address' } },
  });

  const list = (
    <SavedList
      query={addresses}
      what="wallet addresses"
      icon="wallet"
      empty={{
        title: 'No saved wallet addresses',
        body: 'Save the USDC addresses you withdraw to, and pick them in the USDC form instead of pasting them again.',
      }}
      toRow={(saved) => ({
        id: saved.id,
        title: saved.label,
        name: saved.label,
        meta: <span className={styles.mono}>{saved.address}</span>,
      })}
      onRemove={(saved) => {
        deleteAddress.reset();
        setRemoving(saved);
      }}
    />
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
        <form className={formStyles.addressForm} onSubmit={onSubmit} noValidate aria-label="Add a wallet address">
          {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
          <UsdcAddressField registration={register('address')} error={errors.address?.message} />
          {/* As tall as the field beside it, so the two line up. */}
          <Button type="submit" size="lg" isLoading={isSubmitting}>
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
