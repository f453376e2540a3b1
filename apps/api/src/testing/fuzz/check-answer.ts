import { errorCatalogue, isErrorCode } from '@cypher/contract';
import type { FuzzRequest } from './generate-requests.ts';

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** What the owner (A) keeps to themselves, as the checks need it. */
export interface OwnerSecrets {
  /** Ids of A's orders, deposits, withdrawals, notifications, packs, payment details. */
  privateIds: Set<string>;
  /** A's email, bank account number, wallet address. */
  secrets: string[];
}

const ERROR_KEYS = new Set(['code', 'message', 'details']);

/**
 * The house error shape: `{ code, message, details? }`, a catalogue code answered with the catalogue's status, a
 * message to show, details per field.
 */
function errorShapeProblem(request: FuzzRequest, answer: FuzzAnswer): string | null {
  const contentType = String(answer.headers['content-type'] ?? '');
  // A browser asking for a page (a mail's unsubscribe link) may be answered with one; every other client gets JSON.
  const asksForPage = /text\/html/.test(request.headers.accept ?? '');
  if (asksForPage && contentType.includes('text/html')) return null;
  if (!contentType.includes('application/json')) return `error answered as ${contentType || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'error body is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'error body is not an object';
  const { code, message, details } = body as Record<string, unknown>;
  if (!isErrorCode(code)) return `error code ${JSON.stringify(code)} is not in the catalogue`;
  // One table maps a code to its status (house rule 2): a client may act on either, so they must agree.
  if (errorCatalogue[code].status !== answer.status) {
    return `error ${code} answered ${answer.status}, its catalogue status is ${errorCatalogue[code].status}`;
  }
  if (typeof message !== 'string' || message.length === 0) return 'error message is not a string';
  const extra = Object.keys(body).filter((key) => !ERROR_KEYS.has(key));
  if (extra.length > 0) return `error body has other keys: ${extra.join(', ')}`;
  if (
    details !== undefined &&
    !(
      Array.isArray(details) &&
      details.every((detail) => typeof detail?.field === 'string' && typeof detail?.message === 'string')
    )
  ) {
    return 'error details are not a list of { field, message }';
  }
  return null;
}

/** The request's own text, minus its path: a value a person sent may come back to them without leaking anything. */
function sentText(request: FuzzRequest): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  let decoded = query;
  try {
    decoded = decodeURIComponent(query);
  } catch {
    // keep it encoded
  }
  return `${decoded}\n${request.payload?.toString() ?? ''}`;
}

/**
 * Everything wrong with one answer, in words (empty when it is fine):
 * - any 5xx;
 * - a failure outside `{ code, message, details? }` with a catalogue code, or as something other than JSON (unless
 *   the request asked for an HTML page);
 * - a JSON success on an API path outside `{ data }`;
 * - for anyone but the owner and the admin: any of the owner's private ids, or their email, account number or
 *   wallet address (unless this very request sent it), anywhere in the answer;
 * - a request naming one of the owner's private ids (in its path or body) that succeeds for someone else.
 */
export function problemsWith(request: FuzzRequest, answer: FuzzAnswer, owner: OwnerSecrets): string[] {
  const problems: string[] = [];
  const path = request.url.split('?')[0]!;
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  const isRedirect = answer.status >= 300 && answer.status < 400 && answer.headers.location !== undefined;
  if (answer.status >= 300 && !isRedirect) {
    const shape = errorShapeProblem(request, answer);
    if (shape) problems.push(shape);
  }
  if (
    answer.status >= 200 &&
    answer.status < 300 &&
    String(answer.headers['content-type'] ?? '').includes('application/json')
  ) {
    try {
      const body = JSON.parse(answer.body) as unknown;
      if (/^\/v\d\//.test(path) && (!body || typeof body !== 'object' || !('data' in body)))
        problems.push('success outside { data }');
    } catch {
      problems.push('success body is not JSON');
    }
  }
  // The admin may read anyone's data in the console; the dev mailbox is a development tool that production hides.
  if (request.identity !== 'admin' && !path.startsWith('/dev/')) {
    const sent = sentText(request);
    for (const id of owner.privateIds) {
      if (answer.body.includes(id) && !sent.includes(id)) problems.push(`answer holds the owner's private id ${id}`);
    }
    for (const secret of owner.secrets) {
      if (answer.body.includes(secret) && !sent.includes(secret)) problems.push(`answer holds the owner's ${secret}`);
    }
    // The owner's ids are named nowhere but to the owner: a request naming one (in its path, or in its body, like a
    // deposit paid with the owner's saved card) has no business succeeding for anyone else.
    const named = `${path}\n${request.payload?.toString() ?? ''}`.toLowerCase();
    const ownersNamed = [...owner.privateIds].filter((id) => named.includes(id.toLowerCase()));
    if (ownersNamed.length > 0 && answer.status < 300) {
      const what = request.method === 'GET' ? 'was read' : `was used by ${request.method}`;
      problems.push(`the owner's ${ownersNamed[0]} ${what} for ${request.identity}`);
    }
  }
  return problems;
}
