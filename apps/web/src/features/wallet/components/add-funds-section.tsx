import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { depositMethods, type TCreateDepositRequest, type TDepositLimits, type TDepositMethod } from '@cypher/contract';
import { isFinalRefusal } from '../../../api/api-error.ts';
import { applyApiError } from '../../../api/form-errors.ts';
import { fundsReturnLabel } from '../../../lib/funds-return.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Field } from '../../../ui/field.tsx';
import { ChoiceCard, ChoiceCards } from '../../../ui/choice-cards.tsx';
import type { IconName } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { useCryptoCurrencies } from '../api/get-crypto-currencies.ts';
import { useDepositLimits } from '../api/get-deposit-limits.ts';
import { useSavedCards } from '../api/saved-cards.ts';
import { useTiliaPaymentMethods } from '../api/tilia-payment-methods.ts';
import { addFundsForm, bandwidthHint, centsToDollars, shortfallAmount } from '../form-schemas.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import styles from '../payment-page.module.css';
import formStyles from '../payment-forms.module.css';

type TAddFundsSchema = ReturnType<typeof addFundsForm>;
type TAddFundsInput = z.input<TAddFundsSchema>;
type TAddFundsOutput = z.output<TAddFundsSchema>;

const methodChoices: Record<TDepositMethod, { label: string; icon: IconName; hint: string }> = {
  card: { label: 'Card', icon: 'card', hint: 'Visa, Mastercard, American Express, Discover' },
  crypto: { label: 'Crypto', icon: 'globe', hint: 'ETH, BTC, BCH, USDC or DAI on mainnet' },
  tilia: { label: 'Tilia', icon: 'wallet', hint: 'Your Tilia wallet or a method saved in Tilia' },
};

interface AddFundsSectionProps {
  /** Where the person came from to add funds (a drop's purchase popup), offered once the funds are in. */
  returnPath?: string | null;
  onReturn?: () => void;
  /** What the purchase that sent the person here lacks, in USD cents: the amount comes filled in with it. */
  shortfallCents?: number | null;
  /** A failed payment tried again (its Try again): its amount and method come filled in. */
  retry?: { cents: number; method: TDepositMethod } | null;
}

/** Add funds: pick a method and an amount, then pay on the provider's hosted checkout and come back here. */
export function AddFundsSection({ returnPath, onReturn, shortfallCents = null, retry = null }: AddFundsSectionProps) {
  return (
    <div className={styles.stack}>
      {returnPath ? (
        <Alert
          tone="info"
          title="You will come back afterwards"
          action={
            <ButtonLink to={returnPath} size="sm" variant="secondary" onClick={onReturn}>
              {fundsReturnLabel(returnPath)}
            </ButtonLink>
          }
        >
          Once your payment is confirmed, this page offers the way back to where you were, so you can finish your
          purchase.
        </Alert>
      ) : null}
      <AddFundsLoader shortfallCents={shortfallCents} retry={retry} />
    </div>
  );
}

type TFilledIn = Required<Pick<AddFundsSectionProps, 'shortfallCents' | 'retry'>>;

function AddFundsLoader({ shortfallCents, retry }: TFilledIn) {
  const limits = useDepositLimits();
  if (limits.isPending) {
    return (
      <div role="status" className={styles.card} aria-busy="true" aria-label="Loading add funds">
        <Skeleton height="18rem" />
      </div>
    );
  }
  if (limits.isError && !limits.data) {
    return (
      <ErrorState
        titleAs="h3"
        title="We could not load how much you can add"
        error={limits.error}
        onRetry={() => void limits.refetch()}
        isRetrying={limits.isRefetching}
      />
    );
  }
  return <AddFundsForm limits={limits.data} shortfallCents={shortfallCents} retry={retry} />;
}

