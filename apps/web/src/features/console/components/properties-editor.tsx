import { catalogMessages } from '@cypher/contract';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import styles from './console-form.module.css';

const MAX_PROPERTIES = 20;

/** The part of a product form this editor works on: rows of trait type and value. */
export interface TPropertiesFormValues {
  properties: { traitType: string; value: string }[];
}

interface PropertiesEditorProps {
  control: Control<TPropertiesFormValues>;
  register: UseFormRegister<TPropertiesFormValues>;
  errors: FieldErrors<TPropertiesFormValues>;
}

/** A product's traits ("Background: Neon"): add and remove rows, at most twenty. */
export function PropertiesEditor({ control, register, errors }: PropertiesEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'properties' });
  const listError = errors.properties?.root?.message ?? errors.properties?.message;

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Properties</legend>
      <p className={styles.hint}>Traits collectors can filter and compare, such as Background: Neon.</p>
      {fields.length > 0 ? (
        <ol className={styles.propertyRows}>
          {fields.map((field, index) => {
            const rowErrors = errors.properties?.[index];
            const rowError = rowErrors?.traitType?.message ?? rowErrors?.value?.message;
            return (
              <li key={field.id} className={styles.propertyRow}>
                <Input
                  aria-label={`Trait type ${index + 1}`}
                  placeholder="Trait type, e.g. Background"
                  aria-invalid={rowErrors?.traitType ? true : undefined}
                  {...register(`properties.${index}.traitType`)}
                />
                <Input
                  aria-label={`Value ${index + 1}`}
                  placeholder="Value, e.g. Neon"
                  aria-invalid={rowErrors?.value ? true : undefined}
                  {...register(`properties.${index}.value`)}
                />
                <Button variant="ghost" aria-label={`Remove property ${index + 1}`} onClick={() => remove(index)}>
                  <Icon name="trash" size={18} />
                </Button>
                {rowError ? (
                  <p className={styles.rowError} role="alert">
                    {rowError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {listError ? (
        <p className={styles.rowError} role="alert">
          {listError}
        </p>
      ) : null}
      <div>
        <Button
          size="sm"
          onClick={() => append({ traitType: '', value: '' })}
          disabled={fields.length >= MAX_PROPERTIES}
          title={fields.length >= MAX_PROPERTIES ? catalogMessages.properties : undefined}
        >
          <Icon name="plus" size={16} />
          Add a property
        </Button>
      </div>
    </fieldset>
  );
}
