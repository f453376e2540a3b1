import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { ZResetPasswordForm } from '../form-schemas.ts';
import { NewPasswordFields } from './password-rules.tsx';
import styles from './auth-form.module.css';

type TNewPasswordInput = z.input<typeof ZResetPasswordForm>;
type TNewPasswordOutput = z.output<typeof ZResetPasswordForm>;

/** Step two of a reset, opened from the mailed link: the new password, twice. */
export function NewPasswordForm({ resetKey, onReset }: { resetKey: string; onReset: () => void }) {
  const confirmReset = useConfirmPasswordReset();
  const form = useForm<TNewPasswordInput, unknown, TNewPasswordOutput>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async ({ password: newPassword }) => {
    try {
      await confirmReset.mutateAsync({ key: resetKey, password: newPassword });
      onReset();
    } catch (error) {
      applyApiError(error, setError, {
        fields: ['password'],
        fieldForCode: { ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD: 'password' },
      });
    }
  });

  const isBadKey = isApiError(confirmReset.error) && confirmReset.error.code === 'INVALID_AUTHORIZATION_KEY';

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {errors.root?.server ? (
        <Alert tone="error" action={isBadKey ? <Link to="/password/reset">Request a new link</Link> : null}>
          {isBadKey
            ? `${errors.root.server.message} This link has expired or was already used.`
            : errors.root.server.message}
        </Alert>
      ) : null}
      <NewPasswordFields form={form} name="password" label="New password" />
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={confirmReset.isPending}>
        Set new password
      </Button>
    </form>
  );
}
