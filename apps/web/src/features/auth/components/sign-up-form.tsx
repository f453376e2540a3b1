import { zodResolver } from '@hookform/resolvers/zod';
import type { TTokenPair } from '@cypher/contract';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useSignUp } from '../api/sign-up.ts';
import { ZSignUpForm } from '../form-schemas.ts';
import { PasswordInput } from './password-input.tsx';
import { PasswordRules } from './password-rules.tsx';
import styles from './auth-form.module.css';

type TSignUpFormOutput = z.output<typeof ZSignUpForm>;
// A consent box starts unticked (false); the schema accepts only true, which is how it says consent is required.
type TSignUpFormValues = Omit<z.input<typeof ZSignUpForm>, 'agreeToTerms' | 'agreeToPrivacy'> & {
  agreeToTerms: boolean;
  agreeToPrivacy: boolean;
};
const signUpResolver = zodResolver(ZSignUpForm) as Resolver<TSignUpFormValues, unknown, TSignUpFormOutput>;

export function SignUpForm({ onSignedUp }: { onSignedUp: (tokens: TTokenPair) => void }) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<TSignUpFormValues, unknown, TSignUpFormOutput>({
    resolver: signUpResolver,
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      agreeToTerms: false,
      agreeToPrivacy: false,
      marketingConsent: false,
    },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirmation, ...request }) => {
    try {
      onSignedUp(await signUp.mutateAsync(request));
    } catch (error) {
      applyApiError(error, setError, {
        fields: ['email', 'password', 'agreeToTerms', 'agreeToPrivacy', 'marketingConsent'],
        fieldForCode: { USER_ALREADY_EXISTS: 'email', DUPLICATE_ID_EXISTS: 'email' },
      });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" inputMode="email" {...register('email')} />}
      </Field>
      <Field
        label="Password"
        error={errors.password?.message}
        hint={errors.password ? undefined : <PasswordRules value={password ?? ''} />}
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} />}
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('confirmPassword')} />}
      </Field>
      <fieldset className={styles.consents}>
        <legend className={styles.consentsLegend}>Agreements</legend>
        <Checkbox
          label={
            <>
              I agree to the <Link to="/terms#tos">terms of service</Link> (required)
            </>
          }
          error={errors.agreeToTerms?.message}
          {...register('agreeToTerms')}
        />
        <Checkbox
          label={
            <>
              I agree to the <Link to="/terms#privacy">privacy policy</Link> (required)
            </>
          }
          error={errors.agreeToPrivacy?.message}
          {...register('agreeToPrivacy')}
        />
        <Checkbox
          label="Send me news about upcoming drops and offers (optional)"
          {...register('marketingConsent')}
        />
      </fieldset>
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={signUp.isPending}>
        Create account
      </Button>
    </form>
  );
}
