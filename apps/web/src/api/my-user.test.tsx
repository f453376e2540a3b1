import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { endSession, startSession } from '../lib/session.ts';
import { getStored } from '../lib/storage.ts';
import { deferred, json, myUser, stubApi } from '../test/fake-api.ts';
import { getMyUser, useMyUser } from './my-user.ts';

function Probe() {
  const { user, isLoading } = useMyUser();
  return <p>{isLoading ? 'loading' : (user?.email ?? 'nobody')}</p>;
}

function renderProbe() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Probe />
    </QueryClientProvider>,
  );
}

describe('useMyUser', () => {
  it('makes no request while logged out', async () => {
    const sent = stubApi(() => json(200, { data: myUser() }));
    renderProbe();
    // The probe shows 'nobody' while there is no user record.
    await screen.findByText('nobody');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
  });

  it('asks /users/my with the access token when logged in, and stores the record', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const sent = stubApi(() => json(200, { data: myUser({ email: 'collector@example.com', status: 'CREATED' }) }));

    renderProbe();

    await screen.findByText('collector@example.com');
    expect(sent.map((request) => [request.method, request.path, request.authorization])).toEqual([
      ['GET', '/v1/users/my', 'Bearer access-1'],
    ]);
    expect(getStored('user')).toMatchObject({ email: 'collector@example.com', status: 'CREATED' });
  });

  it('does not store an answer that arrives after the session it was asked for has ended', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const answer = deferred<Response>();
    stubApi(() => answer.promise);

    const pending = getMyUser();
    endSession();
    answer.resolve(json(200, { data: myUser() }));
    await pending;

    expect(getStored('user')).toBeUndefined();
  });
});
