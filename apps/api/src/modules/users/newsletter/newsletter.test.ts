import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../lib/clock.ts';
import { listMailboxMessages } from '../../dev-mailbox/list-mailbox-messages.ts';
import { bearer, signUp, uniqueEmail, uniqueIp, verifiedUser } from '../../../testing/auth-helpers.ts';
import { multipartBody } from '../../../testing/multipart.ts';
import { pathOf } from '../../../testing/oauth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { confirmSubscriptionEmail, subscribedEmail } from './newsletter-emails.ts';
import { newsletterSubscriptions } from './newsletter.tables.ts';
import { purgeUnconfirmedSubscriptions } from './purge-unconfirmed-subscriptions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function subscribe(email: string, options: { ip?: string; accessToken?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/subscribe',
    payload: { email },
    remoteAddress: options.ip ?? uniqueIp(),
    headers: options.accessToken ? bearer(options.accessToken) : {},
  });
}
/** What a browser sends when a person follows a link from their mail. */
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function mailsTo(email: string) {
  return listMailboxMessages(t.database.db, email);
}
/** The link of the latest mail to `email` whose path is `path`. */
async function linkIn(email: string, path: string): Promise<string> {
  const [message] = await listMailboxMessages(t.database.db, email, 1);
  const link = message?.text.match(new RegExp(`https?://\\S+${path}\\?token=\\S+`))?.[0];
  if (!link) throw new Error(`no ${path} link in: ${message?.text}`);
  return link;
}
const confirmationLink = (email: string) => linkIn(email, '/v1/subscribe/confirm');
const unsubscribeLink = (email: string) => linkIn(email, '/v1/subscribe/unsubscribe');
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The Confirm button of the page: a form post from a browser, answered with a page. */
function pressConfirm(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/subscribe/confirm',
    headers: { accept: browserAccept, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });
}
/** The Unsubscribe button of the unsubscribe link's page: a form post from a browser, answered with a page. */
function pressUnsubscribe(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/subscribe/unsubscribe',
    headers: { accept: browserAccept, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });
}
function confirmAsClient(token: string) {
  return t.app.inject({ method: 'POST', url: '/v1/subscribe/confirm', payload: { token } });
}
async function statusOf(email: string) {
  const [row] = await t.database.db
    .select({ status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`);
  return row?.status ?? null;
}
/** Subscribed and confirmed: on the list, with the confirmation and the welcome in the mailbox. */
async function confirmedSubscriber(email = uniqueEmail('news')) {
  await subscribe(email);
  expect((await confirmAsClient(tokenOf(await confirmationLink(email)))).statusCode).toBe(200);
  return email;
}

describe('POST /v1/subscribe (double opt-in)', () => {
  it('records the address as pending and mails a confirmation; only Confirm puts it on the list, with the welcome', async () => {
    const email = uniqueEmail('news');
    const first = await subscribe(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { email, status: 'CONFIRMATION_SENT' } });
    expect(await statusOf(email)).toBe('PENDING');
    const [confirmation] = await mailsTo(email);
    expect(confirmation?.subject).toBe('Confirm your subscription to Cypher news');
    const link = await confirmationLink(email);

    // Opening the link (a person, or a mail scanner fetching it first) changes nothing: the page asks for a press.
    const page = await t.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: browserAccept } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Confirm your subscription</h1>');
    expect(page.body).toContain('<form method="post" action="/v1/subscribe/confirm">');
    expect(page.body).toContain('<button type="submit">Confirm</button>');
    // A long address breaks anywhere rather than running past a phone's edge.
    expect(page.body).toMatch(/strong\{[^}]*overflow-wrap:anywhere/);
    const asClient = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(asClient.json()).toEqual({ data: { email, isSubscribed: false } });
    expect(await statusOf(email)).toBe('PENDING');
    expect(await mailsTo(email)).toHaveLength(1);

    const confirmed = await pressConfirm(tokenOf(link));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toContain('text/html');
    expect(confirmed.body).toContain('<h1>You are subscribed</h1>');
    expect(await statusOf(email)).toBe('SUBSCRIBED');
    const [welcome] = await mailsTo(email);
    expect(welcome?.subject).toBe('You are subscribed to Cypher news');
    expect(welcome?.text).toContain('Unsubscribe with one click');

    // Confirming again, and subscribing again, answer as before and send nothing more.
    expect((await confirmAsClient(tokenOf(link))).json()).toEqual({ data: { email, isSubscribed: true } });
    expect((await subscribe(email.toUpperCase())).json()).toEqual(first.json());
    expect(await mailsTo(email)).toHaveLength(2);
    const reopened = await t.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: browserAccept } });
    expect(reopened.body).toContain('<h1>You are subscribed</h1>');
  });

  it('answers the same whatever the address’s state, so nobody learns who is on the list', async () => {
    const fresh = uniqueEmail('news');
    const pending = uniqueEmail('news');
    await subscribe(pending);
    const subscribed = await confirmedSubscriber();
    const unsubscribed = await confirmedSubscriber();
    await t.app.inject({
      method: 'POST',
      url: '/v1/subscribe/unsubscribe',
      payload: { token: tokenOf(await unsubscribeLink(unsubscribed)) },
    });

    const answers = await Promise.all([fresh, pending, subscribed, unsubscribed].map((email) => subscribe(email)));
    const seen = answers.map((response, index) => ({
      status: response.statusCode,
      body: response.body.replace([fresh, pending, subscribed, unsubscribed][index]!, '<email>'),
    }));
    expect(new Set(seen.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(seen[0]).toEqual({
      status: 200,
      body: JSON.stringify({ data: { email: '<email>', status: 'CONFIRMATION_SENT' } }),
    });
  });

  it('mails an address one confirmation, then waits twice as long before each next one, however many places ask', async () => {
    const email = uniqueEmail('news');
    for (let count = 0; count < 4; count += 1) {
      expect((await subscribe(email)).json()).toEqual({ data: { email, status: 'CONFIRMATION_SENT' } });
    }
    expect(await mailsTo(email)).toHaveLength(1);
    const firstLink = tokenOf(await confirmationLink(email));
    // The waits: 10 minutes before the second mail, 20 before the third, 40 before the fourth.
    for (const [wait, mails] of [
      [10, 2],
      [20, 3],
      [40, 4],
    ] as const) {
      t.clock.advance(wait * MINUTE_MS - 1000);
      await subscribe(email);
      expect(await mailsTo(email)).toHaveLength(mails - 1);
      t.clock.advance(1000);
      await subscribe(email);
      expect(await mailsTo(email)).toHaveLength(mails);
    }
    // Only the latest mail's link confirms; an earlier one says to use the latest.
    expect((await confirmAsClient(firstLink)).json().code).toBe('INVALID_AUTHORIZATION_KEY');
    expect(await statusOf(email)).toBe('PENDING');
    expect((await confirmAsClient(tokenOf(await confirmationLink(email)))).json().data.isSubscribed).toBe(true);
  });

  it('refuses a malformed email, and more than ten subscriptions an hour from one address', async () => {
    expect((await subscribe('not-an-email')).statusCode).toBe(400);
    const ip = uniqueIp();
    for (let count = 0; count < 10; count += 1)
      expect((await subscribe(uniqueEmail('news'), { ip })).statusCode).toBe(200);
    const limited = await subscribe(uniqueEmail('news'), { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('REQUEST_MAXIMUN');
  });

  it('puts a signed-in person’s own verified address on the list at once; any other address waits for its owner', async () => {
    const owner = await verifiedUser(t);
    const own = await subscribe(owner.email, { accessToken: owner.accessToken });
    expect(own.json()).toEqual({ data: { email: owner.email, status: 'SUBSCRIBED' } });
    expect(await statusOf(owner.email)).toBe('SUBSCRIBED');
    expect((await listMailboxMessages(t.database.db, owner.email, 1))[0]?.subject).toBe(
      'You are subscribed to Cypher news',
    );

    const someoneElse = uniqueEmail('news');
    const other = await subscribe(someoneElse, { accessToken: owner.accessToken });
    expect(other.json()).toEqual({ data: { email: someoneElse, status: 'CONFIRMATION_SENT' } });
    expect(await statusOf(someoneElse)).toBe('PENDING');

    // An address not verified yet proves nothing.
    const unverified = await signUp(t);
    const answer = await subscribe(unverified.email, { accessToken: unverified.accessToken });
    expect(answer.json()).toEqual({ data: { email: unverified.email, status: 'CONFIRMATION_SENT' } });
    expect(await statusOf(unverified.email)).toBe('PENDING');
  });
});

describe('the confirmation link', () => {
  it('expires after seven days: the page says so and offers to subscribe again, which sends a link that works', async () => {
    const email = uniqueEmail('news');
    await subscribe(email);
    const link = await confirmationLink(email);
    t.clock.advance(7 * DAY_MS);

    const page = await t.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: browserAccept } });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('<h1>This link has expired</h1>');
    expect(page.body).toContain('<a class="button" href="/#newsletter-heading">Subscribe again</a>');
    expect((await pressConfirm(tokenOf(link))).body).toContain('<h1>This link has expired</h1>');
    expect((await confirmAsClient(tokenOf(link))).json()).toEqual({
      code: 'NEWSLETTER_CONFIRMATION_EXPIRED',
      message: 'This confirmation link has expired. Please subscribe again to get a new one.',
    });
    expect(await statusOf(email)).toBe('PENDING');

    await subscribe(email);
    const fresh = await confirmationLink(email);
    expect(fresh).not.toBe(link);
    expect((await pressConfirm(tokenOf(fresh))).body).toContain('<h1>You are subscribed</h1>');
    expect(await statusOf(email)).toBe('SUBSCRIBED');
  });

  it('does not work when it was not made by us, or its expiry was moved', async () => {
    const email = uniqueEmail('news');
    await subscribe(email);
    const [id, expiresAt, signature] = tokenOf(await confirmationLink(email)).split('.');
    const forged = [
      `${id}.${expiresAt}.${'A'.repeat(43)}`,
      `${id}.${Number(expiresAt) + DAY_MS / 1000}.${signature}`,
      'not-a-token-at-all',
    ];
    for (const token of forged) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/v1/subscribe/confirm?token=${encodeURIComponent(token)}`,
        headers: { accept: browserAccept },
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('<h1>This link does not work</h1>');
      expect((await pressConfirm(token)).body).toContain('<h1>This link does not work</h1>');
    }
    // A link a mail client cut short is a link that does not work, not a field error.
    for (const token of [forged[0]!, tokenOf(await confirmationLink(email)).slice(0, 12)]) {
      const refused = await confirmAsClient(token);
      expect(refused.json()).toEqual({ code: 'INVALID_AUTHORIZATION_KEY', message: 'Invalid verification key.' });
    }
    expect(await statusOf(email)).toBe('PENDING');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('cannot put an address back on the list once its owner unsubscribed; subscribing again asks them again', async () => {
    const email = uniqueEmail('news');
    await subscribe(email);
    const oldConfirmation = tokenOf(await confirmationLink(email));
    await confirmAsClient(oldConfirmation);
    await pressUnsubscribe(tokenOf(await unsubscribeLink(email)));
    expect(await statusOf(email)).toBe('UNSUBSCRIBED');
    expect((await confirmAsClient(oldConfirmation)).json().code).toBe('INVALID_AUTHORIZATION_KEY');
    expect(await statusOf(email)).toBe('UNSUBSCRIBED');

    t.clock.advance(10 * MINUTE_MS);
    expect((await subscribe(email)).json()).toEqual({ data: { email, status: 'CONFIRMATION_SENT' } });
    expect(await statusOf(email)).toBe('PENDING');
    const [again] = await mailsTo(email);
    expect(again?.subject).toBe('Confirm your subscription to Cypher news');
    // Asked for again by anyone, the address waits for its owner: the link from before they left, still within its
    // 7 days, does not put it back.
    expect((await confirmAsClient(oldConfirmation)).json().code).toBe('INVALID_AUTHORIZATION_KEY');
    expect(await statusOf(email)).toBe('PENDING');
    // Their old unsubscribe link says it is not on the list, and can call the confirmation off.
    const unsubscribe = await unsubscribeLink(email).catch(() => null);
    expect(unsubscribe).toBeNull(); // the latest mail is the confirmation, which has no unsubscribe link
    const [, welcome] = await mailsTo(email);
    const oldUnsubscribe = welcome?.text.match(/https?:\/\/\S+\/v1\/subscribe\/unsubscribe\?token=\S+/)?.[0];
    expect(oldUnsubscribe).toBeDefined();
    const checked = await t.app.inject({ method: 'GET', url: pathOf(oldUnsubscribe!) });
    expect(checked.json()).toEqual({ data: { email, isSubscribed: false } });
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(oldUnsubscribe!),
      headers: { accept: browserAccept },
    });
    expect(page.body).toContain('a confirmation is waiting there');
    await pressConfirm(tokenOf(await confirmationLink(email)));
    expect(await statusOf(email)).toBe('SUBSCRIBED');
    expect((await mailsTo(email)).map((mail) => mail.subject?.split(' ')[0])).toEqual([
      'You',
      'Confirm',
      'You',
      'Confirm',
    ]);
  });
});

