import { and, asc, count, eq } from 'drizzle-orm';
import type { TConsoleAirdropRecipient, TConsoleAirdropRecipientsQuery, TPage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { managedBy, type Operator } from '../../http/operator-guard.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { peopleByIds, personIn } from '../users/people.ts';
import { airdropRecipients, airdrops } from './airdrops.tables.ts';

/*
 * Route: GET /v1/console/airdrops/{id}/recipients (airdrops.routes.ts) · Reads: airdrops, airdrop_recipients, and
 * users through the users module · UI: features/console airdrop-detail.tsx · Tests: airdrops.test.ts.
 */

/**
 * Who an airdrop reaches and where each stands, a page at a time, in the order they joined: the recipients' key
 * (airdrop, user) is the index walked, and ids are time-ordered. The same operators who may read the airdrop may read
 * its recipients; only an admin sees their addresses.
 */
export async function listAirdropRecipients(
  db: Db,
  operator: Operator,
  airdropId: string,
  query: TConsoleAirdropRecipientsQuery,
): Promise<TPage<TConsoleAirdropRecipient>> {
  const [airdrop] = await db
    .select({ id: airdrops.id, brandId: airdrops.brandId })
    .from(airdrops)
    .where(eq(airdrops.id, airdropId));
  if (!airdrop) throw new AppError('AIRDROP_NOT_FOUND');
  managedBy(operator, airdrop, airdrop.brandId);

  const where = and(
    eq(airdropRecipients.airdropId, airdropId),
    query.status ? eq(airdropRecipients.status, query.status) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        userId: airdropRecipients.userId,
        status: airdropRecipients.status,
        processedAt: airdropRecipients.processedAt,
      })
      .from(airdropRecipients)
      .where(where)
      .orderBy(asc(airdropRecipients.userId))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(airdropRecipients).where(where),
  ]);
  const people = await peopleByIds(
    db,
    rows.map((row) => row.userId),
  );
  const items = rows.map((row) => {
    const person = personIn(people, row.userId);
    return {
      user: { id: person.id, email: operator.isAdmin ? person.email : null, nickname: person.nickname },
      status: row.status,
      processedAt: row.processedAt?.toISOString() ?? null,
    };
  });
  return toPage(items, query, counted?.total ?? 0);
}
