import { STRONG_PASSWORD } from '../auth-helpers.ts';
import type { TestApp } from '../test-app.ts';
import { problemsWith, type FuzzAnswer } from './check-answer.ts';
import { forgedTokens } from './fuzz-tokens.ts';
import { buildFuzzWorld } from './fuzz-world.ts';
import { generateRequest, type FuzzRequest } from './generate-requests.ts';
import { operationsOf, type FuzzOperation } from './openapi-operations.ts';
import { seededRandom } from './prng.ts';

interface FuzzFinding {
  operation: string;
  strategy: string;
  mutation: string;
  identity: string;
  request: string;
  status: number;
  answer: string;
  problems: string[];
}

export interface FuzzReport {
  seed: number;
  perOperation: number;
  operations: number;
  requests: number;
  /** Requests the in-process HTTP client refused to build (a header Node would not send); not findings. */
  unsent: number;
  statuses: Record<string, number>;
  strategies: Record<string, number>;
  findingCount: number;
  /** The first findings in full (the count says how many there were). */
  findings: FuzzFinding[];
  durationMs: number;
  slowest: { operation: string; mutation: string; ms: number }[];
}

const KEPT_FINDINGS = 200;

/**
 * The ids a field or path word names: a path says `bank-accounts`, a body field `bankAccountId` or `tagIds`, so the
 * name is tried as it is, in kebab case, and plural.
 */
function idsNamed(ids: Map<string, string[]>, name: string): string[] {
  const kebab = name
    .replace(/Ids?$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
  for (const candidate of [name, kebab, `${kebab}s`, `${kebab}es`]) {
    const found = ids.get(candidate);
    if (found) return found;
  }
  return [];
}

/** A request as a person reproducing it reads it: method, URL, the headers that matter, the start of the body. */
function shownRequest(request: FuzzRequest): string {
  const headers = Object.entries(request.headers)
    .map(
      ([name, value]) =>
        `${name}: ${name === 'authorization' && value.length > 40 ? `${value.slice(0, 30)}…` : value.slice(0, 200)}`,
    )
    .join('\n');
  const body = request.payload === undefined ? '' : `\n\n${request.payload.toString().slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)}\n${headers}${body}`;
}

async function send(t: TestApp, request: FuzzRequest, withoutToken = false): Promise<FuzzAnswer> {
  const headers = { ...request.headers };
  if (withoutToken) delete headers.authorization;
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    remoteAddress: request.remoteAddress,
  });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

/**
 * Sends `perOperation` generated requests to every operation of the app's OpenAPI document (/docs/json), one at a
 * time, and checks every answer (check-answer.ts). The same seed gives the same requests. Expired tokens are made
 * by moving the app's clock past ACCESS_TOKEN_TTL for that one request. A success to a forged or expired token is
 * sent again without one: if that answers 401, the bad token was taken for a person.
 */
export async function runFuzz(
  t: TestApp,
  options: {
    seed: number;
    perOperation: number;
    only?: (operation: FuzzOperation) => boolean;
    onOperation?: (done: number, total: number, operation: FuzzOperation) => void;
  },
): Promise<FuzzReport> {
  const startedAt = Date.now();
  const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  const operations = operationsOf(document).filter(options.only ?? (() => true));
  const world = await buildFuzzWorld(t);
  const forged = await forgedTokens(world);
  const owner = { privateIds: world.ownerPrivateIds, secrets: world.ownerSecrets };
  const ownerIdsByResource = new Map<string, string[]>();
  for (const [resource, ids] of world.idsByResource) {
    ownerIdsByResource.set(
      resource,
      ids.filter((id) => world.ownerPrivateIds.has(id)),
    );
  }
  const root = seededRandom(options.seed);
  const expiry = (t.deps.config.auth.accessTokenTtlSeconds + 60) * 1000;

  const report: FuzzReport = {
    seed: options.seed,
    perOperation: options.perOperation,
    operations: operations.length,
    requests: 0,
    unsent: 0,
    statuses: {},
    strategies: {},
    findingCount: 0,
    findings: [],
    durationMs: 0,
    slowest: [],
  };
  const record = (request: FuzzRequest, answer: FuzzAnswer, problems: string[]) => {
    report.findingCount += 1;
    if (report.findings.length >= KEPT_FINDINGS) return;
    report.findings.push({
      operation: request.operation.id,
      strategy: request.strategy,
      mutation: request.mutation,
      identity: request.identity,
      request: shownRequest(request),
      status: answer.status,
      answer: answer.body.slice(0, 300),
      problems,
    });
  };

  for (const [operationIndex, operation] of operations.entries()) {
    // A fuzzed logout or password change ends the sessions the requests use; each operation starts with new ones.
    await world.renewSessions();
    const random = root.fork(operation.id);
    const context = {
      random,
      pools: {
        idsFor: (resource: string) => idsNamed(world.idsByResource, resource),
        emails: [world.owner.email, 'nobody@example.com'],
        passwords: [STRONG_PASSWORD, 'wrong-Password#1', 'short'],
      },
      tokens: { attacker: () => world.attacker.accessToken, admin: () => world.admin.accessToken, forged },
      ownerIdsFor: (resource: string) =>
        resource === '*' ? [...world.ownerPrivateIds] : idsNamed(ownerIdsByResource, resource),
    };
    for (let index = 0; index < options.perOperation; index += 1) {
      const request = generateRequest(operation, operationIndex, index, context);
      report.strategies[request.strategy] = (report.strategies[request.strategy] ?? 0) + 1;
      const reportsBefore = t.errorReporter.reports.length;
      const sentAt = performance.now();
      let answer: FuzzAnswer;
      if (request.identity === 'expired') t.clock.advance(expiry);
      try {
        answer = await send(t, request);
      } catch {
        report.unsent += 1;
        continue;
      } finally {
        if (request.identity === 'expired') t.clock.advance(-expiry);
      }
      const ms = performance.now() - sentAt;
      report.requests += 1;
      report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
      report.slowest.push({ operation: operation.id, mutation: request.mutation, ms: Math.round(ms) });
      if (report.slowest.length > 20) report.slowest = report.slowest.sort((a, b) => b.ms - a.ms).slice(0, 10);

      const problems = problemsWith(request, answer, owner);
      for (const reported of t.errorReporter.reports.slice(reportsBefore)) {
        problems.push(
          `reported to the error reporter: ${String((reported.error as Error)?.message ?? reported.error).slice(0, 200)}`,
        );
      }
      if ((request.identity === 'forged' || request.identity === 'expired') && answer.status < 300) {
        // Only a 401 without a token proves the route wanted a person: a 409 or 429 may just be the first send's effect.
        const anonymous = await send(t, request, true);
        if (anonymous.status === 401)
          problems.push(`${request.mutation} was taken for a person where no token is refused`);
      }
      if (problems.length > 0) record(request, answer, problems);
    }
    options.onOperation?.(operationIndex + 1, operations.length, operation);
  }
  report.slowest = report.slowest.sort((a, b) => b.ms - a.ms).slice(0, 10);
  report.durationMs = Date.now() - startedAt;
  return report;
}

/** Findings grouped by their first problem and operation, for a short summary. */
export function summariseFindings(report: FuzzReport): string {
  const groups = new Map<string, number>();
  for (const finding of report.findings) {
    const key = `${finding.problems[0]?.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>')} | ${finding.operation}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups.entries()].map(([key, count]) => `${String(count).padStart(4)}  ${key}`).join('\n');
}
