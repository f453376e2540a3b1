import { ZCreateCategoryRequest, ZCreateTagRequest, type TCategory, type TTag } from '@cypher/contract';
import type { z } from 'zod';
import { Alert } from '../../../ui/alert.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { useOperator } from '../components/operator-context.ts';
import { useEntryForm } from '../use-entry-form.ts';
import { useSlugFromName } from '../use-slug-from-name.ts';
import styles from '../components/console-form.module.css';

// Categories and tags are the same form; categories add a display order.
const ZTaxonomyForm = ZCreateCategoryRequest;
type TValues = z.input<typeof ZTaxonomyForm>;

interface TaxonomyFormProps {
  kind: 'categories' | 'tags';
  entry?: TCategory | TTag;
}

/** Create or edit a category or a tag: a name, its slug, and (categories) a display order. Admins only. */
export function TaxonomyForm({ kind, entry }: TaxonomyFormProps) {
  const me = useOperator();
  const isCategory = kind === 'categories';
  const schema = isCategory ? ZCreateCategoryRequest : ZCreateTagRequest;
  const loaded: TValues = {
    slug: entry?.slug ?? '',
    name: entry?.name ?? '',
    ...(isCategory ? { sortOrder: (entry as TCategory | undefined)?.sortOrder ?? 0 } : {}),
  };
  const { form, saveOutput, isSaving } = useEntryForm(kind, entry?.id, {
    schema: schema as typeof ZTaxonomyForm,
    loaded,
    version: entry?.updatedAt,
    noun: isCategory ? 'category' : 'tag',
    fields: ['slug', 'name', 'sortOrder'],
    fieldForCode: { SLUG_ALREADY_EXISTS: 'slug', NAME_ALREADY_EXISTS: 'name' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const slugFromName = useSlugFromName(form, !entry);
  const onSubmit = handleSubmit(saveOutput);
  const isReadOnly = !me.isAdmin;

  return (
    <EntryForm
      label={entry ? `Edit ${entry.name}` : isCategory ? 'New category' : 'New tag'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      {isReadOnly ? <Alert tone="info">Only admins can change {kind}.</Alert> : null}
      <section className={styles.card}>
        <fieldset className={styles.fieldset} disabled={isReadOnly}>
          <div className={styles.grid}>
            <Field label="Name" error={errors.name?.message} isRequired>
              {(props) => <Input {...props} {...register('name', slugFromName.nameOptions)} />}
            </Field>
            <Field label="Slug" hint="Used in links, e.g. first-edition." error={errors.slug?.message} isRequired>
              {(props) => (
                <Input
                  {...props}
                  autoCapitalize="off"
                  spellCheck={false}
                  onFocus={slugFromName.onSlugFocus}
                  {...register('slug', slugFromName.slugOptions)}
                />
              )}
            </Field>
            {isCategory ? (
              <Field label="Display order" hint="Lower numbers come first." error={errors.sortOrder?.message}>
                {(props) => (
                  <Input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    step={1}
                    {...register('sortOrder', { setValueAs: (value) => (value === '' ? 0 : Number(value)) })}
                  />
                )}
              </Field>
            ) : null}
          </div>
        </fieldset>
      </section>
      <FormActions
        isSaving={isSaving}
        cancelTo={`/console/${kind}`}
        isNew={!entry}
        isReadOnly={isReadOnly}
        hasDrafts={false}
      />
    </EntryForm>
  );
}
