import { zodResolver } from '@hookform/resolvers/zod';
import { ZEmail } from '@cypher/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter.ts';
import styles from './newsletter-box.module.css';

const ZNewsletterForm = z.object({ email: ZEmail });
type TNewsletterFormValues = z.input<typeof ZNewsletterForm>;
type TNewsletterFormOutput = z.output<typeof ZNewsletterForm>;

export const CONFIRMATION_SENT_MESSAGE = 'Check your inbox to confirm your subscription';
export const SUBSCRIBED_MESSAGE = 'You’re subscribed';

/**
 * The newsletter sign-up form (spec sections 2 and 7): one email field, validated with the contract's email rule.
 * Double opt-in (decision record 46): the address goes on the list when its owner confirms from the mail.
 * Loaded with react-hook-form and zod only when the home page is scrolled near it (NewsletterBox).
 */
export function NewsletterForm() {
  const subscribe = useSubscribeToNewsletter();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TNewsletterFormValues, unknown, TNewsletterFormOutput>({
    resolver: zodResolver(ZNewsletterForm),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await subscribe.mutateAsync(email);
    } catch (error) {
      applyApiError(error, setError, { fields: ['email'] });
    }
  });

  if (subscribe.isSuccess && subscribe.data.status === 'SUBSCRIBED') {
    return (
      <Alert tone="success" title={SUBSCRIBED_MESSAGE}>
        News about drops and brands will come to {subscribe.data.email}. Every email has a link to unsubscribe.
      </Alert>
    );
  }
  // The same words for every address, whatever its state: the API does not say who is on the list, nor do we.
  return subscribe.isSuccess ? (
    <Alert tone="success" title={CONFIRMATION_SENT_MESSAGE}>
      If {subscribe.data.email} is not subscribed yet, we sent it a link to confirm. Nothing there? Check your spam
      folder; the link works for 7 days.
    </Alert>
  ) : (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <Field label="Email address" error={errors.email?.message}>
        {(control) => (
          <div className={styles.row}>
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              {...register('email')}
            />
            <Button type="submit" variant="primary" size="lg" isLoading={subscribe.isPending}>
              Notify me
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
