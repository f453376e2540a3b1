import { ZMyUser } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

const ZTwoFactorState = ZMyUser.shape.twoFactor;

/** `POST /users/authentications/mfa` turns two-factor on, `DELETE` turns it off; both with the SMS code. */
export async function setTwoFactor({ isEnabled, code }: { isEnabled: boolean; code: string }) {
  return ZTwoFactorState.parse(
    await apiRequest(isEnabled ? 'POST' : 'DELETE', '/users/authentications/mfa', { body: { code }, auth: true }),
  );
}
