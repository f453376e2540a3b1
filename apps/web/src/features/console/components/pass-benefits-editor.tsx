import { MAX_PASS_BENEFITS } from '@cypher/contract';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import type { TPassFormOutput, TPassFormValues } from '../pass-form-values.ts';
import styles from './console-form.module.css';

/** A pass's benefits, one line each as collectors read them on its page: add, change and remove, at most eight. */
export function PassBenefitsEditor({ form }: { form: UseFormReturn<TPassFormValues, unknown, TPassFormOutput> }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'benefits' });
  const listError = errors.benefits?.root?.message ?? errors.benefits?.message;
  const isFull = fields.length >= MAX_PASS_BENEFITS;

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Benefits</legend>
      <p className={styles.hint}>
        One line each, as collectors read them on the pass&apos;s page, such as “Opens round 1 of every Neon Arcade
        drop”. Up to {MAX_PASS_BENEFITS}.
      </p>
      {fields.length > 0 ? (
        <ol className={styles.propertyRows}>
          {fields.map((field, index) => {
            const error = errors.benefits?.[index]?.text?.message;
            return (
              <li key={field.id} className={`${styles.propertyRow} ${styles.lineRow}`}>
                <Input
                  aria-label={`Benefit ${index + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `benefit-${index}-error` : undefined}
                  maxLength={200}
                  {...register(`benefits.${index}.text`)}
                />
                <Button variant="ghost" aria-label={`Remove benefit ${index + 1}`} onClick={() => remove(index)}>
                  <Icon name="trash" size={18} />
                </Button>
                {error ? (
                  <p id={`benefit-${index}-error`} className={styles.rowError} role="alert">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className={styles.hint}>No benefits listed: the pass&apos;s page says the brand has not listed any yet.</p>
      )}
      {listError ? (
        <p className={styles.rowError} role="alert">
          {listError}
        </p>
      ) : null}
      <div>
        <Button
          size="sm"
          onClick={() => append({ text: '' })}
          disabled={isFull}
          title={isFull ? `A pass lists at most ${MAX_PASS_BENEFITS} benefits.` : undefined}
        >
          <Icon name="plus" size={16} />
          Add a benefit
        </Button>
      </div>
    </fieldset>
  );
}
