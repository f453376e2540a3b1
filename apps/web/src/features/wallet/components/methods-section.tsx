import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_SAVED_CARDS, MAX_TILIA_PAYMENT_METHODS, tiliaPaymentMethodTypes } from '@cypher/contract';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import { useInlineFormFocus } from '../../../ui/use-inline-form-focus.ts';
import { useAddSavedCard, useDeleteSavedCard, useSavedCards } from '../api/saved-cards.ts';
import {
  useAddTiliaPaymentMethod,
  useDeleteTiliaPaymentMethod,
  useTiliaPaymentMethods,
} from '../api/tilia-payment-methods.ts';
import { ZCardForm, ZTiliaMethodForm } from '../form-schemas.ts';
import { BankAccountsCard } from './bank-accounts-card.tsx';
import { SavedList } from './saved-list.tsx';
import { useAddSavedMethod } from './use-add-saved-method.ts';
import { WalletAddressesCard } from './wallet-addresses-card.tsx';
import styles from '../payment-page.module.css';
import formStyles from '../payment-forms.module.css';

/** Saved cards, Tilia payment methods, bank accounts and wallet addresses, in one place. */
export function MethodsSection() {
  return (
    <div className={styles.stack}>
      <CardsCard />
      <TiliaCard />
      <BankAccountsCard />
      <WalletAddressesCard />
    </div>
  );
}

type TCardInput = z.input<typeof ZCardForm>;
type TCardOutput = z.output<typeof ZCardForm>;

const thisYear = new Date().getFullYear();
const years = Array.from({ length: 15 }, (_, index) => thisYear + index);

