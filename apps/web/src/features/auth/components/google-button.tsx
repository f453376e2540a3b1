import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useGoogleAuthorization } from '../api/get-google-authorization.ts';
import { rememberOAuthReturn, rememberOAuthState } from '../oauth-state.ts';
import styles from './google-button.module.css';

/**
 * "Continue with Google": asks the API for Google's address (it keeps the state and PKCE verifier) and goes there.
 * Google sends the browser back to /oauth/google/callback.
 */
export function GoogleButton() {
  const { showToast } = useToast();
  const [searchParams] = useSearchParams();
  const authorize = useGoogleAuthorization();

  async function start() {
    try {
      const { url } = await authorize.mutateAsync();
      rememberOAuthState(url);
      rememberOAuthReturn(searchParams.get('redirectTo'));
      window.location.assign(url);
    } catch (error) {
      showToast({
        tone: 'error',
        title: 'Google sign-in is not available right now',
        description: isApiError(error) ? error.message : 'Please use your email and password for now.',
      });
    }
  }

  return (
    <Button variant="secondary" size="lg" isBlock isLoading={authorize.isPending} onClick={() => void start()}>
      <svg className={styles.logo} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="#4285F4"
          d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
        />
        <path
          fill="#34A853"
          d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.1-4 1.1-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z"
        />
        <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
        <path
          fill="#EA4335"
          d="M12 4.8c1.7 0 3.3.6 4.5 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
        />
      </svg>
      Continue with Google
    </Button>
  );
}
