import { useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { countriesByName, wireSchemeFor, type TWireDetails } from '@cypher/contract';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import formStyles from '../payment-forms.module.css';

type TWireField = keyof TWireDetails;
/** The values of any form that holds wire details under `wire` (the wire withdrawal, a saved bank account). */
interface TWithWire {
  wire: Record<TWireField, string>;
}

export const emptyWire: Record<TWireField, string> = {
  firstName: '',
  lastName: '',
  bankName: '',
  branch: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  residenceCountry: '',
  country: '',
  routingNumber: '',
  accountNumber: '',
  institutionNumber: '',
  transitNumber: '',
  iban: '',
  swift: '',
};

/** The form's `wire.*` paths, for showing the API's field errors under their fields. */
export const wireFieldPaths = Object.keys(emptyWire).map((field) => `wire.${field}` as const);

const commonFields: TWireField[] = [
  'firstName',
  'lastName',
  'bankName',
  'branch',
  'address',
  'city',
  'state',
  'zip',
  'residenceCountry',
  'country',
];
/** Which account fields a country's wire asks for: the contract's wireSchemeFor decides, as in the API. */
const schemeFields: Record<ReturnType<typeof wireSchemeFor>, TWireField[]> = {
  us: ['routingNumber', 'accountNumber'],
  ca: ['institutionNumber', 'transitNumber', 'accountNumber'],
  iban: ['iban', 'swift'],
  swift: ['accountNumber', 'swift'],
};

/** Only the fields this country's wire asks for; the others may hold what was typed for another country. */
export function wireDetailsToSend(wire: TWireDetails): TWireDetails {
  const sent = [...commonFields, ...schemeFields[wireSchemeFor(wire.country)]];
  return Object.fromEntries(sent.map((field) => [field, wire[field]]).filter(([, value]) => value)) as TWireDetails;
}

/** Every country by name, for a select whose first option says what choosing none means. */
function CountryOptions() {
  return countriesByName.map((entry) => (
    <option key={entry.code} value={entry.code}>
      {entry.name}
    </option>
  ));
}

/**
 * Spec section 3's bank fields, the ones the chosen country needs: account holder, bank and residential address.
 * Used inside a react-hook-form FormProvider whose values hold them under `wire`.
 */
export function WireDetailsFields() {
  const { register, control, formState } = useFormContext<TWithWire>();
  const country = useWatch({ control, name: 'wire.country' });
  const scheme = country ? wireSchemeFor(country) : undefined;
  const wireErrors: FieldErrors<TWithWire['wire']> = formState.errors.wire ?? {};

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
    <>
      <fieldset className={formStyles.group}>
        <legend className={formStyles.legend}>Account holder</legend>
        <div className={formStyles.fieldRow}>
          {text('firstName', 'First name', { autoComplete: 'given-name' })}
          {text('lastName', 'Last name', { autoComplete: 'family-name' })}
        </div>
      </fieldset>
      <fieldset className={formStyles.group}>
        <legend className={formStyles.legend}>Bank</legend>
        <Field
          label="Bank country"
          hint="The details we ask for depend on the country of the bank."
          error={wireErrors.country?.message}
          isRequired
        >
          {(props) => (
            <Select {...props} autoComplete="country" {...register('wire.country')}>
              <option value="">Choose a country</option>
              <CountryOptions />
            </Select>
          )}
        </Field>
        {scheme === 'us' ? (
          <div className={formStyles.fieldRow}>
            {text('routingNumber', 'Routing number (wire)', {
              hint: 'The 9-digit routing number for wire transfers, not the one for electronic (ACH) transfers. Ask your bank if they differ.',
              inputMode: 'numeric',
            })}
            {text('accountNumber', 'Account number', { hint: '4 to 17 digits.', inputMode: 'numeric' })}
          </div>
        ) : null}
        {scheme === 'ca' ? (
          <div className={formStyles.fieldRow}>
            {text('institutionNumber', 'Institution number', { hint: '3 digits.', inputMode: 'numeric' })}
            {text('transitNumber', 'Transit number', { hint: '5 digits.', inputMode: 'numeric' })}
            {text('accountNumber', 'Account number', { hint: '4 to 17 digits.', inputMode: 'numeric' })}
          </div>
        ) : null}
        {scheme === 'iban' ? (
          <div className={formStyles.fieldRow}>
            {text('iban', 'IBAN')}
            {text('swift', 'SWIFT code', { hint: '8 or 11 characters.' })}
          </div>
        ) : null}
        {scheme === 'swift' ? (
          <div className={formStyles.fieldRow}>
            {text('accountNumber', 'Account number', { hint: '4 to 17 digits.', inputMode: 'numeric' })}
            {text('swift', 'SWIFT code', { hint: '8 or 11 characters: how a wire finds your bank.' })}
          </div>
        ) : null}
        <div className={formStyles.fieldRow}>
          {text('bankName', 'Bank name')}
          {text('branch', 'Branch')}
        </div>
      </fieldset>
      <fieldset className={formStyles.group}>
        <legend className={formStyles.legend}>Residential address</legend>
        {text('address', 'Address', { autoComplete: 'street-address' })}
        <div className={formStyles.fieldRow}>
          {text('city', 'City', { autoComplete: 'address-level2' })}
          {text('state', 'State / province', { autoComplete: 'address-level1' })}
          {text('zip', 'ZIP / postal code', { autoComplete: 'postal-code' })}
        </div>
        <Field label="Country" error={wireErrors.residenceCountry?.message}>
          {(props) => (
            <Select {...props} autoComplete="country" {...register('wire.residenceCountry')}>
              <option value="">Same as the bank’s country</option>
              <CountryOptions />
            </Select>
          )}
        </Field>
      </fieldset>
    </>
  );
}
