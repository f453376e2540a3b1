import pg from 'pg';
import { expect } from 'vitest';
import { DAY_MS } from '../lib/clock.ts';
import { completeAccountDeletions } from '../modules/users/deletion/complete-account-deletions.ts';
import { activeUser, bearer, logIn, STRONG_PASSWORD } from './auth-helpers.ts';
import { lockWaitersSeen } from './lock-barrier.ts';
import type { TestApp } from './test-app.ts';

/**
 * A person whose deletion request is past its seven days (the clock moved on), signed in again since asking (the
 * request ended every sign-in; a pending deletion signs in as usual): their id, email and fresh Authorization header.
 */
export async function personDueForDeletion(t: TestApp) {
  const person = await activeUser(t);
  const asking = bearer(person.accessToken);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: asking });
  const userId = me.json().data.id as string;
  await t.app.inject({
    method: 'POST',
    url: '/v1/users/authentications/check-password',
    headers: asking,
    payload: { password: STRONG_PASSWORD },
  });
  const asked = await t.app.inject({ method: 'POST', url: '/v1/users/delete-request', headers: asking });
  expect(asked.statusCode, asked.body).toBe(202);
  t.clock.advance(8 * DAY_MS);
  const headers = bearer((await logIn(t, person.email)).json().data.accessToken as string);
  return { userId, email: person.email, headers };
}

/**
 * Sends `requests` in the moment the deletion job deletes `userId`, each queued behind the job on the person's row:
 * a gate session holds the row, the job (run through `t`) queues on it first, then every request is seen waiting, and
 * the gate lets go. Whatever a request waits on the row for (its own lock, or its rows' foreign keys), the job goes
 * first. Answers the job's outcome and the requests' answers, in order. On PostgreSQL only (PGlite queues nothing).
 */
export async function behindTheDeletionJob<T>(t: TestApp, userId: string, requests: () => Promise<T>[]) {
  const gate = new pg.Client({ connectionString: t.database.pool!.options.connectionString! });
  await gate.connect();
  try {
    await gate.query('begin');
    await gate.query('select 1 from users where id = $1 for update', [userId]);
    const deletion = completeAccountDeletions({
      db: t.database.db,
      clock: t.clock,
      storage: t.storage,
      discordRoles: t.discordRoles,
    });
    deletion.catch(() => undefined);
    await lockWaitersSeen(gate, 1);
    const sent = requests();
    const answers = Promise.all(sent);
    answers.catch(() => undefined);
    await lockWaitersSeen(gate, 1 + sent.length);
    await gate.query('commit');
    return { deletion: await deletion, answers: await answers };
  } finally {
    await gate.end();
  }
}
