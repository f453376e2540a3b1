import { errorCatalogue, messageForError, type TErrorCode, type TFieldError } from '@cypher/contract';
import { appConfig } from '../config.ts';
import { markCountryRestricted } from '../lib/country-restriction.ts';
import { reportError } from '../lib/error-reporter.ts';
import { getCurrentLanguage } from '../lib/i18n.ts';
import { getStored } from '../lib/storage.ts';
import { ApiError } from './api-error.ts';
import { toQueryString, type QueryParams } from './query-string.ts';

/**
 * The one HTTP client (spec section 7). Every call sends JSON and the current language; the bearer token goes only
 * on calls that ask for it. Success answers `{ data }` and resolves to `data`; failure throws an `ApiError` whose
 * message comes from the shared catalogue. Server faults (5xx) and network failures go to the error reporter.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  query?: QueryParams;
  /** Sent as JSON (FormData is sent as-is, for uploads). DELETE may carry a body too. */
  body?: unknown;
  /** Attach `Authorization: Bearer <access token>`. Off unless asked for (spec section 6). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The browser HTTP cache mode for this call (`fetch`'s `cache`). Public catalogue reads are cacheable for a minute;
   * `no-cache` makes the browser revalidate (a cheap 304 when nothing changed) instead of answering from its cache.
   */
  cache?: RequestCache;
}

/** A call made with `auth: true` that answered 401, as the unauthorized handler sees it. */
export interface UnauthorizedCall {
  method: HttpMethod;
  path: string;
  /** The access token the call carried; when a newer one is stored by now, a refresh already happened. */
  sentAccessToken: string | undefined;
}

/**
 * Seam for token refresh (filled in by `refresh.ts`). Called when a call made with `auth: true` answers 401;
 * resolve `true` once a fresh access token is stored to have the call sent again (at most once per call), or
 * `false` to fail with the 401. The handler owns refreshing only once and queueing concurrent callers.
 */
export type UnauthorizedHandler = (failed: UnauthorizedCall) => Promise<boolean>;

let unauthorizedHandler: UnauthorizedHandler | undefined;

/** How calls reach the API: the browser's fetch. The server's render answers them in process (entry-server.tsx). */
const browserTransport: typeof fetch = (input, init) => fetch(input, init);
let transport = browserTransport;

export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

/** Tests only: back to the browser's fetch after a server render set another. */
export function resetApiTransport(): void {
  transport = browserTransport;
}

export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  unauthorizedHandler = handler;
}

/** `/users/my` -> `/v1/users/my`; a path that already names its version (`/v2/orders`) is kept as it is. */
export function apiPath(path: string): string {
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return /^\/v\d+(\/|$)/.test(absolute) ? absolute : `/v1${absolute}`;
}

function apiUrl(path: string, query?: QueryParams): string {
  const search = toQueryString(query);
  return `${appConfig.apiBaseUrl ?? ''}${apiPath(path)}${search ? `?${search}` : ''}`;
}

const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.';

// When a failure body names no code, the status alone decides which catalogue entry explains it.
const codeForStatus: Partial<Record<number, TErrorCode>> = {
  400: 'INVALID_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  429: 'REQUEST_MAXIMUN',
  499: 'COUNTRY_RESTRICTED',
  503: 'SERVICE_UNAVAILABLE',
};

