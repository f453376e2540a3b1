import { zodResolver } from '@hookform/resolvers/zod';
import {
  grantMessages,
  MAX_EDITION_POOL_SIZE,
  rarityLabel,
  ZEditionPoolRequest,
  type TEditionPool,
  type TEditionPoolRequest,
} from '@cypher/contract';
import { createPortal } from 'react-dom';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { applyApiError } from '../../../api/form-errors.ts';
import { formatCount } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import { CountInput } from '../../../ui/input.tsx';
import { useCreateConsoleEditionPool } from '../api/create-console-edition-pool.ts';
import { requiredWholeNumber } from '../drop-form-values.ts';
import { numberOrNull } from '../form-values.ts';
import { BrandField } from './brand-select.tsx';
import { useOnlyBrand } from './operator-context.ts';
import { RelationField } from './relation-select.tsx';
import { useSearchedEntries } from './search-picker.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import styles from './grants.module.css';

const ZPoolForm = z
  .object({
    brandId: z.string().refine((value) => value !== '', { error: 'Choose a brand.' }),
    productId: z
      .string()
      .nullable()
      .refine((value) => Boolean(value), { error: 'Choose the product whose editions it holds.' }),
    size: requiredWholeNumber(1, MAX_EDITION_POOL_SIZE, grantMessages.poolSize),
  })
  .transform((values) => ({ brandId: values.brandId, productId: values.productId ?? '', size: values.size ?? 0 }))
  .pipe(ZEditionPoolRequest);

type TPoolFormValues = z.input<typeof ZPoolForm>;

/** Nothing chosen yet: the brand is chosen already for a manager of only one. */
const emptyFor = (brandId = ''): TPoolFormValues => ({ brandId, productId: null, size: null });

interface EditionPoolDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The pool made: the grant picks it. */
  onCreated: (pool: TEditionPool) => void;
}

/**
 * "Set editions aside": a pool of a published product's editions, minted at once, for an EDITION grant to give from.
 * It opens over a console form, so it is drawn outside it (a form cannot hold another) and its submit stops here.
 */
export function EditionPoolDialog({ isOpen, onClose, onCreated }: EditionPoolDialogProps) {
  const create = useCreateConsoleEditionPool();
  const onlyBrand = useOnlyBrand();
  const empty = emptyFor(onlyBrand?.id);
  const form = useForm<TPoolFormValues, unknown, TEditionPoolRequest>({
    resolver: zodResolver(ZPoolForm),
    defaultValues: empty,
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = form;
  const { askBeforeClosing } = useUnsavedChanges(form, 'edition pool');
  const brandId = useWatch({ control, name: 'brandId' });
  // Past the brand's first hundred published products, one is found by name.
  const { list: products, picker: productPicker } = useSearchedEntries(
    'products',
    { brandId, status: 'PUBLISHED', size: 100, sort: 'name' },
    { one: 'product', many: 'published products' },
    { isEnabled: isOpen && Boolean(brandId) },
  );
  // While another brand's products load, the last ones stay as placeholders: never offer those (another search's are
  // the same brand's).
  const isOtherBrand =
    products.isPlaceholderData && products.data?.items.some((product) => product.brand.id !== brandId);
  const productOptions =
    !brandId || isOtherBrand
      ? undefined
      : products.data?.items.map((product) => ({
          id: product.id,
          label: `${product.name} (${rarityLabel(product.rarity)})${product.editionSize === null ? '' : ` · edition of ${formatCount(product.editionSize)}`}`,
        }));

  const submit = handleSubmit(async (body) => {
    try {
      const pool = await create.mutateAsync(body);
      onCreated(pool);
      reset(empty);
      onClose();
    } catch (error) {
      applyApiError(error, setError, { fields: ['brandId', 'productId', 'size'] });
    }
  });

  // Escape, the backdrop, the close button and Cancel: with a brand, product or count chosen, asked first.
  const close = () =>
    askBeforeClosing(() => {
      reset(empty);
      onClose();
    });

  return createPortal(
    <Dialog
      isOpen={isOpen}
      onClose={close}
      isBusy={create.isPending}
      title="Set editions aside"
      description="Editions of a published product, minted now, for rewards, codes and airdrops to give. Each is given once; the pool never gives more than it holds."
    >
      <form
        className={styles.poolForm}
        noValidate
        aria-label="New edition pool"
        onSubmit={(event) => {
          // The dialog sits in the page beside the console's form, but React still bubbles its submit up to it.
          event.stopPropagation();
          void submit(event);
        }}
      >
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        <BrandField
          control={control}
          name="brandId"
          fixedBrandName={onlyBrand?.name}
          onBrandChange={() => setValue('productId', null)}
        />
        <RelationField
          control={control}
          name="productId"
          label="Product"
          hint={brandId ? 'A published product of the brand.' : 'Choose a brand first.'}
          isRequired
          isDisabled={!brandId}
          noneLabel="Choose a product"
          options={productOptions}
          picker={productPicker}
        />
        <Field
          label="Editions"
          hint={`How many to set aside, 1 to ${formatCount(MAX_EDITION_POOL_SIZE)}: they take the product’s next numbers.`}
          error={errors.size?.message}
          isRequired
        >
          {(props) => (
            <CountInput {...props} max={MAX_EDITION_POOL_SIZE} {...register('size', { setValueAs: numberOrNull })} />
          )}
        </Field>
        <div className={styles.poolActions}>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={create.isPending}>
            Set aside
          </Button>
        </div>
      </form>
    </Dialog>,
    document.body,
  );
}
