import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { countries, wireSchemeFor, type TWireDetails } from '@cypher/contract';
import { isApiError } from '../../../api/api-error.ts';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useCreateWithdrawal } from '../api/create-withdrawal.ts';
import { dollarsToCents, ZWireWithdrawalForm } from '../form-schemas.ts';
import { useIdempotencyKey } from '../use-idempotency-key.ts';
import { WithdrawalTotal, type WithdrawalFormProps } from './withdraw-section.tsx';
import { shortfallOf } from './withdrawal-submit.ts';
import styles from '../payment-page.module.css';

type TWireInput = z.input<typeof ZWireWithdrawalForm>;
type TWireOutput = z.output<typeof ZWireWithdrawalForm>;
type TWireField = keyof TWireDetails;

const emptyWire = {
  firstName: '',
  lastName: '',
  bankName: '',
  branch: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  routingNumber: '',
  accountNumber: '',
  institutionNumber: '',
  transitNumber: '',
  iban: '',
  swift: '',
};

const commonFields: TWireField[] = [
  'firstName',
  'lastName',
  'bankName',
  'branch',
  'address',
  'city',
  'state',
  'zip',
  'country',
];
/** Which account fields a country's wire asks for: the contract's wireSchemeFor decides, as in the API. */
const schemeFields: Record<ReturnType<typeof wireSchemeFor>, TWireField[]> = {
  us: ['routingNumber', 'accountNumber'],
  ca: ['institutionNumber', 'transitNumber', 'accountNumber'],
  iban: ['iban', 'swift'],
};
const formFields = [
  'amount',
  'isConfirmed',
  ...Object.keys(emptyWire).map((field) => `wire.${field}`),
] as Path<TWireInput>[];

/** The wire form: spec section 3's bank fields, the ones a country needs, with the fee and total before sending. */
export function WireWithdrawalForm({
  fee,
  withdrawable,
  onInsufficientFunds,
  onWireRefused,
}: WithdrawalFormProps & { onWireRefused: (messages: string[]) => void }) {
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
  } = useForm<TWireInput, unknown, TWireOutput>({
    resolver: zodResolver(ZWireWithdrawalForm),
    defaultValues: { amount: '', wire: emptyWire, isConfirmed: false },
  });
  const country = useWatch({ control, name: 'wire.country' });
  const amount = useWatch({ control, name: 'amount' });
  const scheme = country ? wireSchemeFor(country) : undefined;
  const wireErrors = errors.wire ?? {};

  const onSubmit = handleSubmit(async ({ amount: cents, wire, isConfirmed }) => {
    const shortfall = shortfallOf(cents, fee, withdrawable);
    if (shortfall) {
      onInsufficientFunds(shortfall);
      return;
    }
    // Only the fields this country's wire asks for are sent; the others may hold what was typed for another country.
    const sent = [...commonFields, ...schemeFields[wireSchemeFor(wire.country)]];
    const details = Object.fromEntries(
      sent.map((field) => [field, wire[field]]).filter(([, value]) => value),
    ) as TWireDetails;
    const body = { method: 'wire' as const, amount: cents, wire: details, isConfirmed: isConfirmed as true };
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
      applyApiError(error, setError, { fields: formFields });
      const refused = isApiError(error)
        ? (error.details ?? []).filter((detail) => detail.field.startsWith('wire.'))
        : [];
      if (refused.length > 0) onWireRefused(refused.map((detail) => detail.message));
    }
  });

  const text = (
    field: TWireField,
    label: string,
    options: { hint?: string; autoComplete?: string; inputMode?: 'numeric' } = {},
  ) => (
    <Field label={label} hint={options.hint} error={wireErrors[field]?.message} isRequired>
      {(props) => (
        <Input
          {...props}
          autoComplete={options.autoComplete ?? 'off'}
          inputMode={options.inputMode}
          {...register(`wire.${field}`)}
        />
      )}
    </Field>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Wire withdrawal">
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <Field label="Amount (USD)" error={errors.amount?.message} isRequired>
        {(props) => (
          <Input {...props} inputMode="decimal" autoComplete="off" placeholder="100.00" {...register('amount')} />
        )}
      </Field>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Account holder</legend>
        <div className={styles.fieldRow}>
          {text('firstName', 'First name', { autoComplete: 'given-name' })}
          {text('lastName', 'Last name', { autoComplete: 'family-name' })}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Bank</legend>
        <Field
          label="Bank country"
          hint="The details we ask for depend on the country of the bank."
          error={wireErrors.country?.message}
          isRequired
        >
          {(props) => (
            <Select {...props} autoComplete="country" {...register('wire.country')}>
              <option value="">Choose a country</option>
              {countries.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {scheme === 'us' ? (
          <div className={styles.fieldRow}>
            {text('routingNumber', 'Routing number (wire)', {
              hint: 'The 9-digit routing number for wire transfers, not the one for electronic (ACH) transfers. Ask your bank if they differ.',
              inputMode: 'numeric',
            })}
            {text('accountNumber', 'Account number', { hint: '4 to 17 digits.', inputMode: 'numeric' })}
          </div>
        ) : null}
        {scheme === 'ca' ? (
          <div className={styles.fieldRow}>
            {text('institutionNumber', 'Institution number', { hint: '3 digits.', inputMode: 'numeric' })}
            {text('transitNumber', 'Transit number', { hint: '5 digits.', inputMode: 'numeric' })}
            {text('accountNumber', 'Account number', { hint: '4 to 17 digits.', inputMode: 'numeric' })}
          </div>
        ) : null}
        {scheme === 'iban' ? (
          <div className={styles.fieldRow}>
            {text('iban', 'IBAN')}
            {text('swift', 'SWIFT code', { hint: '8 or 11 characters.' })}
          </div>
        ) : null}
        <div className={styles.fieldRow}>
          {text('bankName', 'Bank name')}
          {text('branch', 'Branch')}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Residential address</legend>
        {text('address', 'Address', { autoComplete: 'street-address' })}
        <div className={styles.fieldRow}>
          {text('city', 'City', { autoComplete: 'address-level2' })}
          {text('state', 'State / province', { autoComplete: 'address-level1' })}
          {text('zip', 'ZIP / postal code', { autoComplete: 'postal-code' })}
        </div>
      </fieldset>
      <WithdrawalTotal amountCents={dollarsToCents(amount ?? '')} fee={fee} />
      <p className={styles.muted}>
        The wire fee applies to each request and may be kept even if the withdrawal is rejected. Review takes up to two
        weeks.
      </p>
      <Checkbox
        label="I confirm the bank information is correct"
        error={errors.isConfirmed?.message}
        {...register('isConfirmed')}
      />
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={isSubmitting}>
        Request wire withdrawal
      </Button>
    </form>
  );
}
