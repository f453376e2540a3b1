import {
  FIGURE_BASE_MAX_SLOTS,
  figureBaseMessages,
  rarities,
  rarityLabel,
  slotFitText,
  type TProductListItem,
  type TRarity,
} from '@cypher/contract';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import type { TFigureBaseFormOutput, TFigureBaseFormValues } from '../form-schemas.ts';
import { RelationField, withSaved } from './relation-select.tsx';
import { EditableRow, RowsCard } from './rows-editor.tsx';
import styles from './figure-base-slots-editor.module.css';

type TFigureBaseFormApi = UseFormReturn<TFigureBaseFormValues, unknown, TFigureBaseFormOutput>;
type TSlotValues = TFigureBaseFormValues['slots'][number];

export const emptySlot = (): TSlotValues => ({ name: '', productId: null, rarity: null });

interface SlotsEditorProps {
  form: TFigureBaseFormApi;
  /** The chosen collection's products; undefined while they load or before a collection is chosen. */
  products: TProductListItem[] | undefined;
  /** Undefined until a collection is chosen: what a slot takes is told in its words. */
  collectionName: string | undefined;
  /** The products the saved slots fit, by name: named even when they are not among the collection's first hundred. */
  savedProducts?: { id: string; label: string }[];
}

/** What a slot takes, in words, and a warning when the product and rarity asked for cannot both hold. */
function slotFit(
  slot: TSlotValues | undefined,
  products: TProductListItem[] | undefined,
  collectionName: string | undefined,
): { text: string; warning?: string } | null {
  if (!slot || collectionName === undefined) return null;
  const product = products?.find((item) => item.id === slot.productId);
  // The product's name arrives with the list: until then the fit cannot be told truthfully.
  if (slot.productId && !product) return null;
  const text = slotFitText(
    {
      id: slot.id ?? '',
      name: slot.name,
      productId: slot.productId ?? null,
      rarity: slot.rarity ?? null,
      product: product ? { id: product.id, name: product.name, imageThumbnailUrl: product.imageThumbnailUrl } : null,
    },
    collectionName,
  );
  // Every edition of a product has the product's rarity: asking for another one leaves the slot empty for good.
  const warning =
    product && slot.rarity && product.rarity !== slot.rarity
      ? `Nothing can stand here: ${product.name} is ${rarityLabel(product.rarity)}.`
      : undefined;
  return { text, warning };
}

interface SlotRowProps extends SlotsEditorProps {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

function SlotRow({ form, products, collectionName, savedProducts, index, count, onMove, onRemove }: SlotRowProps) {
  const { control, register, formState } = form;
  const slot = useWatch({ control, name: `slots.${index}` });
  const errors = formState.errors.slots?.[index];
  const number = index + 1;
  const label = `Slot ${number}`;
  const fit = slotFit(slot, products, collectionName);
  const hidden = (text: string) => <span className="visually-hidden">{text}</span>;

  return (
    <EditableRow
      title={label}
      ariaLabel={slot?.name ? `${label}: ${slot.name}` : label}
      target={`slot ${number}`}
      // A base needs at least one slot: a lone slot can be changed, not moved or removed.
      order={count > 1 ? { index, count, onMove } : undefined}
      onRemove={count > 1 ? () => onRemove(index) : undefined}
    >
      <div className={styles.slotFields}>
        <Field label={<>Name{hidden(` (${label})`)}</>} error={errors?.name?.message} isRequired>
          {(props) => <Input {...props} maxLength={60} placeholder="e.g. Left" {...register(`slots.${index}.name`)} />}
        </Field>
        <RelationField
          control={control}
          name={`slots.${index}.productId`}
          label={<>Fits{hidden(` (${label})`)}</>}
          hint={collectionName === undefined ? 'Choose a collection first.' : undefined}
          isDisabled={collectionName === undefined}
          noneLabel="Any product"
          options={withSaved(
            products?.map((product) => ({
              id: product.id,
              label: `${product.name} (${rarityLabel(product.rarity)})`,
            })),
            savedProducts,
          )}
        />
        <Controller
          control={control}
          name={`slots.${index}.rarity`}
          render={({ field, fieldState }) => (
            <Field label={<>Rarity{hidden(` (${label})`)}</>} error={fieldState.error?.message}>
              {(props) => (
                <Select
                  {...props}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? null : (event.target.value as TRarity))
                  }
                >
                  <option value="">Any rarity</option>
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
      </div>
      {fit ? (
        <p className={styles.fit}>
          Takes: <span className={styles.fitText}>{fit.text}</span>
        </p>
      ) : null}
      {fit?.warning ? (
        <p className={styles.warning}>
          <Icon name="alert" size={16} />
          {fit.warning}
        </p>
      ) : null}
    </EditableRow>
  );
}

/**
 * A figure base's slots, in the order collectors see them: rename, choose what each fits, move, remove, add (up to
 * 24). Existing slots keep their `id` in the form's values, so the API keeps them (and what stands in them); the
 * rows are keyed on `rowKey` because `id` is the slot's own.
 */
export function FigureBaseSlotsEditor(props: SlotsEditorProps) {
  const { control, formState } = props.form;
  const { fields, append, move, remove } = useFieldArray({ control, name: 'slots', keyName: 'rowKey' });
  const slotErrors = formState.errors.slots;
  // Two unnamed slots share the name '': the list's "own name" rule speaks only once every slot has a name.
  const hasUnnamedSlot = fields.some((_, index) => slotErrors?.[index]?.name);
  const listMessage = slotErrors?.root?.message ?? slotErrors?.message;
  const listError = hasUnnamedSlot && listMessage === figureBaseMessages.slotNamesDiffer ? undefined : listMessage;
  const isFull = fields.length >= FIGURE_BASE_MAX_SLOTS;

  return (
    <RowsCard
      id="figure-base-slots"
      title="Slots"
      hint="Each slot holds one edition from a collector’s own collection. Leave “Fits” and “Rarity” on “Any” to take anything from the collection."
      rows={fields.map((field, index) => (
        <SlotRow key={field.rowKey} {...props} index={index} count={fields.length} onMove={move} onRemove={remove} />
      ))}
      listError={listError}
      addLabel="Add slot"
      onAdd={() => append(emptySlot())}
      isFull={isFull}
      tally={isFull ? figureBaseMessages.slots : `${fields.length} of ${FIGURE_BASE_MAX_SLOTS} slots`}
    />
  );
}
