import { ZReauthentication } from '@cypher/contract';
import { z } from 'zod';
import { apiRequest } from './client.ts';

export type TReauthentication = z.infer<typeof ZReauthentication>;

/**
 * `POST /v1/users/authentications/check-password`: re-authentication before a sensitive change (two-factor,
 * deletion). The API remembers it for a few minutes; the answer says until when. Shared by the account pages of
 * two features, so it lives beside the client.
 */
export async function checkPassword(password: string): Promise<TReauthentication> {
  return ZReauthentication.parse(
    await apiRequest('POST', '/users/authentications/check-password', { body: { password }, auth: true }),
  );
}