function AddFundsForm({ limits, shortfallCents, retry }: TFilledIn & { limits: TDepositLimits }) {
  const schema = useMemo(() => addFundsForm(limits), [limits]);
  const shortfall = shortfallCents === null ? null : shortfallAmount(shortfallCents, limits);
  const bandwidth = bandwidthHint(limits.minimum.amount, limits.maximum.amount, 'payment');
  const amountHint = shortfall ? `${shortfall.note} ${bandwidth}` : bandwidth;
  const navigate = useNavigate();
  const createDeposit = useCreateDeposit();
  const idempotency = useIdempotencyKey('deposit');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TAddFundsInput, unknown, TAddFundsOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      method: retry?.method ?? 'card',
      amount: shortfall ? centsToDollars(shortfall.cents) : retry ? centsToDollars(retry.cents) : '',
      paymentMethodId: '',
    },
  });
  const method = useWatch({ control, name: 'method' });
  const paymentMethodId = useWatch({ control, name: 'paymentMethodId' });
  // A saved card is not a Tilia method: changing the method goes back to its checkout.
  useEffect(() => setValue('paymentMethodId', ''), [method, setValue]);

  const onSubmit = handleSubmit(async ({ method: chosen, amount, paymentMethodId: savedId }) => {
    const body: TCreateDepositRequest = {
      method: chosen,
      amount: { amount, currency: 'USD' },
      ...(savedId ? { paymentMethodId: savedId } : {}),
    };
    try {
      const { depositId, checkoutUrl } = await createDeposit.mutateAsync({
        body,
        idempotencyKey: idempotency.keyFor(body),
      });
      idempotency.settle();
      // The hosted checkout is another site (the sandbox page in development): a full navigation, not a route. A
      // saved-method charge has no checkout (null), nor has a deposit that ended before a retry's answer (paid,
      // failed, expired: its checkout is closed): the outcome shows here, polled from the deposit.
      if (checkoutUrl) window.location.assign(checkoutUrl);
      else void navigate(`/payment?deposit=${encodeURIComponent(depositId)}`);
    } catch (error) {
      // A refusal answers this attempt for good (kept under its key): the next press is a new one.
      if (isFinalRefusal(error)) idempotency.settle();
      applyApiError(error, setError, {
        fields: ['amount', 'method', 'paymentMethodId'],
        fieldForCode: {
          AMOUNT_OUT_OF_BANDWIDTH: 'amount',
          CARD_NOT_FOUND: 'paymentMethodId',
          PAYMENT_METHOD_NOT_FOUND: 'paymentMethodId',
        },
      });
    }
  });
  const isSavedMethod = Boolean(paymentMethodId);

  return (
    <form
      className={`${styles.card} ${formStyles.form}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-funds-title"
    >
      <h2 id="add-funds-title" className={styles.sectionTitle}>
        Add funds
      </h2>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <ChoiceCards legend="Payment method">
        {depositMethods.map((value) => (
          <ChoiceCard
            key={value}
            value={value}
            icon={methodChoices[value].icon}
            label={methodChoices[value].label}
            hint={methodChoices[value].hint}
            {...register('method')}
          />
        ))}
      </ChoiceCards>
      {method === 'crypto' ? <CryptoNotice /> : null}
      {method === 'card' || method === 'tilia' ? (
        <SavedMethodChoice method={method} error={errors.paymentMethodId?.message} register={register} />
      ) : null}
      <Field label="Amount (USD)" hint={amountHint} error={errors.amount?.message} isRequired>
        {(props) => <Input {...props} inputMode="decimal" autoComplete="off" {...register('amount')} />}
      </Field>
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={isSubmitting}>
        {isSavedMethod ? 'Pay now' : 'Continue to payment'}
      </Button>
      <p className={styles.muted}>
        {isSavedMethod
          ? 'We charge your saved method and show the outcome here.'
          : "You will pay on the provider's secure page and come back here when it is done."}
      </p>
    </form>
  );
}

/** Spec section 9: only the listed coins on mainnet; anything else is lost. Shown before paying, and loudly. */
function CryptoNotice() {
  const currencies = useCryptoCurrencies(true);
  if (currencies.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the supported coins" className={styles.stack}>
        <Skeleton height="4rem" />
      </div>
    );
  }
  if (currencies.isError && !currencies.data) {
    return (
      <Alert
        tone="error"
        title="We could not load which coins you can send"
        action={
          <Button size="sm" onClick={() => void currencies.refetch()} isLoading={currencies.isRefetching}>
            Try again
          </Button>
        }
      >
        {currencies.error.message} Send nothing until you see them: coins of another kind or network are lost.
      </Alert>
    );
  }
  return (
    <Alert tone="error" title="Only these coins, only on these networks">
      <p className={formStyles.noticeText}>{currencies.data.warning}</p>
      <ul className={formStyles.coins} aria-label="Supported coins">
        {currencies.data.currencies.map((coin) => (
          <li key={coin.code} className={formStyles.coin}>
            <strong>{coin.code}</strong> {coin.name} <span className={styles.rowMeta}>on {coin.network}</span>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** Pay with a saved card or Tilia method (charged without a checkout), or on the provider's page. */
function SavedMethodChoice({
  method,
  error,
  register,
}: {
  method: 'card' | 'tilia';
  error: string | undefined;
  register: UseFormRegister<TAddFundsInput>;
}) {
  const cards = useSavedCards(method === 'card');
  const tiliaMethods = useTiliaPaymentMethods(method === 'tilia');
  const list = method === 'card' ? cards : tiliaMethods;
  const saved =
    method === 'card'
      ? (cards.data ?? []).map((card) => ({
          id: card.id,
          label: `${card.brand} •••• ${card.last4}`,
          hint: `Expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
        }))
      : (tiliaMethods.data ?? []).map((entry) => ({ id: entry.id, label: entry.label, hint: 'Saved in Tilia' }));
  if (list.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading your saved methods">
        <Skeleton height="3.5rem" />
      </div>
    );
  }
  // Without saved methods (or if they cannot be read) the checkout is the way; nothing to choose.
  if (list.isError || saved.length === 0) return null;
  return (
    <ChoiceCards legend="Pay with">
      <ChoiceCard
        value=""
        icon="external"
        label={method === 'card' ? 'A new card' : 'Tilia checkout'}
        hint="On the provider's secure page"
        {...register('paymentMethodId')}
      />
      {saved.map((entry) => (
        <ChoiceCard
          key={entry.id}
          value={entry.id}
          icon={method === 'card' ? 'card' : 'wallet'}
          label={entry.label}
          hint={entry.hint}
          {...register('paymentMethodId')}
        />
      ))}
      {error ? (
        <p className={formStyles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </ChoiceCards>
  );
}
