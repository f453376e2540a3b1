import type { AppContext } from '../../../app-context.ts';
import { OAuthCodeRejectedError, type OAuthClient } from '../../../adapters/oauth/oauth-client.ts';
import type { ProviderProfile } from '../../../adapters/oauth/provider-profiles.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * The outside call of every callback, with its failures sorted: a refused code is the person's to retry (400); the
 * provider being down or answering nonsense is reported and answered 502.
 */
export async function fetchProviderProfile(
  ctx: Pick<AppContext, 'errorReporter'>,
  client: OAuthClient,
  code: string,
  codeVerifier: string,
): Promise<ProviderProfile> {
  try {
    return await client.fetchProfile(code, codeVerifier);
  } catch (error) {
    if (error instanceof OAuthCodeRejectedError) throw new AppError('OAUTH_SIGN_IN_FAILED', { cause: error });
    ctx.errorReporter.report(error, {});
    throw new AppError('OAUTH_PROVIDER_UNAVAILABLE', { cause: error });
  }
}
