import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TAirdropRequest, TConsoleAirdrop, TPage, TPageQuery } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { AppError } from '../../http/app-error.ts';
import { runWithIdempotencyKey, type TIdempotentRequest } from '../../http/idempotency.ts';
import { assertCanManageBrand, managedBy, type Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { checkGrantsForConsole } from '../grants/check-grant.ts';
import { resolveGrants, storedGrant } from '../grants/grant-views.ts';
import { passNamesByIds } from '../passes/pass-names.ts';
import { passHolderIds } from '../passes/pass-units.ts';
import { accountIdsOf, operatorSeenBy, peopleByIds } from '../users/people.ts';
import { airdrops, type TAirdropRow } from './airdrops.tables.ts';
import { DELIVER_AIRDROP_JOB } from './deliver-airdrop.ts';

/*
 * Route: GET, POST /v1/console/airdrops, GET /v1/console/airdrops/{id} (airdrops.routes.ts) · Writes: airdrops,
 * airdrop_recipients, audit_log; sends the `deliver-airdrop` job after its commit · Reads: airdrop_recipients
 * (progress), accounts (users), pass holders (passes), what the grant names (grants) · UI: features/console
 * airdrops-section.tsx, airdrop-detail.tsx · Tests: airdrops.test.ts, airdrop-races.test.ts.
 */

type TConsoleContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'jobs'>;

/** Recipients per INSERT when an airdrop is made. */
const RECIPIENT_CHUNK = 10_000;
/** Unknown people named in an AIRDROP_RECIPIENTS_NOT_FOUND answer; the rest are counted. */
const UNKNOWN_NAMED = 20;

/**
 * An operator airdrops a grant they may give (grants/check-grant.ts) to a list of people (each must have an account:
 * AIRDROP_RECIPIENTS_NOT_FOUND names those who have none; by email address for an admin only, by user id for anyone)
 * or to the holders of a pass of a brand they manage, as they are now (AIRDROP_NO_RECIPIENTS when nobody holds it). The recipients are written with the airdrop, once each, and the
 * job is sent after the commit (house rule 7): if it is lost, the sweep sends it again.
 */
export async function createAirdrop(
  ctx: TConsoleContext,
  operator: Operator | null,
  input: TAirdropRequest,
  idempotent: TIdempotentRequest | null = null,
): Promise<TConsoleAirdrop> {
  // An operator's airdrop carries an Idempotency-Key (the console sends one per confirmation), so a retry or a second
  // click answers the airdrop already made instead of making another: each recipient is reached once per airdrop, and
  // there would be two, credit twice included. Keys are a person's: an airdrop made with no operator (a script) has none.
  if (operator && !idempotent) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  // Addresses are an admin's to see, and so is whether one has an account: a list of addresses answered "this one has
  // none" for each, nothing written, as often as asked. A brand's manager lists people by user id or airdrops to a
  // pass's holders; an address is refused before any is looked up, the same answer whoever it names.
  if (operator && !operator.isAdmin && input.audience.kind === 'PEOPLE' && input.audience.emails.length > 0) {
    throw new AppError('RECIPIENT_EMAIL_ADMIN_ONLY');
  }
  const now = ctx.clock.now();
  const id = newId();
  const made = await runWithIdempotencyKey<TConsoleAirdrop>(
    { db: ctx.db, now },
    operator?.userId ?? '',
    operator ? idempotent : null,
    async (tx) => ({ status: 202, body: await recordAirdrop(tx) }),
  );
  // The airdrop is recorded whatever happens to this message: the sweep sends it again if it is lost.
  await ctx.jobs.send(DELIVER_AIRDROP_JOB, { airdropId: made.body.id }).catch(() => null);
  return made.body;

  async function recordAirdrop(tx: Db): Promise<TConsoleAirdrop> {
    const [grant] = await checkGrantsForConsole(tx, operator, [input.grant], { wording: wordingOf(ctx), now });
    const recipients = await recipientsOf(tx, operator, input);
    const [row] = await tx
      .insert(airdrops)
      .values({
        id,
        name: input.name,
        grant: input.grant,
        brandId: grant!.brandId,
        audienceKind: input.audience.kind,
        audiencePassId: input.audience.kind === 'PASS_HOLDERS' ? input.audience.passId : null,
        status: 'QUEUED',
        recipientCount: recipients.length,
        createdByUserId: operator?.userId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    for (let start = 0; start < recipients.length; start += RECIPIENT_CHUNK) {
      await tx.execute(sql`
        insert into airdrop_recipients (airdrop_id, user_id, status)
        select ${id}::uuid, r.user_id, 'PENDING'
        from unnest(${sqlArray(recipients.slice(start, start + RECIPIENT_CHUNK))}::uuid[]) as r(user_id)`);
    }
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'create',
      entityType: 'airdrop',
      entityId: id,
      before: null,
      // The list itself may hold thousands of addresses: the log keeps what was given and to how many.
      after: {
        name: input.name,
        grant: input.grant,
        audience: input.audience.kind === 'PASS_HOLDERS' ? input.audience : { kind: 'PEOPLE' },
        recipientCount: recipients.length,
      },
      at: now,
    });
    const [view] = await airdropViewsOf(ctx, tx, [row!], operator);
    return view!;
  }
}

/** The people an airdrop goes to, each once, in user id order. */
async function recipientsOf(tx: Db, operator: Operator | null, input: TAirdropRequest): Promise<string[]> {
  const audience = input.audience;
  if (audience.kind === 'PASS_HOLDERS') {
    const pass = (await passNamesByIds(tx, [audience.passId])).get(audience.passId);
    if (!pass) throw new AppError('PASS_NOT_FOUND');
    if (operator) assertCanManageBrand(operator, pass.brandId);
    // A deleted account may still hold a unit (a pass is no blocker to deletion), and is given nothing.
    const holders = await passHolderIds(tx, audience.passId);
    const living = (await accountIdsOf(tx, { emails: [], userIds: holders })).userIds.sort();
    if (living.length === 0) throw new AppError('AIRDROP_NO_RECIPIENTS');
    return living;
  }
  const found = await accountIdsOf(tx, { emails: audience.emails, userIds: audience.userIds });
  if (found.unknown.length > 0) {
    const named = found.unknown
      .slice(0, UNKNOWN_NAMED)
      .map((who) => ({ field: 'audience', message: `${who} has no account.` }));
    const more = found.unknown.length - named.length;
    throw new AppError('AIRDROP_RECIPIENTS_NOT_FOUND', {
      details: more > 0 ? [...named, { field: 'audience', message: `And ${more} more.` }] : named,
    });
  }
  return found.userIds.sort();
}

export async function listAirdrops(
  ctx: TConsoleContext,
  operator: Operator,
  query: TPageQuery,
): Promise<TPage<TConsoleAirdrop>> {
  const where = visibleTo(operator);
  const rows = await ctx.db
    .select()
    .from(airdrops)
    .where(where)
    .orderBy(desc(airdrops.createdAt), desc(airdrops.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(airdrops)
    .where(where);
  return {
    items: await airdropViewsOf(ctx, ctx.db, rows, operator),
    page: query.page,
    size: query.size,
    total: count?.n ?? 0,
  };
}

/** `GET /v1/console/airdrops/{id}`: the airdrop with its progress, read from its recipients. */
export async function getAirdrop(ctx: TConsoleContext, operator: Operator, id: string): Promise<TConsoleAirdrop> {
  const [row] = await ctx.db.select().from(airdrops).where(eq(airdrops.id, id));
  if (!row) throw new AppError('AIRDROP_NOT_FOUND');
  const [view] = await airdropViewsOf(ctx, ctx.db, [managedBy(operator, row, row.brandId)], operator);
  return view!;
}

function visibleTo(operator: Operator): SQL | undefined {
  if (operator.isAdmin) return undefined;
  return operator.brandIds.length > 0 ? inArray(airdrops.brandId, [...operator.brandIds]) : sql`false`;
}

function wordingOf(ctx: TConsoleContext) {
  return { cypMinorUnits: ctx.config.wallet.cypMinorUnits };
}

async function airdropViewsOf(
  ctx: TConsoleContext,
  db: Db,
  rows: readonly TAirdropRow[],
  viewer: Operator | null,
): Promise<TConsoleAirdrop[]> {
  if (rows.length === 0) return [];
  const [grants, progress, people, passes] = await Promise.all([
    resolveGrants(
      db,
      rows.map((row) => storedGrant(row.grant)),
      wordingOf(ctx),
    ),
    queryRows<{ airdrop_id: string; status: string; n: number | string }>(
      db,
      sql`select airdrop_id, status, count(*) as n from airdrop_recipients
          where airdrop_id = any(${sqlArray(rows.map((row) => row.id))}::uuid[]) group by airdrop_id, status`,
    ),
    peopleByIds(
      db,
      rows.flatMap((row) => row.createdByUserId ?? []),
    ),
    passNamesByIds(
      db,
      rows.flatMap((row) => row.audiencePassId ?? []),
    ),
  ]);
  const countOf = (airdropId: string, status: string) =>
    Number(progress.find((row) => row.airdrop_id === airdropId && row.status === status)?.n ?? 0);
  return rows.map((row, index) => {
    const pass = row.audiencePassId ? passes.get(row.audiencePassId) : undefined;
    return {
      id: row.id,
      name: row.name,
      grant: grants[index]!.view,
      audience: {
        kind: row.audienceKind,
        pass: row.audiencePassId && pass ? { id: row.audiencePassId, name: pass.name } : null,
      },
      status: row.status,
      progress: {
        total: row.recipientCount,
        delivered: countOf(row.id, 'DELIVERED'),
        outOfStock: countOf(row.id, 'OUT_OF_STOCK'),
        accountDeleted: countOf(row.id, 'ACCOUNT_DELETED'),
        pending: countOf(row.id, 'PENDING'),
      },
      createdBy: operatorSeenBy(viewer, people, row.createdByUserId),
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    };
  });
}
