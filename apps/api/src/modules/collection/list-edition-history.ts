import type { TEditionHistoryEntry } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { activitiesOfEdition } from '../catalog/activities-of-edition.ts';
import { peopleByIds } from '../users/people.ts';
import { getEditionView } from './get-edition.ts';

/**
 * Route: GET /v1/editions/{id}/histories · Reads: editions, product_activities (catalog's activitiesOfEdition), people ·
 * Tests: editions.test.ts.
 *
 * An edition's history, oldest first: its minting (the edition row itself: when, on which contract), then every
 * activity written about it (purchased, opened, equipped, exported, ...). Append-only: nothing here is ever updated.
 */
export async function listEditionHistory(db: Db, editionId: string): Promise<TEditionHistoryEntry[]> {
  const { row } = await getEditionView(db, editionId);
  const activities = await activitiesOfEdition(db, editionId);
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
  return [
    minted,
    ...activities.map((activity) => {
      const person = activity.actorUserId ? people.get(activity.actorUserId) : undefined;
      return {
        id: activity.id,
        kind: activity.kind,
        actor: person ? { id: person.id, nickname: person.nickname } : null,
        counterpartAddress: activity.counterpartAddress,
        createdAt: activity.createdAt.toISOString(),
      };
    }),
  ];
}
