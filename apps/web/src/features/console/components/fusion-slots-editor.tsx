import {
  fusionRuleKinds,
  MAX_FUSION_SLOTS,
  MAX_SLOT_MATERIALS,
  rarities,
  rarityLabel,
  type TFusionRuleKind,
} from '@cypher/contract';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { formatCount } from '../../../lib/format.ts';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { CountInput, Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import { emptyFusionSlot, type TFusionFormApi } from '../fusion-form-values.ts';
import { numberOrNull } from '../form-values.ts';
import type { TConsoleListItem } from '../api/console-resources.ts';
import { FusionPreviewBar, useSlotsPreview, type TSlotPreview } from './fusion-preview.tsx';
import { RelationField, withSaved } from './relation-select.tsx';
import { useSearchedEntries, type TPickerNouns } from './search-picker.tsx';
import { EditableRow, RowsCard } from './rows-editor.tsx';
import styles from './fusion-slots-editor.module.css';

const ruleKindLabels: Record<TFusionRuleKind, string> = {
  PRODUCT: 'A product',
  RARITY: 'Any edition of a rarity',
  COLLECTION: 'Any edition of a collection',
  TRAIT: 'Editions with a trait',
};

type TOption = { id: string; label: string };

/**
 * A fusion's choice among its brand's products or collections: the first hundred by name, or those whose name holds
 * what is typed, then the saved choices the list lacks; undefined while they load or before a brand is chosen.
 */
export function useBrandEntries<R extends 'products' | 'collections'>(
  resource: R,
  brandId: string,
  {
    isEnabled,
    nouns,
    optionOf,
    saved = [],
  }: {
    isEnabled: boolean;
    nouns: TPickerNouns;
    optionOf: (item: TConsoleListItem<R>) => TOption;
    saved?: TOption[];
  },
) {
  const { list, picker } = useSearchedEntries(resource, { brandId, size: 100, sort: 'name' }, nouns, {
    isEnabled: isEnabled && Boolean(brandId),
  });
  // While another brand's list (or another search) loads, the last answer stays as a placeholder: it may be another
  // brand's, so it is never offered.
  const listed = list.isPlaceholderData ? undefined : (list.data?.items as TConsoleListItem<R>[] | undefined);
  return { options: withSaved(listed?.map(optionOf), saved), picker };
}

const slotProductOption = (product: TConsoleListItem<'products'>) => ({
  id: product.id,
  label: `${product.name} (${rarityLabel(product.rarity)})`,
});
const collectionOption = (collection: TConsoleListItem<'collections'>) => ({
  id: collection.id,
  label: collection.name,
});
const productNouns = { one: 'product', many: 'products' };
const collectionNouns = { one: 'collection', many: 'collections' };

interface FusionSlotsEditorProps {
  form: TFusionFormApi;
  /** The saved slots' products and collections: named even when a list or a search does not hold them. */
  saved: { products: TOption[]; collections: TOption[] };
}

interface SlotRowProps extends FusionSlotsEditorProps {
  index: number;
  count: number;
  preview: TSlotPreview | undefined;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

function SlotRow({ form, saved, index, count, preview, onMove, onRemove }: SlotRowProps) {
  const { control, register, formState } = form;
  const kind = useWatch({ control, name: `slots.${index}.rule.kind` });
  const name = useWatch({ control, name: `slots.${index}.name` });
  const brandId = useWatch({ control, name: 'brandId' });
  const errors = formState.errors.slots?.[index];
  const ruleErrors = errors?.rule;
  const number = index + 1;
  const label = `Slot ${number}`;
  const hidden = (text: string) => <span className="visually-hidden">{text}</span>;
  const noBrand = brandId ? undefined : 'Choose a brand first.';
  // Each slot searches its own: past the brand's first hundred, a product or collection is found by name.
  const products = useBrandEntries('products', brandId, {
    isEnabled: kind === 'PRODUCT',
    nouns: productNouns,
    optionOf: slotProductOption,
    saved: saved.products,
  });
  const collections = useBrandEntries('collections', brandId, {
    isEnabled: kind === 'COLLECTION',
    nouns: collectionNouns,
    optionOf: collectionOption,
    saved: saved.collections,
  });

  return (
    <EditableRow
      title={label}
      ariaLabel={name ? `${label}: ${name}` : label}
      target={`slot ${number}`}
      // A fusion needs at least one slot: a lone slot can be changed, not moved or removed.
      order={count > 1 ? { index, count, onMove } : undefined}
      onRemove={count > 1 ? () => onRemove(index) : undefined}
    >
      <div className={styles.slotFields}>
        <Field label={<>Name{hidden(` (${label})`)}</>} error={errors?.name?.message} isRequired>
          {(props) => (
            <Input {...props} maxLength={60} placeholder="e.g. Knights" {...register(`slots.${index}.name`)} />
          )}
        </Field>
        <Field
          label={<>Editions{hidden(` (${label})`)}</>}
          hint={`How many it burns, 1 to ${MAX_SLOT_MATERIALS}.`}
          error={errors?.requiredCount?.message}
          isRequired
        >
          {(props) => (
            <CountInput
              {...props}
              max={MAX_SLOT_MATERIALS}
              {...register(`slots.${index}.requiredCount`, { setValueAs: numberOrNull })}
            />
          )}
        </Field>
        <Controller
          control={control}
          name={`slots.${index}.rule.kind`}
          render={({ field }) => (
            <Field
              label={<>Takes{hidden(` (${label})`)}</>}
              error={ruleErrors?.kind?.message ?? ruleErrors?.message ?? ruleErrors?.root?.message}
              isRequired
            >
              {(props) => (
                <Select
                  {...props}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value as TFusionRuleKind)}
                >
                  {fusionRuleKinds.map((value) => (
                    <option key={value} value={value}>
                      {ruleKindLabels[value]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        />
      </div>
      <div className={styles.ruleFields}>
        {kind === 'PRODUCT' ? (
          <RelationField
            control={control}
            name={`slots.${index}.rule.productId`}
            label={<>Product{hidden(` (${label})`)}</>}
            hint={noBrand}
            isRequired
            isDisabled={!brandId}
            noneLabel="Choose a product"
            options={products.options}
            picker={{ ...products.picker, context: label }}
          />
        ) : null}
        {kind === 'RARITY' ? (
          <Controller
            control={control}
            name={`slots.${index}.rule.rarity`}
            render={({ field, fieldState }) => (
              <Field label={<>Rarity{hidden(` (${label})`)}</>} error={fieldState.error?.message} isRequired>
                {(props) => (
                  <Select
                    {...props}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
                  >
                    <option value="">Choose a rarity</option>
                    {rarities.map((rarity) => (
                      <option key={rarity} value={rarity}>
                        {rarityLabel(rarity)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
          />
        ) : null}
        {kind === 'COLLECTION' ? (
          <RelationField
            control={control}
            name={`slots.${index}.rule.collectionId`}
            label={<>Collection{hidden(` (${label})`)}</>}
            hint={noBrand}
            isRequired
            isDisabled={!brandId}
            noneLabel="Choose a collection"
            options={collections.options}
            picker={{ ...collections.picker, context: label }}
          />
        ) : null}
        {kind === 'TRAIT' ? (
          <>
            <Field
              label={<>Trait{hidden(` (${label})`)}</>}
              hint="As products name it, such as Element."
              error={ruleErrors?.traitType?.message}
              isRequired
            >
              {(props) => <Input {...props} maxLength={60} {...register(`slots.${index}.rule.traitType`)} />}
            </Field>
            <Field
              label={<>Value{hidden(` (${label})`)}</>}
              hint="Such as Fire."
              error={ruleErrors?.value?.message}
              isRequired
            >
              {(props) => <Input {...props} maxLength={120} {...register(`slots.${index}.rule.value`)} />}
            </Field>
          </>
        ) : null}
      </div>
      {preview ? <SlotPreviewNote preview={preview} /> : null}
    </EditableRow>
  );
}

/** "120 editions held by 45 collectors fit", with a few of them. */
function SlotPreviewNote({ preview }: { preview: TSlotPreview }) {
  const { fittingCount, holderCount, examples } = preview;
  return (
    <div className={styles.preview} role="group" aria-label="Preview">
      <p className={fittingCount === 0 ? styles.previewNone : undefined}>
        <Icon name={fittingCount === 0 ? 'alert' : 'users'} size={16} />
        {fittingCount === 0
          ? 'No edition in a collection fits this slot yet.'
          : `${formatCount(fittingCount)} ${fittingCount === 1 ? 'edition' : 'editions'} held by ${formatCount(holderCount)} ${holderCount === 1 ? 'collector' : 'collectors'} ${fittingCount === 1 ? 'fits' : 'fit'}`}
      </p>
      {examples.length > 0 ? (
        <ul className={styles.examples} aria-label="Examples">
          {examples.map((example) => (
            <li key={example.editionId}>
              {example.productName} #{formatCount(example.serialNumber)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A fusion's slots, in the order collectors see them: name, how many editions, and what each takes (a product, a
 * rarity, a collection or a trait); move, remove, add up to six; and Preview, which asks how many editions in
 * collectors' hands fit each slot as it stands.
 */
export function FusionSlotsEditor(props: FusionSlotsEditorProps) {
  const { control, formState } = props.form;
  const { fields, append, move, remove } = useFieldArray({ control, name: 'slots' });
  const slotErrors = formState.errors.slots;
  const isFull = fields.length >= MAX_FUSION_SLOTS;
  const preview = useSlotsPreview(props.form);

  return (
    <RowsCard
      id="fusion-slots"
      title="Slots"
      hint="What collectors burn: each slot takes its number of editions that fit its rule. Editions on a figure base, locked or on sale stay protected."
      rows={fields.map((field, index) => (
        <SlotRow
          key={field.id}
          {...props}
          index={index}
          count={fields.length}
          preview={preview.previewFor(index)}
          onMove={move}
          onRemove={remove}
        />
      ))}
      listError={slotErrors?.root?.message ?? slotErrors?.message}
      addLabel="Add slot"
      onAdd={() => append(emptyFusionSlot())}
      isFull={isFull}
      tally={
        isFull ? `A fusion has at most ${MAX_FUSION_SLOTS} slots.` : `${fields.length} of ${MAX_FUSION_SLOTS} slots`
      }
    >
      <FusionPreviewBar preview={preview} />
    </RowsCard>
  );
}
