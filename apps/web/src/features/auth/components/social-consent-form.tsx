import { zodResolver } from '@hookform/resolvers/zod';
import type { TTokenPair } from '@cypher/contract';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { applyApiError } from '../../../api/form-errors.ts';
import type { StoredSocialProfile } from '../../../lib/storage.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useSocialSignUp } from '../api/social-sign-up.ts';
import { ZSocialConsentForm } from '../form-schemas.ts';
import type { SignInNotice } from '../sign-in-notices.ts';
import { ConsentFields } from './consent-fields.tsx';
import styles from './auth-form.module.css';

type TConsentOutput = z.output<typeof ZSocialConsentForm>;
type TConsentValues = { agreeToTerms: boolean; agreeToPrivacy: boolean; marketingConsent: boolean };
const consentResolver = zodResolver(ZSocialConsentForm) as Resolver<TConsentValues, unknown, TConsentOutput>;

interface SocialConsentFormProps {
  profile: StoredSocialProfile & { signUpToken: string };
  onSignedUp: (tokens: TTokenPair) => void;
  onCancel: () => void;
  /** The sign-up token can do no more (the account it made exists, or its time is up): Google sign-in takes over. */
  onTokenSpent: (notice: SignInNotice) => void;
}

/** Answers after which sending the same sign-up token again could only fail again. */
const spentTokenNotices: Record<string, SignInNotice> = {
  USER_ALREADY_EXISTS: 'social-sign-up-done',
  SOCIAL_SIGN_UP_EXPIRED: 'social-sign-up-expired',
};

/** The sign-up consent for someone new coming from Google: terms and privacy required, marketing optional. */
export function SocialConsentForm({ profile, onSignedUp, onCancel, onTokenSpent }: SocialConsentFormProps) {
  const socialSignUp = useSocialSignUp();
  const form = useForm<TConsentValues, unknown, TConsentOutput>({
    resolver: consentResolver,
    defaultValues: { agreeToTerms: false, agreeToPrivacy: false, marketingConsent: false },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      onSignedUp(await socialSignUp.mutateAsync({ ...values, signUpToken: profile.signUpToken }));
    } catch (error) {
      const spent = isApiError(error) ? spentTokenNotices[error.code] : undefined;
      if (spent) return onTokenSpent(spent);
      applyApiError(error, setError, { fields: ['agreeToTerms', 'agreeToPrivacy', 'marketingConsent'] });
    }
  });

  const serverError = errors.root?.server;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {serverError ? (
        <Alert
          tone="error"
          action={
            serverError.type === 'DUPLICATE_ID_EXISTS' ? (
              <Link to="/signin">Sign in with your password</Link>
            ) : undefined
          }
        >
          {serverError.message}
        </Alert>
      ) : null}
      <ConsentFields form={form} />
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={socialSignUp.isPending}>
        Create account
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        Use another way to sign up
      </Button>
    </form>
  );
}