function fallbackCode(status: number): TErrorCode {
  return codeForStatus[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST');
}

function buildHeaders(options: ApiRequestOptions): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getCurrentLanguage() });
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  if (options.auth) {
    const accessToken = getStored('accessToken');
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

async function send(method: HttpMethod, path: string, options: ApiRequestOptions): Promise<Response> {
  const { body } = options;
  try {
    return await transport(apiUrl(path, options.query), {
      method,
      headers: buildHeaders(options),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (cause) {
    // A caller that cancelled (unmount, newer query) is not a failure worth reporting or showing.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
    reportError(cause, { method, path, kind: 'network' });
    throw error;
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fieldErrors(body: unknown): TFieldError[] | undefined {
  if (!body || typeof body !== 'object' || !('details' in body)) return undefined;
  return Array.isArray(body.details) ? (body.details as TFieldError[]) : undefined;
}

function bodyCode(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { code, error } = body as { code?: unknown; error?: unknown };
  if (typeof code === 'string') return code;
  if (typeof error === 'string') return error;
  return undefined;
}

async function readResponse<T>(response: Response, method: HttpMethod, path: string): Promise<T> {
  const body = await readJson(response);
  if (response.ok) {
    return (body && typeof body === 'object' && 'data' in body ? body.data : undefined) as T;
  }
  const fallback = fallbackCode(response.status);
  const error = new ApiError(
    response.status,
    bodyCode(body) ?? fallback,
    messageForError(body, errorCatalogue[fallback].message) + waitSentence(response),
    fieldErrors(body),
  );
  if (response.status >= 500) reportError(error, { method, path, status: response.status });
  // Spec section 7: the whole app gives way to the "not available in your region" page.
  if (error.code === 'COUNTRY_RESTRICTED') markCountryRestricted();
  throw error;
}

/**
 * For a 429 that says how long to wait (Retry-After, in seconds), the spec's message and when to try again: "You have
 * exceeded the maximum number of requests. Please try again in 54 minutes." Nothing for any other answer.
 */
function waitSentence(response: Response): string {
  const seconds = Number(response.headers.get('retry-after'));
  if (response.status !== 429 || !Number.isInteger(seconds) || seconds <= 0) return '';
  const [count, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3_600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3_600), 'hour'];
  return ` Please try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

/**
 * 401s that refuse what the person typed (a password checked before deleting the account, say), not the access token:
 * a refresh would not change the answer, and the retry would count a second failure against the password's rate limit.
 */
const TYPED_CREDENTIAL_REFUSALS = new Set(['INVALID_PASSWORD']);

async function refusesTheToken(response: Response): Promise<boolean> {
  const code = bodyCode(await readJson(response.clone()));
  return !code || !TYPED_CREDENTIAL_REFUSALS.has(code);
}

async function sendWithRefresh(method: HttpMethod, path: string, options: ApiRequestOptions): Promise<Response> {
  const sentAccessToken = options.auth ? getStored('accessToken') : undefined;
  let response = await send(method, path, options);
  // Spec section 4: one refresh per request. The retry's answer is final, even if it is another 401.
  if (response.status === 401 && options.auth && unauthorizedHandler && (await refusesTheToken(response))) {
    const shouldRetry = await unauthorizedHandler({ method, path: apiPath(path), sentAccessToken });
    if (shouldRetry) response = await send(method, path, options);
  }
  return response;
}

export async function apiRequest<T>(method: HttpMethod, path: string, options: ApiRequestOptions = {}): Promise<T> {
  return readResponse<T>(await sendWithRefresh(method, path, options), method, path);
}

/** `attachment; filename="spring.csv"` -> `spring.csv`; undefined when the header names no file. */
function attachmentName(disposition: string | null): string | undefined {
  const quoted = /filename="([^"]*)"/i.exec(disposition ?? '');
  const bare = /filename=([^;\s]+)/i.exec(disposition ?? '');
  return quoted?.[1] || bare?.[1] || undefined;
}

/**
 * A file the API answers rather than JSON (a console CSV export), fetched with the bearer token and the same one
 * refresh as any call, since a plain link could not carry the token. Resolves to the body as a Blob and the name the
 * API gives it; a failure throws the same ApiError as apiRequest.
 */
export async function apiDownload(
  path: string,
  options: Omit<ApiRequestOptions, 'body'> = {},
): Promise<{ blob: Blob; filename: string | undefined }> {
  const response = await sendWithRefresh('GET', path, options);
  if (!response.ok) return readResponse<never>(response, 'GET', path);
  return { blob: await response.blob(), filename: attachmentName(response.headers.get('Content-Disposition')) };
}
