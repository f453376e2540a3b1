import { MAX_TICKETS_PER_ORDER, type TConsoleTicketKind } from '@cypher/contract';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { BrandSelect } from '../components/brand-select.tsx';
import { ControlledField } from '../components/controlled-field.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import { usePriceChangeConfirmation } from '../components/price-change-confirmation.tsx';
import { useOperator } from '../components/operator-context.ts';
import { ReadOnlyField } from '../components/read-only-field.tsx';
import { centsToDollars } from '../drop-form-values.ts';
import { ZTicketKindForm, type TTicketKindFormValues } from '../form-schemas.ts';
import { text } from '../form-values.ts';
import { useEntryForm } from '../use-entry-form.ts';
import styles from '../components/console-form.module.css';
import { FormSection } from '../components/form-section.tsx';

const fields = ['brandId', 'name', 'description', 'imageUrl', 'price', 'maxPerOrder', 'usedFor', 'isActive'] as const;

function toValues(kind: TConsoleTicketKind | undefined, defaultBrandId: string): TTicketKindFormValues {
  return {
    brandId: kind ? (kind.brand?.id ?? '') : defaultBrandId,
    name: kind?.name ?? '',
    description: text(kind?.description),
    imageUrl: text(kind?.imageUrl),
    price: kind?.price ? centsToDollars(kind.price.amount) : '',
    maxPerOrder: kind?.maxPerOrder ?? 10,
    usedFor: kind?.usedFor ?? 'Enter raffle rounds',
    isActive: kind?.isActive ?? true,
  };
}

/**
 * Create or edit a kind of ticket: who issues it (fixed once made: people hold tickets of it), its words and
 * artwork, its price in dollars (empty: not for sale, granted only), how many one order may hold, and whether it is
 * active. An admin may make the marketplace's own kinds (no brand); a brand manager picks one of their brands.
 */
export function TicketKindForm({ kind }: { kind?: TConsoleTicketKind }) {
  const me = useOperator();
  const loaded = toValues(kind, me.isAdmin ? '' : (me.brands[0]?.id ?? ''));
  const { form, saveOutput, isSaving } = useEntryForm('ticket-kinds', kind?.id, {
    schema: ZTicketKindForm,
    loaded,
    version: kind?.updatedAt,
    noun: 'kind of ticket',
    fields,
    readOnlyKeys: ['brandId'],
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;

  const priceChange = usePriceChangeConfirmation();

  const onSubmit = handleSubmit((output) =>
    priceChange.confirmOrSave({
      name: kind?.name ?? '',
      isOnSale: !!kind?.isActive && kind.price !== null,
      from: kind?.price?.amount ?? null,
      // Made inactive, it is no longer sold, whatever its price.
      to: output.isActive ? output.price : null,
      save: () => saveOutput(output),
    }),
  );

  return (
    <EntryForm
      label={kind ? `Edit ${kind.name}` : 'New ticket kind'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <FormSection id="ticket-kind-about" title="Ticket">
        <div className={styles.grid}>
          {kind ? (
            <ReadOnlyField
              label="Issued by"
              value={kind.brand?.name ?? 'The marketplace'}
              hint="Fixed once made: people hold tickets of it."
            />
          ) : me.isAdmin ? (
            // An admin picks from every brand, found by name past the first hundred.
            <ControlledField control={control} name="brandId" label="Issued by" isRequired>
              {(props, field) => (
                <BrandSelect
                  {...props}
                  ref={field.ref}
                  value={field.value as string}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  noneLabel="The marketplace (no brand)"
                />
              )}
            </ControlledField>
          ) : (
            // A brand manager's brands come with who they are.
            <Field label="Issued by" error={errors.brandId?.message} isRequired>
              {(props) => (
                <Select {...props} {...register('brandId')}>
                  {me.brands.map((brand) => (
                    <option key={brand.id} value={brand.id}>
                      {brand.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <Field
            label="Name"
            hint="As people see it, for example “Drop ticket”."
            error={errors.name?.message}
            isRequired
          >
            {(props) => <Input {...props} {...register('name')} />}
          </Field>
          <Field
            label="What it is for"
            hint="One line under its name, for example “Enter raffle rounds”."
            error={errors.usedFor?.message}
            isRequired
            className={styles.full}
          >
            {(props) => <Input {...props} {...register('usedFor')} />}
          </Field>
          <Field label="Description" className={styles.full} error={errors.description?.message}>
            {(props) => <Textarea {...props} rows={3} {...register('description')} />}
          </Field>
          <ControlledImageField
            control={control}
            name="imageUrl"
            label="Artwork"
            hint="Optional: square, shown on its card. Without one, a drawn ticket stands in."
          />
        </div>
      </FormSection>
      <FormSection id="ticket-kind-sale" title="Sale">
        <div className={styles.grid}>
          <Field
            label="Price per ticket (USD)"
            hint="For example 1.00. Leave empty when it is not for sale: it can still be granted."
            error={errors.price?.message}
          >
            {(props) => <Input {...props} inputMode="decimal" autoComplete="off" {...register('price')} />}
          </Field>
          <Field label="Most tickets in one order" error={errors.maxPerOrder?.message} isRequired>
            {(props) => (
              <Input
                {...props}
                type="number"
                min={1}
                max={MAX_TICKETS_PER_ORDER}
                step={1}
                {...register('maxPerOrder', { valueAsNumber: true })}
              />
            )}
          </Field>
          <Checkbox
            className={styles.full}
            label="Active: on sale while it has a price (holders keep their tickets either way)"
            error={errors.isActive?.message}
            {...register('isActive')}
          />
        </div>
      </FormSection>
      <FormActions isSaving={isSaving} cancelTo="/console/ticket-kinds" isNew={!kind} hasDrafts={false} />
      {priceChange.dialog}
    </EntryForm>
  );
}
