import type { TAccountStatus } from '@cypher/contract';
import { useSession } from '../../../lib/session.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { AuthLayout } from './auth-layout.tsx';

/** Where a verified account goes next: profile creation, unless the profile exists already (ACTIVE). */
function nextPath(status: TAccountStatus | undefined): string {
  return status === 'ACTIVE' ? '/' : '/profile/creation';
}

/** The "verified" moment, shared by /email/verify (after the key worked) and /email/verified. */
export function EmailVerifiedPanel({ status }: { status?: TAccountStatus | undefined }) {
  const { isLoggedIn } = useSession();
  // A profile made already (an old link opened again, the page visited later): nothing is left to do.
  const intro = !isLoggedIn
    ? 'Thanks for confirming your address. Sign in to create your profile and start collecting.'
    : status === 'ACTIVE'
      ? 'Your address is confirmed and your profile is ready.'
      : 'Thanks for confirming your address. One more step: create your profile.';
  return (
    <AuthLayout title="Email verified" icon="check" iconTone="success" intro={<p>{intro}</p>}>
      {isLoggedIn ? (
        <ButtonLink to={nextPath(status)} variant="primary" size="lg" isBlock>
          Continue
          <Icon name="arrow-right" size={18} />
        </ButtonLink>
      ) : (
        <ButtonLink to="/signin" variant="primary" size="lg" isBlock>
          Sign in to continue
        </ButtonLink>
      )}
    </AuthLayout>
  );
}
