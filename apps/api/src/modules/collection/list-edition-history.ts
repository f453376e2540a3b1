import { z } from 'zod';
import type { TCursorPage, TCursorQuery, TEditionHistoryEntry } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { decodeCursor, encodeCursor, ZCursorTime } from '../../http/pagination.ts';
import { activitiesOfEdition } from '../catalog/activities-of-edition.ts';
import { peopleByIds } from '../users/people.ts';
import { getEditionView } from './get-edition.ts';

/**
 * The sort key of the last activity answered: its time to the microsecond (the history's rows may be a microsecond
 * apart, which a millisecond cursor would read as before the last row, answering it again) and id (ties on time are
 * broken by id).
 */
const ZHistoryCursor = z.tuple([ZCursorTime, z.uuid()]);

/**
 * Route: GET /v1/editions/{id}/histories · Reads: editions, product_activities (catalog's activitiesOfEdition), people ·
 * Tests: editions.test.ts.
 *
 * An edition's history, oldest first: its minting (the edition row itself: when, on which contract), then every
 * activity written about it (purchased, opened, equipped, exported, ...). Append-only, and it grows at its end while
 * read, so it pages by cursor (`nextCursor`: the activities after this page's last); the first page opens with the
 * minting, beside its `size` activities.
 */
export async function listEditionHistory(
  db: Db,
  editionId: string,
  query: TCursorQuery,
): Promise<TCursorPage<TEditionHistoryEntry>> {
  const after = query.cursor ? decodeCursor(query.cursor, ZHistoryCursor) : null;
  const { row } = await getEditionView(db, editionId);
  const rows = await activitiesOfEdition(db, editionId, { after, limit: query.size + 1 });
  const activities = rows.slice(0, query.size);
  const last = activities.at(-1);
  const people = await peopleByIds(
    db,
    activities.flatMap((activity) => activity.actorUserId ?? []),
  );
  const minted: TEditionHistoryEntry = {
    id: null,
    kind: 'MINTED',
    actor: null,
    counterpartAddress: null,
    createdAt: row.createdAt.toISOString(),
  };
  const entries = activities.map((activity): TEditionHistoryEntry => {
    const person = activity.actorUserId ? people.get(activity.actorUserId) : undefined;
    return {
      id: activity.id,
      kind: activity.kind,
      actor: person ? { id: person.id, nickname: person.nickname } : null,
      counterpartAddress: activity.counterpartAddress,
      createdAt: activity.createdAt.toISOString(),
    };
  });
  return {
    items: after ? entries : [minted, ...entries],
    nextCursor: rows.length > query.size && last ? encodeCursor([last.cursorTime, last.id]) : null,
  };
}