function CardsCard() {
  const cards = useSavedCards();
  const addCard = useAddSavedCard();
  const deleteCard = useDeleteSavedCard();
  const [isAdding, setIsAdding] = useState(false);
  const inlineForm = useInlineFormFocus();
  const isFull = (cards.data?.length ?? 0) >= MAX_SAVED_CARDS;
  const form = useForm<TCardInput, unknown, TCardOutput>({
    resolver: zodResolver(ZCardForm),
    defaultValues: { nameOnCard: '', cardNumber: '', expMonth: '', expYear: '' },
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const { onSubmit, askBeforeClosing } = useAddSavedMethod(form, {
    what: 'card',
    // The API keeps the name, brand, last four and expiry; the number itself goes to the provider only.
    add: ({ nameOnCard, cardNumber, expMonth, expYear }) =>
      addCard.mutateAsync({ nameOnCard, cardNumber, expMonth, expYear }),
    errorFields: {
      fields: ['nameOnCard', 'cardNumber', 'expMonth', 'expYear'],
      fieldForCode: { INVALID_CARD_NUMBER: 'cardNumber', CARD_ALREADY_SAVED: 'cardNumber' },
    },
    onAdded: () => setIsAdding(false),
  });

  const list = (
    <SavedList
      query={cards}
      what="cards"
      icon="card"
      empty={{
        title: 'No saved cards',
        body: 'Cards you save are kept as name, brand, last four digits and expiry only; the full number is never stored.',
      }}
      toRow={(card) => ({
        id: card.id,
        title: `${card.brand} •••• ${card.last4}`,
        name: `${card.brand} ending ${card.last4}`,
        meta: `${card.nameOnCard ? `${card.nameOnCard} · ` : ''}Expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
      })}
      onRemove={(card) => deleteCard.mutate(card.id)}
      removingId={deleteCard.isPending ? deleteCard.variables : undefined}
    />
  );

  return (
    <section className={styles.card} aria-labelledby="cards-title">
      <div className={styles.cardHeader}>
        <h2 id="cards-title" className={styles.sectionTitle}>
          Credit cards
        </h2>
        {isAdding || isFull ? null : (
          <Button size="sm" ref={inlineForm.buttonRef} onClick={() => setIsAdding(true)}>
            <Icon name="plus" size={16} /> Add a card
          </Button>
        )}
      </div>
      {deleteCard.isError ? <Alert tone="error">{deleteCard.error.message}</Alert> : null}
      {list}
      {isFull ? (
        <p className={styles.muted}>
          You have saved {MAX_SAVED_CARDS} cards, the most we keep. Remove one to add another.
        </p>
      ) : null}
      {isAdding ? (
        <form
          ref={inlineForm.formRef}
          className={formStyles.form}
          onSubmit={onSubmit}
          noValidate
          aria-label="Add a card"
        >
          {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
          <Field label="Name as on card" error={errors.nameOnCard?.message} isRequired>
            {(props) => <Input {...props} autoComplete="cc-name" {...register('nameOnCard')} />}
          </Field>
          <Field label="Card number" error={errors.cardNumber?.message} isRequired>
            {(props) => <Input {...props} inputMode="numeric" autoComplete="cc-number" {...register('cardNumber')} />}
          </Field>
          <div className={formStyles.fieldRow}>
            <Field label="Expiry month" error={errors.expMonth?.message} isRequired>
              {(props) => (
                <Select {...props} autoComplete="cc-exp-month" {...register('expMonth')}>
                  <option value="">Month</option>
                  {Array.from({ length: 12 }, (_, index) => (
                    <option key={index} value={index + 1}>
                      {String(index + 1).padStart(2, '0')}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Expiry year" error={errors.expYear?.message} isRequired>
              {(props) => (
                <Select {...props} autoComplete="cc-exp-year" {...register('expYear')}>
                  <option value="">Year</option>
                  {years.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <div className={formStyles.actions}>
            <Button type="submit" variant="primary" isLoading={isSubmitting}>
              Save card
            </Button>
            <Button
              onClick={() =>
                askBeforeClosing(() => {
                  reset();
                  setIsAdding(false);
                })
              }
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

type TTiliaInput = z.input<typeof ZTiliaMethodForm>;
type TTiliaOutput = z.output<typeof ZTiliaMethodForm>;

const tiliaTypeLabels: Record<(typeof tiliaPaymentMethodTypes)[number], string> = {
  tilia_wallet: 'Tilia wallet',
  card: 'Card',
  bank_account: 'Bank account',
};

function TiliaCard() {
  const methods = useTiliaPaymentMethods();
  const addMethod = useAddTiliaPaymentMethod();
  const deleteMethod = useDeleteTiliaPaymentMethod();
  const isFull = (methods.data?.length ?? 0) >= MAX_TILIA_PAYMENT_METHODS;
  const form = useForm<TTiliaInput, unknown, TTiliaOutput>({
    resolver: zodResolver(ZTiliaMethodForm),
    defaultValues: { type: 'tilia_wallet', label: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { onSubmit } = useAddSavedMethod(form, {
    what: 'Tilia payment method',
    add: (values) => addMethod.mutateAsync(values),
    errorFields: { fields: ['type', 'label'] },
  });

  const list = (
    <SavedList
      query={methods}
      what="Tilia payment methods"
      icon="wallet"
      empty={{
        title: 'No Tilia payment methods',
        body: 'Add the payment methods you keep in your Tilia account, so you know which one pays when you add funds with Tilia.',
      }}
      toRow={(method) => ({
        id: method.id,
        title: method.label,
        name: method.label,
        meta: tiliaTypeLabels[method.type],
      })}
      onRemove={(method) => deleteMethod.mutate(method.id)}
      removingId={deleteMethod.isPending ? deleteMethod.variables : undefined}
    />
  );

  return (
    <section className={styles.card} aria-labelledby="tilia-title">
      <h2 id="tilia-title" className={styles.sectionTitle}>
        Tilia payment methods
      </h2>
      {deleteMethod.isError ? <Alert tone="error">{deleteMethod.error.message}</Alert> : null}
      {list}
      {isFull ? (
        <p className={styles.muted}>
          You have saved {MAX_TILIA_PAYMENT_METHODS} Tilia payment methods, the most we keep. Remove one to add another.
        </p>
      ) : (
        <form className={formStyles.inlineForm} onSubmit={onSubmit} noValidate aria-label="Add a Tilia payment method">
          {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
          <Field label="Type" error={errors.type?.message}>
            {(props) => (
              <Select {...props} {...register('type')}>
                {tiliaPaymentMethodTypes.map((type) => (
                  <option key={type} value={type}>
                    {tiliaTypeLabels[type]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Name it" error={errors.label?.message} isRequired>
            {(props) => <Input {...props} placeholder="My Tilia wallet" {...register('label')} />}
          </Field>
          {/* As tall as the field beside it, so the two line up. */}
          <Button type="submit" size="lg" isLoading={isSubmitting}>
            Add method
          </Button>
        </form>
      )}
    </section>
  );
}
