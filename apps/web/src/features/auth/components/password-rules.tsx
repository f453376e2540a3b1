import { passwordRequirements } from '@cypher/contract';
import { useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { PasswordInput } from './password-input.tsx';
import styles from './password-rules.module.css';

/** The password rule as a checklist under a new-password field; the field's error still quotes the rule whole. */
export function PasswordRules({ value }: { value: string }) {
  return (
    <ul className={styles.rules}>
      {passwordRequirements.map((rule) => {
        const isMet = rule.isMet(value);
        return (
          <li key={rule.label} className={isMet ? styles.met : undefined}>
            <Icon name={isMet ? 'check' : 'info'} size={14} className={styles.icon} />
            {rule.label}
            <span className="visually-hidden">{isMet ? ' (done)' : ' (to do)'}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A new password (`name`) and its confirmation (`confirmPassword`), with the rule's checklist under the first until
 * it has an error (the error quotes the rule whole): the one shape of sign-up, reset and change.
 */
export function NewPasswordFields<TForm extends { confirmPassword: string }, TOutput>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<TForm, unknown, TOutput>;
  name: Path<TForm>;
  /** "Password" on sign-up, "New password" where one is replaced; the confirmation is labelled after it. */
  label: string;
}) {
  const value: unknown = useWatch({ control: form.control, name });
  const passwordError = form.getFieldState(name, form.formState).error?.message;
  const confirmationError = form.getFieldState('confirmPassword' as Path<TForm>, form.formState).error?.message;
  return (
    <>
      <Field
        label={label}
        error={passwordError}
        hint={passwordError ? undefined : <PasswordRules value={typeof value === 'string' ? value : ''} />}
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register(name)} />}
      </Field>
      <Field label={`Confirm ${label.toLowerCase()}`} error={confirmationError}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            {...form.register('confirmPassword' as Path<TForm>)}
          />
        )}
      </Field>
    </>
  );
}
