import { StatusScreen } from '../../ui/status-screen.tsx';

/** Where Google sends the browser back with `?code=`; exchanging the code arrives with the sign-in issue. */
export default function GoogleCallbackPage() {
  return <StatusScreen title="Signing in with Google" message="Logging in, please wait…" />;
}
