import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { ZRequestPasswordResetForm } from '../form-schemas.ts';
import styles from './auth-form.module.css';

type TRequestResetInput = z.input<typeof ZRequestPasswordResetForm>;
type TRequestResetOutput = z.output<typeof ZRequestPasswordResetForm>;

/** Step one of a reset: the email to send the link to. */
export function RequestResetForm({ onSent }: { onSent: (email: string) => void }) {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TRequestResetInput, unknown, TRequestResetOutput>({
    resolver: zodResolver(ZRequestPasswordResetForm),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestReset.mutateAsync(email);
      onSent(email);
    } catch (error) {
      applyApiError(error, setError, { fields: ['email'] });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" inputMode="email" {...register('email')} />}
      </Field>
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={requestReset.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
