import { zodResolver } from '@hookform/resolvers/zod';
import type { TTokenPair } from '@cypher/contract';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useSignUp } from '../api/sign-up.ts';
import { ZSignUpForm } from '../form-schemas.ts';
import { NewPasswordFields } from './password-rules.tsx';
import { ConsentFields } from './consent-fields.tsx';
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
  const form = useForm<TSignUpFormValues, unknown, TSignUpFormOutput>({
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

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
      <NewPasswordFields form={form} name="password" label="Password" />
      <ConsentFields form={form} />
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={signUp.isPending}>
        Create account
      </Button>
    </form>
  );
}
