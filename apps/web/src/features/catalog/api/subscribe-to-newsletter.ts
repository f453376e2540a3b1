import { useMutation } from '@tanstack/react-query';
import { ZNewsletterSubscribeOutcome, type TNewsletterSubscribeOutcome } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * `POST /v1/subscribe` (spec section 7, newsletter; double opt-in, decision record 46). The answer is
 * CONFIRMATION_SENT for any address (its owner confirms from the mail), or SUBSCRIBED when a signed-in person
 * subscribed their own verified address, which is why the session goes with it. Lives with the home page's sign-up
 * box, its only caller so far.
 */
async function subscribeToNewsletter(email: string, isSignedIn: boolean): Promise<TNewsletterSubscribeOutcome> {
  return ZNewsletterSubscribeOutcome.parse(
    await apiRequest('POST', '/subscribe', { body: { email }, auth: isSignedIn }),
  );
}

export function useSubscribeToNewsletter() {
  const { isLoggedIn } = useSession();
  return useMutation({ mutationFn: (email: string) => subscribeToNewsletter(email, isLoggedIn) });
}
