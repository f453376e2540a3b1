import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSink } from '../lib/error-reporter.ts';
import { setStored } from '../lib/storage.ts';
import { isApiError, type ApiError } from './api-error.ts';
import { apiPath, apiRequest, setUnauthorizedHandler } from './client.ts';

interface SentRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

let sent: SentRequest[];
let answers: Response[];
let reported: unknown[];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The outside world: fetch answers with the queued responses and records what was sent. */
beforeEach(() => {
  sent = [];
  answers = [];
  reported = [];
  setErrorSink((error) => reported.push(error));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? init.body : undefined,
      });
      const answer = answers.shift();
      if (!answer) throw new TypeError('Failed to fetch');
      return answer;
    }),
  );
});

afterEach(() => {
  setErrorSink(undefined);
  setUnauthorizedHandler(undefined);
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiPath', () => {
  it('prefixes /v1 unless the path names its version', () => {
    expect(apiPath('/users/my')).toBe('/v1/users/my');
    expect(apiPath('countries')).toBe('/v1/countries');
    expect(apiPath('/v2/orders')).toBe('/v2/orders');
    expect(apiPath('/v1/attendance/today')).toBe('/v1/attendance/today');
    expect(apiPath('/versions')).toBe('/v1/versions');
  });
});

describe('apiRequest', () => {
  it('unwraps data and sends the query string', async () => {
    answers.push(json(200, { data: { items: [], page: 2 } }));
    const data = await apiRequest<{ page: number }>('GET', '/drops', { query: { page: 2, brandId: null } });
    expect(data).toEqual({ items: [], page: 2 });
    expect(sent[0]?.url).toBe('/v1/drops?page=2');
  });

  it('sends the bearer token only when authorisation is requested', async () => {
    setStored('accessToken', 'access-1');
    answers.push(json(200, { data: {} }), json(200, { data: {} }));

    await apiRequest('GET', '/users/my', { auth: true });
    await apiRequest('GET', '/countries');

    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(sent[1]?.headers.has('Authorization')).toBe(false);
  });

  it('sends the current language as Accept-Language', async () => {
    answers.push(json(200, { data: null }));
    await apiRequest('GET', '/countries');
    expect(sent[0]?.headers.get('Accept-Language')).toBe('en');
  });

  it('sends a JSON body with DELETE', async () => {
    answers.push(new Response(null, { status: 204 }));
    const result = await apiRequest('DELETE', '/favorites', { body: { editionId: 'e1' }, auth: true });
    expect(result).toBeUndefined();
    expect(sent[0]).toMatchObject({ method: 'DELETE', body: '{"editionId":"e1"}' });
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('takes the message from the catalogue by code', async () => {
    answers.push(json(401, { code: 'INVALID_PASSWORD', message: 'raw server words' }));
    const error = await failure(apiRequest('POST', '/users/authentications/login', { body: {} }));
    expect(error).toMatchObject({ status: 401, code: 'INVALID_PASSWORD', message: 'Email or password is invalid.' });
  });

  it('takes the message from the catalogue by the error field when there is no code', async () => {
    answers.push(json(429, { error: 'REQUEST_MAXIMUN' }));
    const error = await failure(apiRequest('POST', '/users/email-verifications'));
    expect(error).toMatchObject({
      status: 429,
      code: 'REQUEST_MAXIMUN',
      message: 'You have exceeded the maximum number of requests.',
    });
  });

  it('says when to try again after a 429 that tells, in the largest whole unit rounded up', async () => {
    const limited = (retryAfter: string) =>
      new Response(JSON.stringify({ code: 'REQUEST_MAXIMUN' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
      });
    const spec = 'You have exceeded the maximum number of requests.';
    for (const [retryAfter, wait] of [
      ['3249', ' Please try again in 55 minutes.'],
      ['45', ' Please try again in 45 seconds.'],
      ['1', ' Please try again in 1 second.'],
      ['7200', ' Please try again in 2 hours.'],
      ['Wed, 21 Oct 2026 07:28:00 GMT', ''],
    ]) {
      answers.push(limited(retryAfter!));
      expect((await failure(apiRequest('POST', '/redeems', { body: {} }))).message).toBe(spec + wait);
    }
  });

  it('falls back to the body message for a code the catalogue does not know, keeping field details', async () => {
    const details = [{ field: 'nickname', message: 'Nickname already exists.' }];
    answers.push(json(409, { code: 'NICKNAME_TAKEN', message: 'Nickname already exists.', details }));
    const error = await failure(apiRequest('PATCH', '/users', { body: { nickname: 'fan' }, auth: true }));
    expect(error).toMatchObject({ code: 'NICKNAME_TAKEN', message: 'Nickname already exists.', details });
  });

  it('reports 5xx answers, with the catalogue message when the body is not JSON', async () => {
    answers.push(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(apiRequest('GET', '/drops'));
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL_ERROR' });
    expect(error.message).toBe('Something went wrong on our side. Please try again in a moment.');
    expect(reported).toEqual([error]);
  });

  it('does not report 4xx answers', async () => {
    answers.push(json(404, { code: 'NOT_FOUND', message: 'nope' }), json(400, {}));
    await failure(apiRequest('GET', '/drops/missing'));
    const bare = await failure(apiRequest('GET', '/drops'));
    expect(bare).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(reported).toEqual([]);
  });

  it('turns a network failure into a NETWORK_ERROR and reports it', async () => {
    const error = await failure(apiRequest('GET', '/drops'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(reported).toHaveLength(1);
  });

  it('asks the unauthorized seam once and resends with the new token when it says so', async () => {
    setStored('accessToken', 'expired');
    const onUnauthorized = vi.fn(async () => {
      setStored('accessToken', 'fresh');
      return true;
    });
    setUnauthorizedHandler(onUnauthorized);
    answers.push(json(401, { code: 'UNAUTHORIZED' }), json(401, { code: 'UNAUTHORIZED' }));

    const error = await failure(apiRequest('GET', '/users/my', { auth: true }));

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sent.map((request) => request.headers.get('Authorization'))).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(error.status).toBe(401);
  });

  it('does not refresh when a signed-in call is refused the password typed, which a refresh cannot change', async () => {
    const onUnauthorized = vi.fn(async () => true);
    setUnauthorizedHandler(onUnauthorized);
    answers.push(json(401, { code: 'INVALID_PASSWORD', message: 'Email or password is invalid.' }));

    const error = await failure(apiRequest('POST', '/users/my/password-checks', { auth: true, body: {} }));

    // Sent once: a retry would count a second failure against the password's rate limit.
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
    expect(error.code).toBe('INVALID_PASSWORD');
    expect(error.message).toBe('Email or password is invalid.');
  });

  it('does not consult the unauthorized seam for calls made without authorisation', async () => {
    const onUnauthorized = vi.fn(async () => true);
    setUnauthorizedHandler(onUnauthorized);
    answers.push(json(401, { code: 'INVALID_PASSWORD' }));
    await failure(apiRequest('POST', '/users/authentications/login', { body: {} }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });
});
