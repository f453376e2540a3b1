import { ZCodeSent, type TCodeSent } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `POST /users/authentications/mfa-code`, signed in and with no body: a code to confirm turning two-factor off. */
export async function requestMfaOffCode(): Promise<TCodeSent> {
  return ZCodeSent.parse(await apiRequest('POST', '/users/authentications/mfa-code', { body: {}, auth: true }));
}
