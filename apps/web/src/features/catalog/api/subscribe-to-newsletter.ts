import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';

/**
 * `POST /v1/subscribe` (spec section 7, newsletter). Any 2xx means the address is on the list; the answer's body is
 * not needed. Lives with the home page's sign-up box, its only caller so far.
 */
async function subscribeToNewsletter(email: string): Promise<void> {
  await apiRequest('POST', '/subscribe', { body: { email } });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
