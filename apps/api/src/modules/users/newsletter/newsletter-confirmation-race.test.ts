import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../config.ts';
import { listMailboxMessages } from '../../dev-mailbox/list-mailbox-messages.ts';
import { uniqueEmail, uniqueIp } from '../../../testing/auth-helpers.ts';
import { raceThroughGate } from '../../../testing/lock-barrier.ts';
import { twoInstancesOnPostgres } from '../../../testing/second-instance.ts';
import type { TestApp } from '../../../testing/test-app.ts';

// Two presses of one confirmation link at once (a double click, or the page open in two tabs), each reaching another
// API instance: the conditional update PENDING -> SUBSCRIBED lets one through, so the welcome goes once. PGlite runs
// one transaction at a time, so there is no race to run there: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let first: TestApp;
let second: TestApp;
twoInstancesOnPostgres({}, ({ a, b }) => {
  first = a;
  second = b;
});

describe.runIf(isOnPostgres)('confirming a newsletter subscription on PostgreSQL', () => {
  it('two confirmations of the same link at once on two instances send exactly one welcome', async () => {
    const email = uniqueEmail('news');
    await first.app.inject({ method: 'POST', url: '/v1/subscribe', payload: { email }, remoteAddress: uniqueIp() });
    const [confirmation] = await listMailboxMessages(first.database.db, email);
    const token = new URL(
      confirmation!.text.match(/https?:\/\/\S+\/v1\/subscribe\/confirm\?token=\S+/)![0],
    ).searchParams.get('token')!;
    const subscriptionId = token.split('.')[0]!;

    // Both updates queue behind a lock on the row, so they meet at it rather than one finishing before the other starts.
    const answers = await raceThroughGate(
      first.database.pool!.options.connectionString!,
      [{ text: 'select 1 from newsletter_subscriptions where id = $1 for update', values: [subscriptionId] }],
      2,
      () =>
        Promise.all(
          [first, second].map((instance) =>
            instance.app.inject({ method: 'POST', url: '/v1/subscribe/confirm', payload: { token } }),
          ),
        ),
    );

    expect(answers.map((answer) => answer.json())).toEqual([
      { data: { email, isSubscribed: true } },
      { data: { email, isSubscribed: true } },
    ]);
    const welcomes = (await listMailboxMessages(first.database.db, email)).filter((mail) =>
      mail.subject?.startsWith('You are subscribed'),
    );
    expect(welcomes).toHaveLength(1);
  });
});
