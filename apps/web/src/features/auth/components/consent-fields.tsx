import { Link } from 'react-router';
import type { Path, UseFormReturn } from 'react-hook-form';
import { Checkbox } from '../../../ui/checkbox.tsx';
import styles from './auth-form.module.css';

interface TConsents {
  agreeToTerms: boolean;
  agreeToPrivacy: boolean;
  marketingConsent?: boolean;
}

/** The sign-up agreements, by email or from Google: terms and privacy required (the contract's consent rule), news optional. */
export function ConsentFields<TForm extends TConsents, TOutput>({
  form,
}: {
  form: UseFormReturn<TForm, unknown, TOutput>;
}) {
  const field = (name: keyof TConsents) => ({
    error: form.getFieldState(name as Path<TForm>, form.formState).error?.message,
    ...form.register(name as Path<TForm>),
  });
  return (
    // The terms open in a tab of their own: leaving the form for them and coming back emptied what was typed.
    <fieldset className={styles.consents}>
      <legend className={styles.consentsLegend}>Agreements</legend>
      <Checkbox
        label={
          <>
            I agree to the{' '}
            <Link to="/terms#tos" target="_blank" rel="noopener">
              terms of service
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Link>{' '}
            (required)
          </>
        }
        {...field('agreeToTerms')}
      />
      <Checkbox
        label={
          <>
            I agree to the{' '}
            <Link to="/terms#privacy" target="_blank" rel="noopener">
              privacy policy
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Link>{' '}
            (required)
          </>
        }
        {...field('agreeToPrivacy')}
      />
      <Checkbox
        label="Send me news about upcoming drops and offers (optional)"
        {...form.register('marketingConsent' as Path<TForm>)}
      />
    </fieldset>
  );
}
