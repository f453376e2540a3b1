import { zodResolver } from '@hookform/resolvers/zod';
import { fusionMessages, MAX_FUSION_SUPPLY, rarityLabel, type TConsoleFusion } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { useEffect } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Field } from '../../../ui/field.tsx';
import { CountInput, Input } from '../../../ui/input.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useCreateConsoleFusion } from '../api/create-console-fusion.ts';
import { useUpdateConsoleFusion } from '../api/update-console-fusion.ts';
import { BrandField } from '../components/brand-select.tsx';
import { DateTimeField } from '../components/date-time-field.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { FusionSlotsEditor, useBrandEntries } from '../components/fusion-slots-editor.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import { ReadOnlyField } from '../components/read-only-field.tsx';
import { RelationField, withSaved } from '../components/relation-select.tsx';
import { useSearchedEntries } from '../components/search-picker.tsx';
import { numberOrNull } from '../form-values.ts';
import { applyFieldApiError } from '../field-api-errors.ts';
import { fusionFormValues, ZFusionForm, type TFusionFormValues } from '../fusion-form-values.ts';
import styles from '../components/console-form.module.css';
import dropStyles from '../components/drops.module.css';
import { FormSection } from '../components/form-section.tsx';
import { TimeZoneHint } from '../components/time-zone-hint.tsx';
import { entryKey } from '../../../ui/edits-left-behind.ts';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';

type TOutput = z.output<typeof ZFusionForm>;

const topFields = [
  'brandId',
  'categoryId',
  'name',
  'description',
  'imageUrl',
  'beginAt',
  'endAt',
  'resultProductId',
  'resultSupply',
  'slots',
];
const slotFields = ['name', 'requiredCount', 'rule', 'rule.kind'];
const ruleFields = ['productId', 'rarity', 'collectionId', 'traitType', 'value'];

/**
 * Where one of the API's field details belongs in this form: a slot's (`slots.1.requiredCount`, `slots.1.rule.value`)
 * under that slot's field, a rule's refusal as a whole (`slots.1.rule`) under what the slot takes, the rest under the
 * field of the same name (the result product's refusals name `resultProductId` and `resultSupply`); undefined when
 * the form has no such field.
 */
function formFieldOf(field: string): Path<TFusionFormValues> | undefined {
  const slot = /^slots\.(\d+)\.(.+)$/.exec(field);
  if (slot) {
    const [, index, rest] = slot;
    if (rest === 'rule') return `slots.${Number(index)}.rule.kind`;
    if (slotFields.includes(rest!) || (rest!.startsWith('rule.') && ruleFields.includes(rest!.slice(5)))) {
      return `slots.${Number(index)}.${rest}` as Path<TFusionFormValues>;
    }
    return undefined;
  }
  return topFields.includes(field) ? (field as Path<TFusionFormValues>) : undefined;
}

/**
 * Not fields of the edit form: the brand, fixed once the fusion is made; its result and supply too once it is
 * published (its results were minted then).
 */
const fixedFieldsOf = (fusion: TConsoleFusion) =>
  fusion.publicationStatus === 'PUBLISHED' ? ['brandId', 'resultProductId', 'resultSupply'] : ['brandId'];

interface FusionFormProps {
  /** The saved fusion; none for a new one. */
  fusion?: TConsoleFusion;
  /** For a new fusion of a manager of one brand: that brand, shown as fixed (they have no other). */
  onlyBrand?: { id: string; name: string };
  /** It has begun: shown as it is, nothing to save (the API refuses with FUSION_STARTED). */
  isReadOnly?: boolean;
  /** Told whether the form holds unsaved changes (publishing takes the fusion as last saved). */
  onDirtyChange?: (isDirty: boolean) => void;
}

