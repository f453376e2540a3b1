import { createHmac } from 'node:crypto';
import { isSameHash } from '../../auth/secret-tokens.ts';

/**
 * Unsubscribe tokens are the subscription id with an HMAC under the server secret: nothing to store, and the same
 * link can be put in every mail ever sent to that subscriber. Only our server can make one.
 */
function signatureOf(secret: string, subscriptionId: string): string {
  return createHmac('sha256', secret).update(`newsletter-unsubscribe:${subscriptionId}`).digest('base64url');
}

function unsubscribeToken(secret: string, subscriptionId: string): string {
  return `${subscriptionId}.${signatureOf(secret, subscriptionId)}`;
}

/** The subscription a token names, or null when it was not made by us. */
export function subscriptionIdOf(secret: string, token: string): string | null {
  const [subscriptionId, signature] = token.split('.');
  if (!subscriptionId || !signature || !/^[0-9a-f-]{36}$/.test(subscriptionId)) return null;
  return isSameHash(signature, signatureOf(secret, subscriptionId)) ? subscriptionId : null;
}

export function unsubscribeUrl(publicUrl: string, secret: string, subscriptionId: string): string {
  return `${publicUrl}/v1/subscribe/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, subscriptionId))}`;
}
