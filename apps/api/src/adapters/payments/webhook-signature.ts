import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';

/** How far a webhook's signed time may be from our clock, either way: a captured webhook cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type TWebhookHeaders = Record<string, string | string[] | undefined>;

export function headerValue(headers: TWebhookHeaders, name: string): string | undefined {
  const raw = headers[name.toLowerCase()];
  return Array.isArray(raw) ? raw[0] : raw;
}

/** Throws WEBHOOK_SIGNATURE_INVALID unless `at` is within the five-minute window around the clock. */
export function assertFresh(clock: Clock, atSeconds: number): void {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  if (!Number.isFinite(atSeconds) || Math.abs(nowSeconds - atSeconds) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
}

function hmacSha256(secret: string, parts: Array<string | Buffer>): Buffer {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}

function isSameDigest(candidateHex: string, expected: Buffer): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(candidateHex)) return false;
  return timingSafeEqual(Buffer.from(candidateHex, 'hex'), expected);
}

/**
 * The `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` header (Stripe's scheme, which our sandboxes
 * copy): verified over the raw bytes (one changed byte fails), within the window, in constant time. Several v1
 * values are allowed (Stripe sends one per active secret while a secret is rolled).
 */
export function verifyTimestampedSignature(
  secret: string,
  clock: Clock,
  rawBody: Buffer,
  header: string | undefined,
): void {
  if (!header) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === null || candidates.length === 0) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  assertFresh(clock, timestamp);
  const expected = hmacSha256(secret, [`${timestamp}.`, rawBody]);
  if (!candidates.some((candidate) => isSameDigest(candidate, expected))) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
}

/** A bare hex HMAC-SHA256 of the raw body (Coinbase Commerce's X-CC-Webhook-Signature), compared in constant time. */
export function verifyBodySignature(secret: string, rawBody: Buffer, header: string | undefined): void {
  if (!header || !isSameDigest(header.trim(), hmacSha256(secret, [rawBody]))) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
}

/** The body as JSON, read only once its signature holds; anything else is INVALID_REQUEST. */
export function parseJsonBody(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('INVALID_REQUEST');
  }
}

/**
 * A verified webhook's content read with the port's schema (what every provider's event becomes), or
 * INVALID_REQUEST naming the fields that failed, as a request's validation does: a value the database cannot keep (a
 * NUL character in an event id) is refused here, before any statement, not by the database.
 */
export function parseWebhookEvent<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError('INVALID_REQUEST', {
    details: parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message })),
  });
}