/**
 * Create a fusion or change it (a draft freely, a published one before it begins): brand (fixed once made), category,
 * words and artwork, when it is open, what it makes and how many (fixed once published: its results are minted then),
 * and its slots with a preview of what fits them. The whole fusion is sent each time (the API replaces it), and the
 * contract's rules show under their fields before anything is sent.
 */
export function FusionForm({ fusion, onlyBrand, isReadOnly = false, onDirtyChange }: FusionFormProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const create = useCreateConsoleFusion();
  const update = useUpdateConsoleFusion(fusion?.id ?? '', fusion?.updatedAt);
  const form = useForm<TFusionFormValues, unknown, TOutput>({
    resolver: zodResolver(ZFusionForm),
    defaultValues: fusionFormValues(fusion, onlyBrand?.id),
  });
  const { markSaved, whileSaving } = useUnsavedChanges(form, 'fusion', {
    entry: fusion ? { key: entryKey('fusions', fusion.id), version: fusion.updatedAt } : undefined,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isDirty },
  } = form;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const isResultMinted = fusion?.publicationStatus === 'PUBLISHED';
  const brandId = useWatch({ control, name: 'brandId' });
  const hasBrand = Boolean(brandId);
  // Past the first hundred, the result, each slot's product or collection and the category are found by name. The
  // result must be published by the time the fusion is (its editions are minted then): drafts are offered, marked;
  // a draft fusion's saved result stays named even when the list does not hold it.
  const result = useBrandEntries('products', brandId, {
    isEnabled: !isResultMinted,
    nouns: { one: 'product', many: 'products' },
    optionOf: (product) => ({
      id: product.id,
      label: `${product.name} (${rarityLabel(product.rarity)})${product.status === 'DRAFT' ? ' · Draft' : ''}`,
    }),
    saved: fusion ? [{ id: fusion.result.product.id, label: fusion.result.product.name }] : [],
  });
  const { list: categories, picker: categoryPicker } = useSearchedEntries(
    'categories',
    { size: 100 },
    { one: 'category', many: 'categories' },
  );
  const categoryOptions = withSaved(
    categories.data?.items.map((item) => ({ id: item.id, label: item.name })),
    [fusion?.category ? { id: fusion.category.id, label: fusion.category.name } : undefined],
  );
  // A saved slot's product or collection stays named even when a list does not hold it.
  const savedSlotChoices = {
    products: (fusion?.slots ?? []).flatMap(({ rule }) =>
      rule.kind === 'PRODUCT' ? [{ id: rule.product.id, label: rule.product.name }] : [],
    ),
    collections: (fusion?.slots ?? []).flatMap(({ rule }) =>
      rule.kind === 'COLLECTION' ? [{ id: rule.collection.id, label: rule.collection.name }] : [],
    ),
  };

  const onSubmit = handleSubmit((request) =>
    whileSaving(async () => {
      try {
        if (!fusion) {
          const created = await create.mutateAsync(request);
          markSaved({ movingTo: entryKey('fusions', created.id) });
          showToast({
            tone: 'success',
            title: 'Fusion created',
            description: 'It is a draft until you publish it.',
          });
          void navigate(`/console/fusions/${created.id}`, { replace: true });
          return;
        }
        await update.mutateAsync(request);
        markSaved();
        showToast({ tone: 'success', title: 'Changes saved' });
      } catch (error) {
        // About a field an edit does not show (its fixed brand, result or supply): said on top instead.
        const fixedFields = fusion ? fixedFieldsOf(fusion) : [];
        applyFieldApiError(error, setError, (field) => (fixedFields.includes(field) ? undefined : formFieldOf(field)));
      }
    }),
  );

  /** Products and collections belong to a brand: another brand clears what was picked of the last one. */
  function clearBrandChoices() {
    setValue('resultProductId', null);
    getValues('slots').forEach((_, index) => {
      setValue(`slots.${index}.rule.productId`, null);
      setValue(`slots.${index}.rule.collectionId`, null);
    });
  }

  return (
    <EntryForm
      label={fusion ? `Edit ${fusion.name}` : 'New fusion'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <fieldset className={styles.fieldset} disabled={isReadOnly}>
        <div className={styles.form}>
          <FormSection id="fusion-about" title="Fusion">
            <div className={styles.grid}>
              <BrandField
                control={control}
                name="brandId"
                fixedBrandName={fusion?.brand.name ?? onlyBrand?.name}
                onBrandChange={clearBrandChoices}
              />
              <RelationField
                control={control}
                name="categoryId"
                label="Category"
                hint="Optional: the fusions page filters by it."
                noneLabel="No category"
                options={categoryOptions}
                picker={categoryPicker}
              />
              <Field label="Name" error={errors.name?.message} isRequired className={styles.full}>
                {(props) => <Input {...props} maxLength={120} {...register('name')} />}
              </Field>
              <Field label="Description" className={styles.full} error={errors.description?.message}>
                {(props) => <Textarea {...props} rows={3} maxLength={2000} {...register('description')} />}
              </Field>
              <ControlledImageField
                control={control}
                name="imageUrl"
                label="Artwork"
                isRequired
                hint="Square, about 800 × 800: the fusion's card and page show it."
              />
            </div>
          </FormSection>

          <FormSection id="fusion-schedule" title="Schedule">
            <TimeZoneHint>
              Collectors see the fusion as coming up until it opens, and can fuse until it closes. Once it has begun it
              can no longer be changed.
            </TimeZoneHint>
            <div className={dropStyles.times}>
              {(
                [
                  ['beginAt', 'Opens', 'Collectors can fuse from then.'],
                  ['endAt', 'Closes', 'No one can fuse after this.'],
                ] as const
              ).map(([name, label, hint]) => (
                <DateTimeField key={name} control={control} name={name} label={label} hint={hint} isRequired />
              ))}
            </div>
          </FormSection>

          <FormSection id="fusion-result" title="What it makes">
            {fusion && isResultMinted ? (
              <div className={styles.grid}>
                <ReadOnlyField
                  label="Result product"
                  value={`${fusion.result.product.name} · ${rarityLabel(fusion.result.product.rarity)}`}
                  hint={fusionMessages.resultIsFinal}
                />
                <ReadOnlyField
                  label="Result supply"
                  value={`${formatCount(fusion.result.supply)} results · ${formatCount(fusion.madeCount)} made · ${fusion.status === 'ENDED' ? 'ended' : `${formatCount(fusion.result.remaining)} left`}`}
                  hint="Minted when the fusion was published."
                />
              </div>
            ) : (
              <div className={styles.grid}>
                <RelationField
                  control={control}
                  name="resultProductId"
                  label="Result product"
                  hint={
                    hasBrand
                      ? 'A product of the brand, published by the time the fusion is: each fusion makes a new edition of it.'
                      : 'Choose a brand first.'
                  }
                  isRequired
                  isDisabled={!hasBrand}
                  noneLabel="Choose a product"
                  options={result.options}
                  picker={result.picker}
                />
                <Field
                  label="Result supply"
                  hint={`How many results it makes, 1 to ${MAX_FUSION_SUPPLY.toLocaleString('en-US')}: minted when it is published, and fixed after.`}
                  error={errors.resultSupply?.message}
                  isRequired
                >
                  {(props) => (
                    <CountInput
                      {...props}
                      max={MAX_FUSION_SUPPLY}
                      {...register('resultSupply', { setValueAs: numberOrNull })}
                    />
                  )}
                </Field>
              </div>
            )}
          </FormSection>

          <FusionSlotsEditor form={form} saved={savedSlotChoices} />
        </div>
      </fieldset>

      <FormActions
        isSaving={create.isPending || update.isPending}
        cancelTo="/console/fusions"
        isNew={!fusion}
        isReadOnly={isReadOnly}
      />
    </EntryForm>
  );
}
