import type { TFigureBase } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { managedBy, type Operator } from '../../../http/operator-guard.ts';
import { figureBaseViewsOf } from './figure-base-views.ts';
import { figureBaseRow } from './get-figure-base.ts';

/**
 * Route: GET /v1/console/figure-bases/{id} · Reads: figure_bases and what figureBaseViewsOf reads · UI:
 * features/console figure-base-form.tsx · Tests: figure-bases-console.test.ts.
 *
 * A base for editing, whatever its collection's status; a brand manager of another brand is refused (403).
 */
export async function getConsoleFigureBase(db: Db, operator: Operator, id: string): Promise<TFigureBase> {
  const row = await figureBaseRow(db, id, { mustBePublic: false });
  const [view] = await figureBaseViewsOf(db, [row], null, 'console');
  return managedBy(operator, view!, row.brandId);
}
