import type { TConsoleFusion, TConsolePass } from '@cypher/contract';
import { bearer } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/**
 * Publishes a pass or fusion the console made (they are made as drafts, decision record 50), as an operator would
 * before collectors can see it; answers the console's view after. Throws on a refusal, which no fixture expects.
 */
export async function publishInConsole(
  t: TestApp,
  accessToken: string,
  kind: 'passes',
  id: string,
): Promise<TConsolePass>;
export async function publishInConsole(
  t: TestApp,
  accessToken: string,
  kind: 'fusions',
  id: string,
): Promise<TConsoleFusion>;
export async function publishInConsole(
  t: TestApp,
  accessToken: string,
  kind: 'passes' | 'fusions',
  id: string,
): Promise<TConsolePass | TConsoleFusion> {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/v1/console/${kind}/${id}/publish`,
    headers: bearer(accessToken),
  });
  if (answer.statusCode !== 200) throw new Error(`publishing ${kind} ${id} was refused: ${answer.body}`);
  return answer.json().data;
}
