import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { ZChangePasswordForm } from '../form-schemas.ts';
import { PasswordInput } from './password-input.tsx';
import { NewPasswordFields } from './password-rules.tsx';
import styles from './auth-form.module.css';

type TChangePasswordInput = z.input<typeof ZChangePasswordForm>;
type TChangePasswordOutput = z.output<typeof ZChangePasswordForm>;

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { showToast } = useToast();
  const changePassword = useChangePassword();
  const form = useForm<TChangePasswordInput, unknown, TChangePasswordOutput>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: emptyForm,
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword: chosen }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword: chosen });
      // Passwords should not linger in the page once they have done their job.
      reset(emptyForm);
      showToast({
        tone: 'success',
        title: 'Password changed',
        description: 'You stay signed in here; every other device was signed out.',
      });
    } catch (error) {
      applyApiError(error, setError, {
        fields: ['currentPassword', 'newPassword'],
        fieldForCode: { INVALID_PASSWORD: 'currentPassword', ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD: 'newPassword' },
      });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <Field label="Current password" error={errors.currentPassword?.message}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...register('currentPassword')} />}
      </Field>
      <NewPasswordFields form={form} name="newPassword" label="New password" />
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={changePassword.isPending}>
        Change password
      </Button>
    </form>
  );
}
