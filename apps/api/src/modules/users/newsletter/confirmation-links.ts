/*
 * Used by: subscribe-newsletter.ts (makes the link), confirm-newsletter-subscription.ts (reads it) · Reads and writes no
 * table: the link is signed, not stored · Tests: newsletter.test.ts. Decision record 46.
 */
import { createHmac } from 'node:crypto';
import { isSameHash } from '../../auth/secret-tokens.ts';

/** How long the link of a confirmation mail works; a PENDING address nobody confirmed is deleted after it too. */
export const CONFIRMATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Confirmation tokens are the subscription id and the link's expiry (Unix seconds) with an HMAC under the server
 * secret, as unsubscribe tokens are (unsubscribe-links.ts), under their own purpose so neither can stand for the other.
 * Nothing is stored: the expiry is in the signed text, so a link can be told expired even once its row is gone.
 */
function signatureOf(secret: string, subscriptionId: string, expiresAtSeconds: string): string {
  return createHmac('sha256', secret)
    .update(`newsletter-confirm:${subscriptionId}:${expiresAtSeconds}`)
    .digest('base64url');
}

/** The subscription and expiry a token names, or null when it was not made by us. */
export function confirmationLinkOf(
  secret: string,
  token: string,
): { subscriptionId: string; expiresAt: Date; sentAtSeconds: number } | null {
  const [subscriptionId, expiresAtSeconds, signature] = token.split('.');
  if (!subscriptionId || !expiresAtSeconds || !signature) return null;
  if (!/^[0-9a-f-]{36}$/.test(subscriptionId) || !/^\d{1,12}$/.test(expiresAtSeconds)) return null;
  if (!isSameHash(signature, signatureOf(secret, subscriptionId, expiresAtSeconds))) return null;
  const expiresAt = new Date(Number(expiresAtSeconds) * 1000);
  // The mail's own time, to the second, as the row keeps it: only the latest mail's link confirms.
  return { subscriptionId, expiresAt, sentAtSeconds: Number(expiresAtSeconds) - CONFIRMATION_LINK_LIFETIME_MS / 1000 };
}

export function confirmationUrl(publicUrl: string, secret: string, subscriptionId: string, sentAt: Date): string {
  const expiresAtSeconds = String(Math.floor((sentAt.getTime() + CONFIRMATION_LINK_LIFETIME_MS) / 1000));
  const token = `${subscriptionId}.${expiresAtSeconds}.${signatureOf(secret, subscriptionId, expiresAtSeconds)}`;
  return `${publicUrl}/v1/subscribe/confirm?token=${encodeURIComponent(token)}`;
}
