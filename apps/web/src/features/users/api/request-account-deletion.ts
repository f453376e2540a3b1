import { ZAccountDeletionRequested, type TAccountDeletionRequested } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/**
 * `POST /v1/users/delete-request` (after check-password): 202 with the dates, or 409 ACCOUNT_HAS_ASSETS listing
 * what remains. Accepted, every session of the account ends.
 */
export async function requestAccountDeletion(): Promise<TAccountDeletionRequested> {
  return ZAccountDeletionRequested.parse(await apiRequest('POST', '/users/delete-request', { auth: true }));
}