describe('unconfirmed addresses', () => {
  it('are deleted once their last link has expired; confirmed and unsubscribed ones stay', async () => {
    const waiting = uniqueEmail('news');
    await subscribe(waiting);
    const subscribed = await confirmedSubscriber();
    t.clock.advance(7 * DAY_MS - 1000);
    await purgeUnconfirmedSubscriptions(t.database.db, t.clock.now());
    expect(await statusOf(waiting)).toBe('PENDING');
    t.clock.advance(1000);
    expect(await purgeUnconfirmedSubscriptions(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(waiting)).toBeNull();
    expect(await statusOf(subscribed)).toBe('SUBSCRIBED');
  });
});

describe('the unsubscribe link', () => {
  it('refuses a forged unsubscribe token', async () => {
    const email = await confirmedSubscriber();
    const token = tokenOf(await unsubscribeLink(email));
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/subscribe/unsubscribe',
      payload: { token: forged },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_AUTHORIZATION_KEY');
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/subscribe/unsubscribe?token=${encodeURIComponent(forged)}`,
      headers: { accept: browserAccept },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('This link does not work');
  });

  it('answers the link in the API’s JSON shape to any client that does not ask for a page', async () => {
    const email = await confirmedSubscriber();
    const link = await unsubscribeLink(email);
    const forged = `${tokenOf(link).split('.')[0]}.${'A'.repeat(43)}`;
    for (const accept of [undefined, 'application/json', '*/*']) {
      const headers = accept ? { accept } : {};
      const refused = await t.app.inject({
        method: 'GET',
        url: `/v1/subscribe/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'INVALID_AUTHORIZATION_KEY', message: 'Invalid verification key.' });
      const checked = await t.app.inject({ method: 'GET', url: pathOf(link), headers });
      expect(checked.json()).toEqual({ data: { email, isSubscribed: true } });
    }
    const done = await t.app.inject({
      method: 'POST',
      url: '/v1/subscribe/unsubscribe',
      payload: { token: tokenOf(link) },
    });
    expect(done.json()).toEqual({ data: { email, isSubscribed: false } });
    const checked = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(checked.json()).toEqual({ data: { email, isSubscribed: false } });
  });

  it('changes nothing when opened (mail scanners open links): its page asks, and its Unsubscribe button acts', async () => {
    const email = await confirmedSubscriber();
    const link = await unsubscribeLink(email);
    for (let opened = 0; opened < 2; opened += 1) {
      const page = await t.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: browserAccept } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Unsubscribe from Cypher news?');
      expect(page.body).toContain(`<input type="hidden" name="token" value="${tokenOf(link)}">`);
      expect(await statusOf(email)).toBe('SUBSCRIBED');
    }
    const pressed = await pressUnsubscribe(tokenOf(link));
    expect(pressed.statusCode).toBe(200);
    expect(pressed.headers['content-type']).toContain('text/html');
    expect(pressed.body).toContain('You are unsubscribed');
    expect(await statusOf(email)).toBe('UNSUBSCRIBED');
    // Opened again afterwards, the page says so rather than asking again; pressing again is harmless.
    const after = await t.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: browserAccept } });
    expect(after.body).toContain('You are unsubscribed');
    expect((await pressUnsubscribe(tokenOf(link))).body).toContain('You are unsubscribed');
  });

  it('takes a mail app’s one-click unsubscribe (RFC 8058): a form post of List-Unsubscribe=One-Click to the link', async () => {
    const email = await confirmedSubscriber();
    const [welcome] = await mailsTo(email);
    expect(welcome?.subject).toBe('You are subscribed to Cypher news');
    const link = await unsubscribeLink(email);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ data: { email, isSubscribed: false } });
    expect(await statusOf(email)).toBe('UNSUBSCRIBED');
    // RFC 8058 prefers multipart/form-data for that post: it unsubscribes too (by the link's own token).
    const other = await confirmedSubscriber();
    const multipart = multipartBody([{ name: 'List-Unsubscribe', content: 'One-Click' }]);
    const byMultipart = await t.app.inject({
      method: 'POST',
      url: pathOf(await unsubscribeLink(other)),
      headers: multipart.headers,
      payload: multipart.payload,
    });
    expect(byMultipart.statusCode).toBe(200);
    expect(byMultipart.json()).toEqual({ data: { email: other, isSubscribed: false } });
    expect(await statusOf(other)).toBe('UNSUBSCRIBED');
    // Anything else in a form post is refused, as every body the API does not know.
    const unknown = await t.app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Later',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('newsletter mail', () => {
  it('names its one-click unsubscribe link, so mail apps offer their own Unsubscribe button', () => {
    const unsubscribeUrl = 'https://cypher.test/v1/subscribe/unsubscribe?token=abc.def';
    const brand = { brandName: 'Cypher', publicUrl: 'https://cypher.test' };
    expect(subscribedEmail(brand, 'fan@example.com', unsubscribeUrl).unsubscribeUrl).toBe(unsubscribeUrl);
    expect(confirmSubscriptionEmail(brand, 'fan@example.com', 'https://cypher.test/c').unsubscribeUrl).toBeUndefined();
  });
});
