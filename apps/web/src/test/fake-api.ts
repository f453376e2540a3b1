import { vi } from 'vitest';

/**
 * The network boundary for tests: `fetch` is replaced by a handler that answers like the API would, and every
 * request is recorded (method, path with query, Authorization and If-Match headers, parsed JSON body).
 */
export interface SentRequest {
  method: string;
  path: string;
  authorization: string | null;
  /** The version an edit was made from (console edits). */
  ifMatch: string | null;
  body: unknown;
}

export type FakeHandler = (request: SentRequest) => Response | Promise<Response>;

export function json(status: number, body?: unknown, headers?: Record<string, string>): Response {
  if (body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function apiFailure(status: number, code: string, message = code): Response {
  return json(status, { code, message });
}

export function stubApi(handler: FakeHandler): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const request: SentRequest = {
        method: init.method ?? 'GET',
        path: url,
        authorization: headers.get('Authorization'),
        ifMatch: headers.get('If-Match'),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      sent.push(request);
      return handler(request);
    }),
  );
  return sent;
}

/** A promise whose settling the test controls, to hold an answer back while other requests pile up. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A /users/my record with the given changes. */
export function myUser(changes: Record<string, unknown> = {}) {
  return {
    id: '0190a0b0-0000-7000-8000-000000000001',
    email: 'fan@example.com',
    nickname: null,
    photoUrl: null,
    backgroundUrl: null,
    phoneEnding: null,
    marketingConsent: false,
    twoFactor: { isEnabled: false, verifiedAt: null },
    discord: null,
    discordReconnectAvailableAt: null,
    status: 'ACTIVE',
    isDeleteRequestedAccount: false,
    deletionScheduledAt: null,
    isEmailVerified: true,
    hasPassword: true,
    isOperator: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}
