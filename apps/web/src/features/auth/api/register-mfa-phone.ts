import { ZCodeSent, type TCodeSent, type TMfaRegisterRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `POST /users/authentications/mfa-register` (after check-password): texts a code to the phone being added. */
export async function registerMfaPhone(body: TMfaRegisterRequest): Promise<TCodeSent> {
  return ZCodeSent.parse(await apiRequest('POST', '/users/authentications/mfa-register', { body, auth: true }));
}
