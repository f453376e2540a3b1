import type { TConsolePass } from '@cypher/contract';
import { useEffect, type FocusEvent } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { Field } from '../../../ui/field.tsx';
import { CountInput, Input } from '../../../ui/input.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { BrandField } from '../components/brand-select.tsx';
import { DateTimeField } from '../components/date-time-field.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { usePriceChangeConfirmation } from '../components/price-change-confirmation.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import { useOnlyBrand } from '../components/operator-context.ts';
import { PassBenefitsEditor } from '../components/pass-benefits-editor.tsx';
import { ReadOnlyField } from '../components/read-only-field.tsx';
import { centsToDollars, dollarsToCents } from '../drop-form-values.ts';
import { numberOrNull } from '../form-values.ts';
import { passFormFields, passFormValues, ZPassForm } from '../pass-form-values.ts';
import { useEntryForm } from '../use-entry-form.ts';
import styles from '../components/console-form.module.css';
import dropStyles from '../components/drops.module.css';
import { FormSection } from '../components/form-section.tsx';
import { TimeZoneHint } from '../components/time-zone-hint.tsx';

/**
 * Fixed once the pass is made: its brand (a drop's round names only a pass of its own brand). Its supply too once it is
 * published, when it was issued as numbered passes.
 */
const readOnlyKeysOf = (pass: TConsolePass | undefined) =>
  pass?.publicationStatus === 'PUBLISHED' ? ['brandId', 'supply'] : ['brandId'];

const times = [
  ['saleBeginAt', 'Sale begins', 'When collectors can start buying.'],
  ['saleEndAt', 'Sale ends', 'No one can buy it after this.'],
  ['validFrom', 'Valid from', 'From when it opens its rounds to holders.'],
  ['validUntil', 'Valid until', 'Its rounds stay closed to holders after this.'],
] as const;

/**
 * Once people hold the pass (bought, given, or held for a payment), its validity only widens: the API refuses the
 * rest (PASS_VALIDITY_SOLD) under the field, and the hint says so first.
 */
const heldValidityHints: Partial<Record<(typeof times)[number][0], string>> = {
  validFrom: 'People hold this pass: it can only start earlier.',
  validUntil: 'People hold this pass: it can only end later.',
};
const isHeldByAnyone = (pass: TConsolePass | undefined) =>
  pass?.publicationStatus === 'PUBLISHED' && pass.remaining < pass.supply;

/** "500 issued · 88 sold · 412 left": what became of the supply (a card or Tilia payment holds some on the way). */
function supplySummary(pass: TConsolePass): string {
  return `${formatCount(pass.supply)} issued · ${formatCount(pass.sold)} sold · ${formatCount(pass.remaining)} left`;
}

interface PassFormProps {
  /** The saved pass; none for a new one. */
  pass?: TConsolePass;
  /** Told whether the form holds unsaved changes (publishing takes the pass as last saved). */
  onDirtyChange?: (isDirty: boolean) => void;
}

/**
 * Create or edit a pass: its brand (fixed once made), name, words and artwork, its benefits, its supply (fixed once
 * published), price and per-person limit, and when it sells and is valid.
 */
export function PassForm({ pass, onDirtyChange }: PassFormProps) {
  // A manager of a single brand makes passes of that brand: it comes chosen, and shown as fixed.
  const onlyBrand = useOnlyBrand();
  const loaded = passFormValues(pass, onlyBrand?.id);
  const { form, saveOutput, isSaving } = useEntryForm('passes', pass?.id, {
    schema: ZPassForm,
    loaded,
    version: pass?.updatedAt,
    noun: 'pass',
    fields: passFormFields,
    readOnlyKeys: readOnlyKeysOf(pass),
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isDirty },
  } = form;

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const priceChange = usePriceChangeConfirmation();
  const onSubmit = handleSubmit((output) =>
    priceChange.confirmOrSave({
      name: pass?.name ?? '',
      isOnSale: pass?.publicationStatus === 'PUBLISHED' && pass.status === 'ON_SALE',
      from: pass?.price.amount ?? null,
      to: output.price,
      sold: pass ? `${formatCount(pass.sold)} of ${formatCount(pass.supply)} sold` : undefined,
      save: () => saveOutput(output),
    }),
  );
  const isSupplyIssued = pass?.publicationStatus === 'PUBLISHED';
  const isHeld = isHeldByAnyone(pass);

  return (
    <EntryForm
      label={pass ? `Edit ${pass.name}` : 'New pass'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <FormSection id="pass-about" title="Pass">
        <div className={styles.grid}>
          <BrandField control={control} name="brandId" fixedBrandName={pass?.brand.name ?? onlyBrand?.name} />
          <Field label="Name" error={errors.name?.message} isRequired>
            {(props) => <Input {...props} maxLength={80} {...register('name')} />}
          </Field>
          <Field label="Description" className={styles.full} error={errors.description?.message}>
            {(props) => <Textarea {...props} rows={3} {...register('description')} />}
          </Field>
          <ControlledImageField
            control={control}
            name="imageUrl"
            label="Artwork"
            isRequired
            hint="Square, about 800 × 800: the pass's card and page show it."
          />
        </div>
      </FormSection>

      <section className={styles.card}>
        <PassBenefitsEditor form={form} />
      </section>

      <FormSection id="pass-supply-and-price" title="Supply and price">
        <div className={dropStyles.numbers}>
          {pass && isSupplyIssued ? (
            <ReadOnlyField
              label="Supply"
              value={supplySummary(pass)}
              hint="Fixed once published: the passes were issued then."
            />
          ) : (
            <Field
              label="Supply"
              hint="Issued as numbered passes when the pass is published, and fixed after."
              error={errors.supply?.message}
              isRequired
            >
              {(props) => <CountInput {...props} {...register('supply', { setValueAs: numberOrNull })} />}
            </Field>
          )}
          <Field label="Price (USD)" hint="In dollars, such as 25.00." error={errors.price?.message} isRequired>
            {(props) => (
              <span className={dropStyles.money}>
                <span className={dropStyles.currency} aria-hidden="true">
                  $
                </span>
                <Input
                  {...props}
                  inputMode="decimal"
                  placeholder="0.00"
                  autoComplete="off"
                  {...register('price', {
                    // "25" reads as "25.00" once typed, as the price is shown everywhere else.
                    onBlur: (event: FocusEvent<HTMLInputElement>) => {
                      const cents = dollarsToCents(event.target.value);
                      if (cents !== null) setValue('price', centsToDollars(cents));
                    },
                  })}
                />
              </span>
            )}
          </Field>
          <Field
            label="Per-person limit"
            hint="Passes one person may buy. Empty: no limit."
            error={errors.perPersonLimit?.message}
          >
            {(props) => (
              <CountInput
                {...props}
                placeholder="No limit"
                {...register('perPersonLimit', { setValueAs: numberOrNull })}
              />
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection id="pass-sale-and-validity" title="Sale and validity">
        <TimeZoneHint />
        <div className={styles.grid}>
          {times.map(([name, label, hint]) => (
            <DateTimeField
              key={name}
              control={control}
              name={name}
              label={label}
              hint={isHeld && heldValidityHints[name] ? `${hint} ${heldValidityHints[name]}` : hint}
              isRequired
            />
          ))}
        </div>
      </FormSection>
      <FormActions isSaving={isSaving} cancelTo="/console/passes" isNew={!pass} />
      {priceChange.dialog}
    </EntryForm>
  );
}
